package rates_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/store"
)

// marketRows is a store holding only the newest market rates.
type marketRows []store.MarketRate

func (m marketRows) LatestMarketRates(context.Context) ([]store.MarketRate, error) { return m, nil }
func (marketRows) SaveMarketRates(context.Context, []store.MarketRate) error       { return nil }
func (marketRows) MarketRateHistory(context.Context, string, time.Time) ([]store.MarketRate, error) {
	return nil, nil
}

func marketsOf(t *testing.T, st rates.Store, now func() time.Time) *rates.Service {
	t.Helper()
	return rates.NewService(st, rates.Snapshot{}, slog.New(slog.DiscardHandler), now)
}

// Until a refresh has stored rates, the bundled snapshot's newest week is used.
// (Moved from internal/figures with the markets it tests: rates owns them.)
func TestMarketsFallBackToTheSnapshot(t *testing.T) {
	m, err := marketsOf(t, marketRows(nil), time.Now).Markets(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got, ok := m.For("30-year-fixed")
	if !ok || got.Rate != 6.36 || got.Week.Format(time.DateOnly) != "2026-05-14" || got.Source != "bundled snapshot" {
		t.Fatalf("30-year market = %+v", got)
	}
	if arm, ok := m.For("5-1-arm"); ok || arm.Rate != 0 {
		t.Fatalf("a 5/1 ARM has no benchmark in the survey, got %+v", arm)
	}
	stored := marketRows{{Series: "15", Week: time.Date(2026, 5, 7, 0, 0, 0, 0, time.UTC), Rate: 5.5, Source: "FRED"}}
	m, _ = marketsOf(t, stored, time.Now).Markets(t.Context())
	if got, ok := m.For("15-year-fixed"); !ok || got.Rate != 5.5 || got.Source != "FRED" {
		t.Fatalf("stored 15-year market = %+v", got)
	}
}

// The weekly figures are read once a minute, not on every page: a refresh is
// seen within LatestMaxAge (figures' MarketsMaxAge before rates owned them).
func TestMarketsAreReusedForAMinute(t *testing.T) {
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	rows := &countingRows{rows: marketRows{{Series: "30", Week: week, Rate: 6.36, Source: "FRED"}}}
	clock := week
	s := marketsOf(t, rows, func() time.Time { return clock })
	rate := func() float64 {
		t.Helper()
		m, err := s.Markets(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		got, _ := m.For("30-year-fixed")
		return got.Rate
	}
	if r := rate(); r != 6.36 {
		t.Fatalf("first read: %v", r)
	}
	rows.rows = marketRows{{Series: "30", Week: week.AddDate(0, 0, 7), Rate: 6.1, Source: "FRED"}}
	clock = clock.Add(rates.LatestMaxAge - time.Second)
	if r := rate(); r != 6.36 || rows.reads != 1 {
		t.Fatalf("within a minute: rate %v after %d reads, want the first figure from one read", r, rows.reads)
	}
	clock = clock.Add(time.Second)
	if r := rate(); r != 6.1 || rows.reads != 2 {
		t.Fatalf("after a minute: rate %v after %d reads, want the refreshed figure", r, rows.reads)
	}
}

type countingRows struct {
	marketRows
	rows  marketRows
	reads int
}

func (c *countingRows) LatestMarketRates(ctx context.Context) ([]store.MarketRate, error) {
	c.reads++
	return c.rows.LatestMarketRates(ctx)
}

// The as-of date is the newest survey week, and the version changes with
// any figure, so answers cached under it are recomputed after a refresh.
func TestMarketsAsOfAndVersion(t *testing.T) {
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	a, _ := marketsOf(t, marketRows{{Series: "30", Week: week, Rate: 6.36, Source: "FRED"},
		{Series: "15", Week: week.AddDate(0, 0, -7), Rate: 5.5, Source: "FRED"}}, time.Now).Markets(t.Context())
	if !a.AsOf().Equal(week) {
		t.Fatalf("as of %v, want %v", a.AsOf(), week)
	}
	b, _ := marketsOf(t, marketRows{{Series: "30", Week: week, Rate: 6.35, Source: "FRED"},
		{Series: "15", Week: week.AddDate(0, 0, -7), Rate: 5.5, Source: "FRED"}}, time.Now).Markets(t.Context())
	if a.Version() == b.Version() {
		t.Fatalf("a changed rate keeps version %q", a.Version())
	}
}

// Each series has its own as-of date: a 30-year file imported up to this week
// leaves a 15-year figure nine months old, and the health answer says so
// (the oldest series', with both listed) instead of "not stale" (issue 25).
func TestAgeIsTheOldestSeries(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	stored := marketRows{
		{Series: "30", Week: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), Rate: 6.2, Source: "FRED"},
		{Series: "15", Week: time.Date(2026, 2, 26, 0, 0, 0, 0, time.UTC), Rate: 5.5, Source: "FRED"},
	}
	age, err := marketsOf(t, stored, func() time.Time { return now }).Age(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if age == nil || !age.Stale || age.Week != "2026-02-26" || age.AgeDays != 274 || len(age.Series) != 2 {
		t.Fatalf("age = %+v, want the 15-year series' (stale) with both listed", age)
	}
	if s := age.Series[0]; s.Series != "30" || s.Stale || s.AgeDays != 1 {
		t.Fatalf("30-year series = %+v, want fresh", s)
	}
	if s := age.Series[1]; s.Series != "15" || !s.Stale || s.Week != "2026-02-26" {
		t.Fatalf("15-year series = %+v, want stale", s)
	}
}
