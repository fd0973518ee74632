package sqlstore

import (
	"context"
	"fmt"
	"time"

	"quotegrade/internal/store"
)

func (s *Store) CountPublicWrite(ctx context.Context, client string, window time.Time) (int, error) {
	var n int
	// One statement, so copies counting the same client at once never lose a write.
	err := s.db.QueryRowContext(ctx, `INSERT INTO public_write_counts (client, window_start, writes) VALUES ($1, $2, 1)
		ON CONFLICT (client, window_start) DO UPDATE SET writes = public_write_counts.writes + 1
		RETURNING writes`, client, window.Unix()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count public write: %w", err)
	}
	return n, nil
}

func (s *Store) ForgetPublicWrites(ctx context.Context, before time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM public_write_counts WHERE window_start < $1`, before.Unix())
	if err != nil {
		return 0, fmt.Errorf("forget public writes: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func (s *Store) SiteCounts(ctx context.Context) (store.SiteCounts, error) {
	c := store.SiteCounts{Watches: map[string]int{}}
	var err error
	if c.Outbox, err = s.count(ctx, `SELECT COUNT(*) FROM outbox`); err != nil {
		return c, fmt.Errorf("count outbox: %w", err)
	}
	// What anonymous uploads hold on disk: files no request names.
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN u.status = 'received' THEN u.size ELSE 0 END), 0),
		COUNT(CASE WHEN u.status = 'pending' THEN 1 END)
		FROM uploads u WHERE `+unattached).Scan(&c.UploadBytes, &c.PendingUploads); err != nil {
		return c, fmt.Errorf("count upload bytes: %w", err)
	}
	// Every Refi Buddy request by the state of its address: awaiting the
	// owner's confirmation, watching (confirmed), alerted, or unsubscribed.
	rows, err := s.db.QueryContext(ctx, `SELECT
			CASE WHEN EXISTS (SELECT 1 FROM refi_unsubscribes u WHERE u.quote_request_id = q.id)
					OR (d.unsubscribed_at IS NOT NULL AND d.confirmed_at IS NULL) THEN 'unsubscribed'
				WHEN d.confirmed_at IS NULL THEN 'awaiting_confirmation'
				WHEN EXISTS (SELECT 1 FROM refi_alerts a WHERE a.email = d.email) THEN 'alerted'
				ELSE 'watching' END AS state,
			COUNT(*)
		FROM quote_requests q
		LEFT JOIN refi_addresses d ON d.email = lower(q.email)
		WHERE q.current_mortgage_rate IS NOT NULL AND q.current_monthly_payment IS NOT NULL
			AND q.remaining_balance IS NOT NULL AND q.email IS NOT NULL AND NOT q.is_example
		GROUP BY 1`)
	if err != nil {
		return c, fmt.Errorf("count refi watches: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var state string
		var n int
		if err := rows.Scan(&state, &n); err != nil {
			return c, fmt.Errorf("scan refi watch count: %w", err)
		}
		c.Watches[state] = n
	}
	return c, rows.Err()
}
