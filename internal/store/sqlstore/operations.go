package sqlstore

import (
	"context"
	"fmt"
	"time"

	"quotegrade/internal/store"
)

func (s *Store) MarkDemoRequest(ctx context.Context, quoteRequestID string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO demo_requests (quote_request_id) VALUES ($1)
		ON CONFLICT (quote_request_id) DO NOTHING`, quoteRequestID); err != nil {
		return fmt.Errorf("mark demo request: %w", err)
	}
	return nil
}

func (s *Store) DemoRequestsRemoved(ctx context.Context) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_requests WHERE removed_at IS NOT NULL`).Scan(&n); err != nil {
		return false, fmt.Errorf("demo requests removed: %w", err)
	}
	return n > 0, nil
}

// RemoveDemoRequests deletes and marks in one transaction, so a server
// starting meanwhile either sees the requests or the removal, never neither.
func (s *Store) RemoveDemoRequests(ctx context.Context, at time.Time) (int, error) {
	tx, err := s.begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("remove demo requests: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	res, err := tx.ExecContext(ctx, `DELETE FROM quote_requests WHERE id IN (SELECT quote_request_id FROM demo_requests)`)
	if err != nil {
		return 0, fmt.Errorf("remove demo requests: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("remove demo requests: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE demo_requests SET removed_at = $1 WHERE removed_at IS NULL`, at.UTC()); err != nil {
		return 0, fmt.Errorf("remove demo requests: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("remove demo requests: %w", err)
	}
	return int(n), nil
}

func (s *Store) RecordServerCopy(ctx context.Context, c store.ServerCopy) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO server_copies (copy_id, mail_transport, mail_fingerprint, upload_store, upload_fingerprint, started_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (copy_id) DO UPDATE SET mail_transport = excluded.mail_transport, mail_fingerprint = excluded.mail_fingerprint,
			upload_store = excluded.upload_store, upload_fingerprint = excluded.upload_fingerprint, started_at = excluded.started_at`,
		c.ID, c.MailTransport, c.MailFingerprint, c.UploadStore, c.UploadFingerprint, c.StartedAt.UTC()); err != nil {
		return fmt.Errorf("record server copy: %w", err)
	}
	return nil
}

func (s *Store) ListServerCopies(ctx context.Context) ([]store.ServerCopy, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT copy_id, mail_transport, mail_fingerprint, upload_store, upload_fingerprint, started_at
		FROM server_copies ORDER BY started_at DESC, copy_id`)
	if err != nil {
		return nil, fmt.Errorf("list server copies: %w", err)
	}
	defer rows.Close()
	out := []store.ServerCopy{}
	for rows.Next() {
		var c store.ServerCopy
		if err := rows.Scan(&c.ID, &c.MailTransport, &c.MailFingerprint, &c.UploadStore, &c.UploadFingerprint, &c.StartedAt); err != nil {
			return nil, fmt.Errorf("scan server copy: %w", err)
		}
		c.StartedAt = c.StartedAt.UTC()
		out = append(out, c)
	}
	return out, rows.Err()
}
