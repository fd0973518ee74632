package sqlstore

import (
	"context"
	"fmt"
	"time"

	"quotegrade/internal/store"
)

// newRequestsNotice is broker_notices' key of the new-requests notice.
const newRequestsNotice = "new_requests"

// ClaimNewRequestsNotice reads the requests first, then takes the notice's
// slot with one conditional upsert: on PostgreSQL a second claim waits for
// the first's row lock and then finds the slot taken; SQLite runs one writer
// at a time. A request stored after the read is listed by the next notice.
func (s *Store) ClaimNewRequestsNotice(ctx context.Context, at, notBefore, since time.Time, limit int) ([]store.QuoteRequest, error) {
	tx, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("claim new requests notice: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	list, err := unannouncedRequests(ctx, tx, since, limit)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO broker_notices (kind, sent_at) VALUES ($1, $2)
		ON CONFLICT (kind) DO UPDATE SET sent_at = excluded.sent_at WHERE broker_notices.sent_at <= $3`,
		newRequestsNotice, at.UTC(), notBefore.UTC())
	if err != nil {
		return nil, fmt.Errorf("claim new requests notice: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return nil, err
	}
	for _, r := range list {
		if _, err := tx.ExecContext(ctx, `INSERT INTO announced_requests (quote_request_id, announced_at) VALUES ($1, $2)`,
			r.ID, at.UTC()); err != nil {
			return nil, fmt.Errorf("claim new requests notice: %w", err)
		}
	}
	return list, tx.Commit()
}

// unannouncedRequests lists the requests a new-requests notice would list.
// The created_at bound keeps the read on the index however many requests
// there are.
func unannouncedRequests(ctx context.Context, tx txn, since time.Time, limit int) ([]store.QuoteRequest, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+quoteRequestRead+` FROM quote_requests q
		WHERE q.created_at > $1 AND NOT q.is_example
			AND NOT EXISTS (SELECT 1 FROM analyses a WHERE a.quote_request_id = q.id)
			AND NOT EXISTS (SELECT 1 FROM announced_requests n WHERE n.quote_request_id = q.id)
			AND NOT EXISTS (SELECT 1 FROM demo_requests d WHERE d.quote_request_id = q.id)
		ORDER BY q.created_at, q.id LIMIT $2`, since.UTC(), limit)
	if err != nil {
		return nil, fmt.Errorf("unannounced quote requests: %w", err)
	}
	return scanQuoteRequests(rows)
}

func (s *Store) ClaimStaleRatesNotice(ctx context.Context, week, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO stale_rates_notices (week, sent_at) VALUES ($1, $2) ON CONFLICT (week) DO NOTHING`,
		week.Format("2006-01-02"), at.UTC())
	if err != nil {
		return false, fmt.Errorf("claim stale rates notice: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
