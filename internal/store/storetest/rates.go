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
	latest, err := s.LatestMarketRates(ctx)
	mustNo(t, err)
	if len(latest) != 2 || latest[0].Series != "30" || latest[0].Rate != 6.36 || !latest[0].Week.Equal(week(14)) || latest[0].Source != "FRED" ||
		latest[1].Series != "15" || !latest[1].Week.Equal(week(7)) {
		t.Fatalf("latest = %+v", latest)
	}
	hist, err := s.MarketRateHistory(ctx, "30", week(1))
	mustNo(t, err)
	if len(hist) != 2 || hist[0].Rate != 6.37 || hist[1].Rate != 6.36 {
		t.Fatalf("history = %+v", hist)
	}
}
