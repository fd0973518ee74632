package sqlstore

import (
	"context"
	"fmt"
	"time"

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

func (s *Store) MarkEmailSent(ctx context.Context, id string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sent_emails (id, sent_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, at.UTC())
	if err != nil {
		return fmt.Errorf("mark email sent: %w", err)
	}
	return nil
}
