package rates_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

type failing struct{}

func (failing) Name() string { return "FRED" }
func (failing) Fetch(context.Context) ([]rates.Observation, error) {
	return nil, errors.New("HTTP 503")
}

type fixed []rates.Observation

func (fixed) Name() string                                         { return "FRED" }
func (f fixed) Fetch(context.Context) ([]rates.Observation, error) { return f, nil }

// A failed refresh keeps the last good figures and says so in the log.
func TestRefreshKeepsLastGoodFigures(t *testing.T) {
	ctx := context.Background()
	st := testsupport.NewSQLite(t)
	var logs strings.Builder
	log := slog.New(slog.NewTextHandler(&logs, nil))
	week := time.Date(2026, 5, 21, 0, 0, 0, 0, time.UTC)
	good := rates.NewService(st, fixed{{Series: rates.Series30, Date: week, Rate: 6.11}, {Series: rates.Series15, Date: week, Rate: 5.4}}, log, time.Now)
	if err := good.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	bad := rates.NewService(st, failing{}, log, time.Now)
	if err := bad.Refresh(ctx); err == nil {
		t.Fatal("a failed refresh reported success")
	}
	latest, err := bad.Latest(ctx)
	if err != nil || len(latest) != 2 || latest[0].Rate != 6.11 || latest[0].Date != "2026-05-21" || !strings.Contains(latest[0].Source, "30 Year Fixed") {
		t.Fatalf("latest after a failed refresh = %+v (%v)", latest, err)
	}
	if !strings.Contains(logs.String(), "keeping the last good figures") {
		t.Fatalf("failure not logged: %s", logs.String())
	}
}

// countingStore counts the reads of the newest market rates.
type countingStore struct {
	store.Store
	reads int
}

func (c *countingStore) LatestMarketRates(ctx context.Context, notAfter time.Time) ([]store.MarketRate, error) {
	c.reads++
	return c.Store.LatestMarketRates(ctx, notAfter)
}

// The newest rates are read from the store once a minute, not on every health
// check and rates card, and a refresh on this server shows at once.
func TestLatestRatesAreReadOncePerMinute(t *testing.T) {
	ctx := context.Background()
	st := &countingStore{Store: testsupport.NewSQLite(t)}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	week := time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)
	svc := rates.NewService(st, fixed{{Series: rates.Series30, Date: week, Rate: 6.2}}, slog.New(slog.DiscardHandler), clock)
	if err := svc.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := svc.Age(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Latest(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if st.reads != 1 {
		t.Fatalf("%d reads of the latest rates within a minute, want 1", st.reads)
	}
	now = now.Add(rates.LatestMaxAge)
	age, err := svc.Age(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.reads != 2 || age.Week != "2026-11-19" || age.AgeDays != 5 {
		t.Fatalf("after a minute: %d reads, age %+v", st.reads, age)
	}
	// A refresh on this server reads the store again at once.
	if err := svc.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Age(ctx); err != nil {
		t.Fatal(err)
	}
	if st.reads != 3 {
		t.Fatalf("after a refresh: %d reads, want 3", st.reads)
	}
}
