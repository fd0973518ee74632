package rates

import (
	"context"
	"math"
	"time"

	"quotegrade/internal/api"
)

// StaleAfterDays is how old the newest market figure may be before the pages
// say so: the survey is weekly, so two weeks means at least one missed week.
const StaleAfterDays = 14

// DaysOld is how many whole days separate the survey week week from now.
func DaysOld(week, now time.Time) int {
	return int(math.Floor(now.Sub(week).Hours() / 24))
}

// IsStale reports whether a figure of the survey week week is more than
// StaleAfterDays old at now.
func IsStale(week, now time.Time) bool {
	return DaysOld(week, now) > StaleAfterDays
}

// Age is api.MarketAge (internal/api).
type Age = api.MarketAge

// Age reports the newest stored figure's week and age; nil before any rates
// are stored.
func (s *Service) Age(ctx context.Context) (*Age, error) {
	latest, err := s.latestRates(ctx)
	if err != nil || len(latest) == 0 {
		return nil, err
	}
	newest := latest[0].Week
	for _, r := range latest[1:] {
		if r.Week.After(newest) {
			newest = r.Week
		}
	}
	now := s.now()
	return &Age{Week: newest.Format(time.DateOnly), AgeDays: DaysOld(newest, now), Stale: IsStale(newest, now)}, nil
}
