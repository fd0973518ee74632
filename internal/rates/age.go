package rates

import (
	"context"
	"fmt"
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
// StaleAfterDays old at now, or dated after today: a negative age is an
// error in the figures, never fresh.
func IsStale(week, now time.Time) bool {
	return DaysOld(week, now) > StaleAfterDays || week.After(LatestWeek(now))
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

// SurveyLead is how far after today's UTC date a survey week may be dated:
// Freddie Mac dates a week by its Thursday of publication (a Wednesday in
// holiday weeks), so a figure is never dated ahead of its release; two days
// leave room for time zones and nothing more.
const SurveyLead = 2 * 24 * time.Hour

// seriesStart is the first week of each series of the survey: no figure
// can be older.
var seriesStart = map[string]time.Time{
	Series30: time.Date(1971, 4, 2, 0, 0, 0, 0, time.UTC),
	Series15: time.Date(1991, 8, 30, 0, 0, 0, 0, time.UTC),
}

// LatestWeek is the newest survey week that may be stored or shown at now.
func LatestWeek(now time.Time) time.Time {
	return now.UTC().Add(SurveyLead)
}

// WeekProblem says what is wrong with a survey week of series at now, or ""
// when it may be stored: a week after today (beyond SurveyLead) would become
// the live market rate with a negative age, and one before the series began
// cannot be the survey's.
func WeekProblem(series string, week, now time.Time) string {
	if week.After(LatestWeek(now)) {
		return fmt.Sprintf("the week of %s is after today: the survey publishes each week's figure on its Thursday", week.Format(time.DateOnly))
	}
	if start, ok := seriesStart[series]; ok && week.Before(start.AddDate(0, 0, -6)) {
		return fmt.Sprintf("the week of %s is before the survey's %s-year series began (%s)", week.Format(time.DateOnly), series, start.Format(time.DateOnly))
	}
	return ""
}
