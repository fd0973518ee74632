package rates

import (
	"context"
	"sync"
	"time"
)

// recent keeps the last value read from the store for LatestMaxAge: another
// copy's refresh shows within that time, this copy's at once (forget). The
// survey's rows and the daily benchmark's bands are each kept in one.
type recent[T any] struct {
	mu     sync.Mutex
	value  T
	readAt time.Time
	cached bool
}

// get answers the kept value while it is younger than LatestMaxAge at now,
// else reads it again.
func (c *recent[T]) get(ctx context.Context, now time.Time, read func(context.Context) (T, error)) (T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cached && now.Sub(c.readAt) < LatestMaxAge {
		return c.value, nil
	}
	v, err := read(ctx)
	if err != nil {
		return v, err
	}
	c.value, c.readAt, c.cached = v, now, true
	return v, nil
}

func (c *recent[T]) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cached = false
}
