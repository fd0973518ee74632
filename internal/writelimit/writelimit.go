// Package writelimit counts public writes in the database, for copies of the
// server sharing one PostgreSQL database: a client gets its limit once for
// the whole site. It owns its clock and the job that forgets old counts.
// (One server alone counts in memory, in httpapi's rate limiter.)
package writelimit

import (
	"context"
	"time"

	"quotegrade/internal/jobs"
)

// Store keeps the counts (store.Store does).
type Store interface {
	CountPublicWrite(ctx context.Context, client string, window time.Time) (int, error)
	ForgetPublicWrites(ctx context.Context, before time.Time) (int, error)
}

// Counter counts writes in fixed windows.
type Counter struct {
	store Store
	now   func() time.Time
}

// New returns a Counter over st.
func New(st Store, now func() time.Time) *Counter { return &Counter{store: st, now: now} }

// Count adds one write by key in the current window and returns the window's
// writes so far (this one included) and when the window ends. One atomic
// statement, so copies answering at once cannot both let the last allowed
// write through.
func (c *Counter) Count(ctx context.Context, key string, window time.Duration) (n int, reset, now time.Time, err error) {
	now = c.now()
	start := now.Truncate(window)
	n, err = c.store.CountPublicWrite(ctx, key, start)
	return n, start.Add(window), now, err
}

// ForgetTask removes, every hour, the counts of windows an hour old: no
// limit looks further back than its minute.
func (c *Counter) ForgetTask() jobs.Task {
	return jobs.Task{Name: "forget_public_write_counts", Every: time.Hour, Run: func(ctx context.Context) error {
		_, err := c.store.ForgetPublicWrites(ctx, c.now().Add(-time.Hour))
		return err
	}}
}
