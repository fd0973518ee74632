package writelimit_test

import (
	"testing"
	"time"

	"quotegrade/internal/testsupport"
	"quotegrade/internal/writelimit"
)

// Writes count per key in the current window, which says when it ends; the
// hourly job forgets windows an hour old, so a client's count starts afresh.
func TestCountAndForget(t *testing.T) {
	st := testsupport.NewSQLite(t)
	clock := time.Date(2026, 5, 20, 9, 0, 30, 0, time.UTC)
	c := writelimit.New(st, func() time.Time { return clock })
	for want := 1; want <= 3; want++ {
		n, reset, now, err := c.Count(t.Context(), "public 203.0.113.9", time.Minute)
		if err != nil || n != want || !reset.Equal(time.Date(2026, 5, 20, 9, 1, 0, 0, time.UTC)) || !now.Equal(clock) {
			t.Fatalf("write %d: count %d, reset %v, now %v, %v", want, n, reset, now, err)
		}
	}
	if n, _, _, _ := c.Count(t.Context(), "public 198.51.100.7", time.Minute); n != 1 {
		t.Fatalf("another client counted %d", n)
	}
	task := c.ForgetTask()
	if task.Name != "forget_public_write_counts" || task.Every != time.Hour {
		t.Fatalf("task %q every %v", task.Name, task.Every)
	}
	clock = clock.Add(2 * time.Hour)
	if err := task.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(-2 * time.Hour)
	if n, _, _, _ := c.Count(t.Context(), "public 203.0.113.9", time.Minute); n != 1 {
		t.Fatalf("after the clean-up the old window counted %d, want a fresh 1", n)
	}
}
