package storetest

import (
	"testing"
	"time"

	"quotegrade/internal/store"
)

func marketRates(t *testing.T, s store.Store) {
	week := func(d int) time.Time { return time.Date(2026, 5, d, 0, 0, 0, 0, time.UTC) }
	mustNo(t, s.SaveMarketRates(ctx, []store.MarketRate{
		{Series: "30", Week: week(7), Rate: 6.37, Source: "snapshot", FetchedAt: at},
		{Series: "30", Week: week(14), Rate: 6.40, Source: "snapshot", FetchedAt: at},
		{Series: "15", Week: week(7), Rate: 5.51, Source: "snapshot", FetchedAt: at},
	}))
	// A correction of a published week replaces it.
	mustNo(t, s.SaveMarketRates(ctx, []store.MarketRate{{Series: "30", Week: week(14), Rate: 6.36, Source: "FRED", FetchedAt: at}}))
	// A week wrongly dated in the far future (stored before weeks were
	// checked) is not the latest: the bound leaves it out.
	future := time.Date(9999, 12, 30, 0, 0, 0, 0, time.UTC)
	mustNo(t, s.SaveMarketRates(ctx, []store.MarketRate{{Series: "30", Week: future, Rate: 1.1, Source: "import", FetchedAt: at}}))
	latest, err := s.LatestMarketRates(ctx, week(20))
	mustNo(t, err)
	if len(latest) != 2 || latest[0].Series != "30" || latest[0].Rate != 6.36 || !latest[0].Week.Equal(week(14)) || latest[0].Source != "FRED" ||
		latest[1].Series != "15" || !latest[1].Week.Equal(week(7)) {
		t.Fatalf("latest = %+v", latest)
	}
	if early, err := s.LatestMarketRates(ctx, week(10)); err != nil || len(early) != 2 || !early[0].Week.Equal(week(7)) {
		t.Fatalf("latest on or before May 10 = %+v, %v", early, err)
	}
	// Removing a week removes every series' figure of it, and only that week.
	n, err := s.DeleteMarketWeek(ctx, future)
	mustNo(t, err)
	if n != 1 {
		t.Fatalf("removed %d figures of the future week, want 1", n)
	}
	if n, err := s.DeleteMarketWeek(ctx, future); err != nil || n != 0 {
		t.Fatalf("removing it again: %d, %v", n, err)
	}
	mustNo(t, s.SaveMarketRates(ctx, []store.MarketRate{{Series: "15", Week: week(14), Rate: 5.5, Source: "FRED", FetchedAt: at}}))
	if n, err := s.DeleteMarketWeek(ctx, week(14)); err != nil || n != 2 {
		t.Fatalf("removing May 14: %d, %v; want both series", n, err)
	}
	mustNo(t, s.SaveMarketRates(ctx, []store.MarketRate{
		{Series: "30", Week: week(14), Rate: 6.36, Source: "FRED", FetchedAt: at},
	}))
	hist, err := s.MarketRateHistory(ctx, "30", week(1))
	mustNo(t, err)
	if len(hist) != 2 || hist[0].Rate != 6.37 || hist[1].Rate != 6.36 {
		t.Fatalf("history = %+v", hist)
	}
}

func benchmarkRates(t *testing.T, s store.Store) {
	day := func(d int) time.Time { return time.Date(2026, 5, d, 0, 0, 0, 0, time.UTC) }
	const le80, gt80 = "OBMMIC30YFLVLE80FGE740", "OBMMIC30YFLVGT80FLT680"
	none, err := s.LatestBenchmarkRates(ctx)
	mustNo(t, err)
	if len(none) != 0 {
		t.Fatalf("latest before any = %+v", none)
	}
	mustNo(t, s.SaveBenchmarkRates(ctx, []store.BenchmarkRate{
		{Series: le80, Day: day(19), Rate: 6.112, Source: "FRED", FetchedAt: at},
		{Series: le80, Day: day(20), Rate: 6.150, Source: "FRED", FetchedAt: at},
		{Series: gt80, Day: day(18), Rate: 6.431, Source: "FRED", FetchedAt: at},
	}))
	// FRED revises a day: the correction replaces it, and the weekly survey is untouched.
	later := at.Add(time.Hour)
	mustNo(t, s.SaveBenchmarkRates(ctx, []store.BenchmarkRate{{Series: le80, Day: day(20), Rate: 6.125, Source: "FRED", FetchedAt: later}}))
	latest, err := s.LatestBenchmarkRates(ctx)
	mustNo(t, err)
	if len(latest) != 2 || latest[0].Series != gt80 || latest[0].Rate != 6.431 || !latest[0].Day.Equal(day(18)) ||
		latest[1].Series != le80 || latest[1].Rate != 6.125 || !latest[1].Day.Equal(day(20)) || !latest[1].FetchedAt.Equal(later) || latest[1].Source != "FRED" {
		t.Fatalf("latest = %+v", latest)
	}
	weekly, err := s.LatestMarketRates(ctx, day(31))
	mustNo(t, err)
	for _, w := range weekly {
		if w.Series == le80 || w.Series == gt80 {
			t.Fatalf("a benchmark figure leaked into the weekly survey: %+v", w)
		}
	}
}
