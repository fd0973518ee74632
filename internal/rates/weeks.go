package rates

import (
	"context"
	"fmt"
	"sort"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
)

// ShownGoodWeeks is how many of the newest good weeks the Stored weeks card
// lists; every wrong week is listed, however many.
const ShownGoodWeeks = 8

// StoredWeeks lists the newest good weeks and every wrong one, newest first.
// It reads both series' whole history (a few thousand rows): the admin page
// asks for it once per visit.
func (s *Service) StoredWeeks(ctx context.Context) (api.StoredMarketWeeks, error) {
	byWeek := map[time.Time]*api.StoredMarketWeek{}
	now := s.now()
	for _, series := range []string{Series30, Series15} {
		rows, err := s.store.MarketRateHistory(ctx, series, time.Time{})
		if err != nil {
			return api.StoredMarketWeeks{}, fmt.Errorf("stored market weeks: %w", err)
		}
		for _, r := range rows {
			w := byWeek[r.Week]
			if w == nil {
				w = &api.StoredMarketWeek{Week: r.Week.Format(time.DateOnly), Source: r.Source}
				byWeek[r.Week] = w
			}
			rate := r.Rate
			if series == Series30 {
				w.Rate30 = &rate
			} else {
				w.Rate15 = &rate
			}
			if w.Problem == "" {
				w.Problem = WeekProblem(series, r.Week, now)
			}
		}
	}
	weeks := make([]time.Time, 0, len(byWeek))
	for wk := range byWeek {
		weeks = append(weeks, wk)
	}
	sort.Slice(weeks, func(i, j int) bool { return weeks[i].After(weeks[j]) })
	out := api.StoredMarketWeeks{Weeks: []api.StoredMarketWeek{}}
	good := 0
	for _, wk := range weeks {
		w := byWeek[wk]
		if w.Problem == "" {
			if good++; good > ShownGoodWeeks {
				continue
			}
		}
		out.Weeks = append(out.Weeks, *w)
	}
	return out, nil
}

// DeleteWeek removes every figure of the survey date week (YYYY-MM-DD), so a
// wrong week stops being the live market rate at once on this copy.
func (s *Service) DeleteWeek(ctx context.Context, week string) error {
	wk, err := time.Parse(time.DateOnly, week)
	if err != nil {
		return &apperr.Invalid{Message: "The week must be a date written YYYY-MM-DD"}
	}
	n, err := s.store.DeleteMarketWeek(ctx, wk)
	if err != nil {
		return fmt.Errorf("remove market week: %w", err)
	}
	if n == 0 {
		return apperr.NotFound("No market figures are stored for the week of " + week)
	}
	s.latest.forget()
	s.log.InfoContext(ctx, "market week removed", "week", week, "figures", n)
	return nil
}
