package rates

import (
	"testing"
	"time"
)

func TestMarketFiguresAreStaleAfter14Days(t *testing.T) {
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		now   time.Time
		days  int
		stale bool
	}{
		{week.AddDate(0, 0, 7), 7, false},
		{week.AddDate(0, 0, 14).Add(23 * time.Hour), 14, false},
		{week.AddDate(0, 0, 15), 15, true},
		{time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), 193, true}, // the walk
	} {
		if d, s := DaysOld(week, c.now), IsStale(week, c.now); d != c.days || s != c.stale {
			t.Errorf("at %v: %d days, stale %v; want %d, %v", c.now, d, s, c.days, c.stale)
		}
	}
}
