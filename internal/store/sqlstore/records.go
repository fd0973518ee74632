package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// DeleteQuoteRequest checks the hold and deletes in one transaction, so a
// hold put on meanwhile either refuses the deletion or comes too late.
func (s *Store) DeleteQuoteRequest(ctx context.Context, d store.DeletedRequest) (*string, error) {
	if err := unknownID("quote request", d.QuoteRequestID); err != nil {
		return nil, err
	}
	if err := checkText("reason", d.Reason); err != nil {
		return nil, err
	}
	tx, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("delete quote request: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	var held int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM legal_holds WHERE quote_request_id = $1`, d.QuoteRequestID).Scan(&held); err != nil {
		return nil, fmt.Errorf("delete quote request: %w", err)
	}
	if held > 0 {
		return nil, store.ErrOnLegalHold
	}
	gone, err := removeRequest(ctx, tx, d.QuoteRequestID)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO deleted_requests (quote_request_id, deleted_at, deleted_by, reason) VALUES ($1, $2, $3, $4)
		ON CONFLICT (quote_request_id) DO UPDATE SET deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by, reason = excluded.reason`,
		d.QuoteRequestID, d.DeletedAt.UTC(), d.DeletedBy, d.Reason); err != nil {
		return nil, fmt.Errorf("delete quote request: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("delete quote request: %w", err)
	}
	return gone.uploadKey, nil
}

// removed is what removeRequest took with the request.
type removed struct {
	uploadKey *string
	contacts  int
	emails    int
}

// removeRequest deletes one request and what hangs from it: the foreign
// keys cascade to its analysis, its versions, quotes, views, alerts and
// links; contact requests (which only lose the link on a cascade), its kept
// e-mails, the upload's row and a Refi Buddy address no other request uses
// go here.
func removeRequest(ctx context.Context, tx txn, id string) (removed, error) {
	var out removed
	var email sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT user_uploaded_quote_url, lower(email) FROM quote_requests WHERE id = $1`, id).Scan(&out.uploadKey, &email)
	if errors.Is(err, sql.ErrNoRows) {
		return out, fmt.Errorf("quote request %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return out, fmt.Errorf("remove quote request: %w", err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM contact_requests WHERE quote_request_id = $1`, id)
	if err != nil {
		return out, fmt.Errorf("remove contact requests: %w", err)
	}
	n, _ := res.RowsAffected()
	out.contacts = int(n)
	if res, err = tx.ExecContext(ctx, `DELETE FROM sent_emails WHERE quote_request_id = $1`, id); err != nil {
		return out, fmt.Errorf("remove kept e-mails: %w", err)
	}
	n, _ = res.RowsAffected()
	out.emails = int(n)
	if _, err := tx.ExecContext(ctx, `DELETE FROM quote_requests WHERE id = $1`, id); err != nil {
		return out, fmt.Errorf("remove quote request: %w", err)
	}
	if out.uploadKey != nil {
		if _, err := tx.ExecContext(ctx, `DELETE FROM uploads WHERE key = $1`, *out.uploadKey); err != nil {
			return out, fmt.Errorf("remove upload: %w", err)
		}
	}
	if email.Valid {
		if _, err := tx.ExecContext(ctx, `DELETE FROM refi_addresses WHERE email = $1
			AND NOT EXISTS (SELECT 1 FROM quote_requests WHERE lower(email) = $1)`, email.String); err != nil {
			return out, fmt.Errorf("remove refi address: %w", err)
		}
	}
	return out, nil
}

func (s *Store) DeletedRequest(ctx context.Context, id string) (store.DeletedRequest, error) {
	d := store.DeletedRequest{QuoteRequestID: id}
	if err := unknownID("deleted request", id); err != nil {
		return d, err
	}
	err := s.db.QueryRowContext(ctx, `SELECT deleted_at, deleted_by, reason FROM deleted_requests WHERE quote_request_id = $1`, id).
		Scan(&d.DeletedAt, &d.DeletedBy, &d.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return d, fmt.Errorf("deleted request %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return d, fmt.Errorf("deleted request: %w", err)
	}
	d.DeletedAt = d.DeletedAt.UTC()
	return d, nil
}

func (s *Store) SetLegalHold(ctx context.Context, h store.LegalHold) error {
	if err := unknownID("quote request", h.QuoteRequestID); err != nil {
		return err
	}
	if err := checkText("reason", h.Reason); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO legal_holds (quote_request_id, reason, held_by, held_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (quote_request_id) DO UPDATE SET reason = excluded.reason, held_by = excluded.held_by, held_at = excluded.held_at`,
		h.QuoteRequestID, h.Reason, h.HeldBy, h.HeldAt.UTC())
	if s.dialect.IsForeignKeyViolation(err) {
		return fmt.Errorf("quote request %s: %w", h.QuoteRequestID, apperr.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("set legal hold: %w", err)
	}
	return nil
}

func (s *Store) ReleaseLegalHold(ctx context.Context, id string) error {
	if err := unknownID("legal hold", id); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `DELETE FROM legal_holds WHERE quote_request_id = $1`, id)
	return checkUpdated(res, err, "release legal hold", id)
}

func (s *Store) LegalHold(ctx context.Context, id string) (store.LegalHold, error) {
	h := store.LegalHold{QuoteRequestID: id}
	if err := unknownID("legal hold", id); err != nil {
		return h, err
	}
	err := s.db.QueryRowContext(ctx, `SELECT reason, held_by, held_at FROM legal_holds WHERE quote_request_id = $1`, id).
		Scan(&h.Reason, &h.HeldBy, &h.HeldAt)
	if errors.Is(err, sql.ErrNoRows) {
		return h, fmt.Errorf("legal hold %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return h, fmt.Errorf("legal hold: %w", err)
	}
	h.HeldAt = h.HeldAt.UTC()
	return h, nil
}

func (s *Store) RecordAudit(ctx context.Context, e store.AuditEvent) error {
	if err := checkText("actor", e.Actor, "detail", e.Detail, "quoteRequestId", e.QuoteRequestID); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO audit_events (id, at, actor, action, quote_request_id, address, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, e.ID, e.At.UTC(), e.Actor, e.Action, e.QuoteRequestID, e.Address, e.Detail); err != nil {
		return fmt.Errorf("record audit event: %w", err)
	}
	return nil
}

// auditListLimit bounds one answer of ListAudit when f.Limit is not set.
const auditListLimit = 500

func (s *Store) ListAudit(ctx context.Context, f store.AuditFilter) ([]store.AuditEvent, error) {
	if err := checkText("actor", f.Actor, "quoteRequestId", f.QuoteRequestID); err != nil {
		return []store.AuditEvent{}, nil // text no row holds matches no row
	}
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if f.Actor != "" {
		add("actor = ?", f.Actor)
	}
	if f.QuoteRequestID != "" {
		add("quote_request_id = ?", f.QuoteRequestID)
	}
	if !f.Since.IsZero() {
		add("at >= ?", f.Since.UTC())
	}
	if !f.Until.IsZero() {
		add("at < ?", f.Until.UTC())
	}
	limit := f.Limit
	if limit <= 0 {
		limit = auditListLimit
	}
	query := `SELECT id, at, actor, action, quote_request_id, address, detail FROM audit_events`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, " AND ")
	}
	args = append(args, limit)
	query += ` ORDER BY at DESC, id DESC LIMIT $` + strconv.Itoa(len(args))
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list audit events: %w", err)
	}
	defer rows.Close()
	out := []store.AuditEvent{}
	for rows.Next() {
		var e store.AuditEvent
		if err := rows.Scan(&e.ID, &e.At, &e.Actor, &e.Action, &e.QuoteRequestID, &e.Address, &e.Detail); err != nil {
			return nil, fmt.Errorf("scan audit event: %w", err)
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// PurgeRecords runs in one transaction: a dry run is the same work rolled
// back, so its counts are exactly what a real run would remove.
func (s *Store) PurgeRecords(ctx context.Context, before time.Time, dryRun bool) (store.Purged, error) {
	var p store.Purged
	tx, err := s.begin(ctx)
	if err != nil {
		return p, fmt.Errorf("purge records: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit, and a dry run's end
	if dryRun && tx.joined {
		return p, fmt.Errorf("purge records: %w", errDryRunInTx)
	}
	cutoff := before.UTC()
	ids, err := purgeableRequests(ctx, tx, cutoff)
	if err != nil {
		return p, err
	}
	for _, id := range ids {
		gone, err := removeRequest(ctx, tx, id)
		if err != nil {
			return p, err
		}
		p.QuoteRequests++
		p.ContactRequests += gone.contacts
		p.Emails += gone.emails
		if gone.uploadKey != nil {
			p.Uploads++
			p.UploadKeys = append(p.UploadKeys, *gone.uploadKey)
		}
	}
	for _, d := range []struct {
		n     *int
		query string
	}{
		{&p.ContactRequests, `DELETE FROM contact_requests WHERE created_at < $1 AND (quote_request_id IS NULL
			OR quote_request_id NOT IN (SELECT quote_request_id FROM legal_holds))`},
		{&p.Emails, `DELETE FROM outbox WHERE created_at < $1`},
		{&p.Emails, `DELETE FROM sent_emails WHERE sent_at < $1 AND (quote_request_id IS NULL
			OR quote_request_id NOT IN (SELECT quote_request_id FROM legal_holds))`},
		{&p.DeletedRequests, `DELETE FROM deleted_requests WHERE deleted_at < $1`},
		{&p.AuditEvents, `DELETE FROM audit_events WHERE at < $1`},
	} {
		res, err := tx.ExecContext(ctx, d.query, cutoff)
		if err != nil {
			return p, fmt.Errorf("purge records: %w", err)
		}
		n, _ := res.RowsAffected()
		*d.n += int(n)
	}
	if dryRun {
		return p, nil
	}
	if err := tx.Commit(); err != nil {
		return p, fmt.Errorf("purge records: %w", err)
	}
	return p, nil
}

func (s *Store) PurgeConfirmationCaps(ctx context.Context, before time.Time, dryRun bool) (int, error) {
	before = before.UTC()
	n, err := s.removeCounted(ctx, dryRun, []deletion{
		{`DELETE FROM refi_confirmation_mailboxes WHERE sent_at < $1`, before},
		// day is the claim's UTC date, YYYY-MM-DD: text order is date order.
		{`DELETE FROM refi_confirmation_domains WHERE day < $1`, before.Format(time.DateOnly)},
	})
	if err != nil {
		return n, fmt.Errorf("purge confirmation caps: %w", err)
	}
	return n, nil
}

// deletion is one DELETE statement of a purge and its argument.
type deletion struct {
	query string
	arg   any
}

// removeCounted runs deletes in one transaction and answers how many rows
// they removed. A dry run is the same work rolled back, so its count is
// exactly what a real run would remove; it cannot join InTx's transaction,
// whose owner would commit it.
func (s *Store) removeCounted(ctx context.Context, dryRun bool, deletes []deletion) (int, error) {
	tx, err := s.begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit, and a dry run's end
	if dryRun && tx.joined {
		return 0, errDryRunInTx
	}
	n := 0
	for _, d := range deletes {
		res, err := tx.ExecContext(ctx, d.query, d.arg)
		if err != nil {
			return n, err
		}
		k, _ := res.RowsAffected()
		n += int(k)
	}
	if dryRun {
		return n, nil
	}
	return n, tx.Commit()
}

// errDryRunInTx refuses a dry run inside InTx: rolling back is its owner's.
var errDryRunInTx = errors.New("a dry run cannot run inside another transaction")

// purgeableRequests are the requests made before cutoff, neither on legal
// hold, nor the example (which the server seeds again at start), nor a Refi
// Buddy watch still running (its address confirmed and not unsubscribed,
// the watch not unsubscribed: the homeowner still uses it). A watch that
// ended (unsubscribed, or never confirmed) goes by age like any request.
func purgeableRequests(ctx context.Context, tx txn, cutoff time.Time) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT q.id FROM quote_requests q WHERE q.created_at < $1 AND NOT q.is_example
		AND q.id NOT IN (SELECT quote_request_id FROM legal_holds)
		AND NOT (q.current_mortgage_rate IS NOT NULL
			AND EXISTS (SELECT 1 FROM refi_addresses d WHERE d.email = lower(q.email) AND d.confirmed_at IS NOT NULL AND d.unsubscribed_at IS NULL)
			AND NOT EXISTS (SELECT 1 FROM refi_unsubscribes u WHERE u.quote_request_id = q.id))
		ORDER BY q.created_at`, cutoff)
	if err != nil {
		return nil, fmt.Errorf("purge records: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("purge records: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
