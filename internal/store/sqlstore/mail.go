package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

func (s *Store) SaveOutboxMessage(ctx context.Context, e store.Email) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO outbox (id, to_address, subject, text_body, html_body, created_at) VALUES ($1,$2,$3,$4,$5,$6)
		ON CONFLICT (id) DO NOTHING`, e.ID, e.To, e.Subject, e.Text, e.HTML, e.CreatedAt.UTC())
	if err != nil {
		return fmt.Errorf("save outbox message: %w", err)
	}
	return nil
}

func (s *Store) ListOutbox(ctx context.Context, limit int) ([]store.Email, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, to_address, subject, text_body, html_body, created_at FROM outbox
		ORDER BY created_at DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list outbox: %w", err)
	}
	defer rows.Close()
	list := []store.Email{}
	for rows.Next() {
		var e store.Email
		if err := rows.Scan(&e.ID, &e.To, &e.Subject, &e.Text, &e.HTML, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("scan outbox: %w", err)
		}
		e.CreatedAt = e.CreatedAt.UTC()
		list = append(list, e)
	}
	return list, rows.Err()
}

func (s *Store) EmailSent(ctx context.Context, id string) (bool, error) {
	n, err := s.count(ctx, `SELECT COUNT(*) FROM sent_emails WHERE id = $1`, id)
	return n > 0, err
}

// MarkEmailSent marks the message delivered and keeps it: one row, so a
// message is kept exactly when it counts as sent. A message about a request
// deleted while it was being sent is kept without the request's id, so the
// deletion finds nothing of the request left behind it.
func (s *Store) MarkEmailSent(ctx context.Context, m store.OutgoingEmail, at time.Time) error {
	var request *string
	if m.QuoteRequestID != "" {
		request = &m.QuoteRequestID
	}
	if err := checkText("to", m.To, "subject", m.Subject, "text", m.Text, "html", m.HTML, "sentBy", m.SentBy, "quoteRequestId", request); err != nil {
		return err
	}
	if request != nil {
		if _, err := s.DeletedRequest(ctx, *request); err == nil {
			request = nil // kept without naming the deleted request
		} else if !errors.Is(err, apperr.ErrNotFound) {
			return fmt.Errorf("mark email sent: %w", err)
		}
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO sent_emails (id, sent_at, quote_request_id, to_address, subject, text_body, html_body, sent_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`, m.ID, at.UTC(), request, m.To, m.Subject, m.Text, m.HTML, m.SentBy)
	if err != nil {
		return fmt.Errorf("mark email sent: %w", err)
	}
	return nil
}

func (s *Store) SentEmails(ctx context.Context, quoteRequestID string) ([]store.SentEmail, error) {
	out := []store.SentEmail{}
	if err := unknownID("quote request", quoteRequestID); err != nil {
		return out, nil // text no row holds names no e-mail
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, quote_request_id, to_address, subject, text_body, html_body, sent_by, sent_at
		FROM sent_emails WHERE quote_request_id = $1 ORDER BY sent_at DESC, id DESC`, quoteRequestID)
	if err != nil {
		return nil, fmt.Errorf("list sent e-mails: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e store.SentEmail
		if err := rows.Scan(&e.ID, &e.QuoteRequestID, &e.To, &e.Subject, &e.Text, &e.HTML, &e.SentBy, &e.SentAt); err != nil {
			return nil, fmt.Errorf("scan sent e-mail: %w", err)
		}
		e.SentAt = e.SentAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
