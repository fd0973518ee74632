package rates

import (
	"context"
	"math"
	"slices"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/mortgage"
)

// StaleAfterDays is how old a series' newest figure may be before the pages
// say so and Refi Buddy holds its alerts: the survey is weekly, so two weeks
// means at least one missed week.
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

// SeriesAge is api.SeriesAge (internal/api).
type SeriesAge = api.SeriesAge

// AgeOf is one series' as-of date and age at now. Each series is dated by
// its own newest figure: importing a 30-year file up to this week says
// nothing about the 15-year figure.
func AgeOf(m mortgage.Market, now time.Time) SeriesAge {
	series := m.Series
	if m.Index != "" {
		series = m.Index
	}
	return SeriesAge{Series: series, Label: m.Label(), Source: m.Source, Week: m.Week.Format(time.DateOnly),
		AgeDays: DaysOld(m.Week, now), Stale: IsStale(m.Week, now)}
}

// Ages is each series' age at now: the survey's series that have a figure,
// then the configured benchmark bands, by id.
func (m Markets) Ages(now time.Time) []SeriesAge {
	var out []SeriesAge
	for _, s := range []mortgage.Market{m.Fixed30, m.Fixed15} {
		if s.Rate > 0 {
			out = append(out, AgeOf(s, now))
		}
	}
	ids := make([]string, 0, len(m.Bands))
	for id := range m.Bands {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		a := AgeOf(m.Bands[id].Market, now)
		a.Series = id
		out = append(out, a)
	}
	return out
}

// OldestAge is the market data's age as /api/health reports it: the oldest
// series' week and age, stale when any series is, with every series listed;
// nil when no series has a figure.
func OldestAge(series []SeriesAge) *Age {
	if len(series) == 0 {
		return nil
	}
	oldest := series[0]
	for _, s := range series[1:] {
		if s.AgeDays > oldest.AgeDays {
			oldest = s
		}
	}
	return &Age{Week: oldest.Week, AgeDays: oldest.AgeDays, Stale: oldest.Stale, Series: series}
}

// Age reports each stored series' age and the oldest; nil before any rates
// are stored.
func (s *Service) Age(ctx context.Context) (*Age, error) {
	latest, err := s.latestRates(ctx)
	if err != nil || len(latest) == 0 {
		return nil, err
	}
	m := marketsOf(latest)
	if m.Bands, err = s.latestBenchmarks(ctx); err != nil {
		return nil, err
	}
	return OldestAge(m.Ages(s.now())), nil
}
