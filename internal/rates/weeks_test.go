package rates_test

import (
	"errors"
	"log/slog"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// bothStores runs f on a fresh SQLite and a fresh PostgreSQL store.
func bothStores(t *testing.T, f func(t *testing.T, st store.Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, testsupport.NewSQLite(t)) })
	t.Run("postgres", func(t *testing.T) { f(t, testsupport.NewPostgres(t)) })
}

var weeksNow = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// A source's week from the far future or year 1 is left out of a refresh:
// the live market rate stays the newest real week, its age never negative.
func TestRefreshLeavesOutWeeksOutsideTheSurvey(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		src := fixed{
			{Series: rates.Series30, Date: day(1, 1, 4), Rate: 7},
			{Series: rates.Series30, Date: day(2026, 11, 19), Rate: 6.2},
			{Series: rates.Series30, Date: day(9999, 12, 30), Rate: 1.1},
			{Series: rates.Series15, Date: day(2026, 11, 19), Rate: 5.4},
		}
		svc := rates.NewService(st, src, slog.New(slog.DiscardHandler), func() time.Time { return weeksNow })
		if err := svc.Refresh(t.Context()); err != nil {
			t.Fatal(err)
		}
		m, err := svc.Markets(t.Context())
		if err != nil || m.Fixed30.Rate != 6.2 || !m.Fixed30.Week.Equal(day(2026, 11, 19)) {
			t.Fatalf("markets = %+v, %v", m.Fixed30, err)
		}
		weeks, err := svc.StoredWeeks(t.Context())
		if err != nil || len(weeks.Weeks) != 1 || weeks.Weeks[0].Week != "2026-11-19" {
			t.Fatalf("stored weeks = %+v, %v", weeks, err)
		}
	})
}

// A wrong week stored before weeks were checked is not the live rate, is
// listed with its problem, and the broker removes it.
func TestAWrongStoredWeekIsShownAndRemoved(t *testing.T) {
	bothStores(t, func(t *testing.T, st store.Store) {
		ctx := t.Context()
		at := weeksNow
		if err := st.SaveMarketRates(ctx, []store.MarketRate{
			{Series: rates.Series30, Week: day(2026, 11, 19), Rate: 6.2, Source: "FRED", FetchedAt: at},
			{Series: rates.Series15, Week: day(2026, 11, 19), Rate: 5.4, Source: "FRED", FetchedAt: at},
			{Series: rates.Series30, Week: day(9999, 12, 30), Rate: 1.1, Source: "FRED CSV import", FetchedAt: at},
			{Series: rates.Series30, Week: day(1, 1, 4), Rate: 7, Source: "FRED CSV import", FetchedAt: at},
		}); err != nil {
			t.Fatal(err)
		}
		svc := rates.NewService(st, fixed{}, slog.New(slog.DiscardHandler), func() time.Time { return weeksNow })
		m, err := svc.Markets(ctx)
		if err != nil || m.Fixed30.Rate != 6.2 {
			t.Fatalf("the live 30-year rate = %+v, %v; want the week of 2026-11-19", m.Fixed30, err)
		}
		age, err := svc.Age(ctx)
		if err != nil || age.Week != "2026-11-19" || age.AgeDays != 8 || age.Stale {
			t.Fatalf("age = %+v, %v", age, err)
		}
		weeks, err := svc.StoredWeeks(ctx)
		if err != nil || len(weeks.Weeks) != 3 {
			t.Fatalf("stored weeks = %+v, %v", weeks, err)
		}
		future, good, ancient := weeks.Weeks[0], weeks.Weeks[1], weeks.Weeks[2]
		if future.Week != "9999-12-30" || future.Problem == "" || future.Rate30 == nil || *future.Rate30 != 1.1 || future.Rate15 != nil ||
			good.Week != "2026-11-19" || good.Problem != "" || good.Rate15 == nil || *good.Rate15 != 5.4 ||
			ancient.Week != "0001-01-04" || ancient.Problem == "" {
			t.Fatalf("stored weeks = %+v", weeks.Weeks)
		}
		if err := svc.DeleteWeek(ctx, "9999-12-30"); err != nil {
			t.Fatal(err)
		}
		if err := svc.DeleteWeek(ctx, "9999-12-30"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("removing it again: %v, want not found", err)
		}
		var invalid *apperr.Invalid
		if err := svc.DeleteWeek(ctx, "next thursday"); !errors.As(err, &invalid) {
			t.Fatalf("a week that is not a date: %v, want invalid", err)
		}
		if weeks, _ := svc.StoredWeeks(ctx); len(weeks.Weeks) != 2 || weeks.Weeks[0].Week != "2026-11-19" {
			t.Fatalf("after removal = %+v", weeks.Weeks)
		}
	})
}

// A negative age is an error in the figures, never fresh.
func TestAWeekAfterTodayIsNeverFresh(t *testing.T) {
	if !rates.IsStale(day(2026, 12, 3), weeksNow) || rates.IsStale(day(2026, 11, 28), weeksNow) {
		t.Fatal("a week after today (beyond the lead) must be stale, one within it not")
	}
	if p := rates.WeekProblem(rates.Series30, day(2026, 11, 19), weeksNow); p != "" {
		t.Fatalf("a good week: %q", p)
	}
}
