package results

import (
	"testing"
	"time"

	"quotegrade/internal/fees"
	"quotegrade/internal/figures"
	"quotegrade/internal/rates"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
)

// A request's figures are computed once per version (request, market data,
// day) and reused while it holds; a changed request or a new day (the market
// figure a day older) computes them again.
func TestFiguresAreCachedByTheirVersions(t *testing.T) {
	clock := time.Date(2026, 5, 20, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	s, err := NewService(Deps{Figures: figures.NewService(fees.DefaultTitleTable(), site.Demo(), now), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	m, err := rates.SnapshotMarkets()
	if err != nil {
		t.Fatal(err)
	}
	r := store.QuoteRequest{ID: "r1", LoanType: "purchase", PurchasePrice: new(500000.0), DownPayment: new(100000.0), CreditScore: 780, BrokerRate: new(6.36)}
	grade := func(r store.QuoteRequest) *figures.InstantGrade {
		t.Helper()
		g := s.requestFigures(r, m, s.requestVersion(r, m)).InstantGrade
		if g == nil {
			t.Fatal("no instant grade")
		}
		return g
	}
	first := grade(r)
	if again := grade(r); again != first {
		t.Fatal("the same version computed its figures again")
	}
	changed := r
	changed.BrokerRate = new(7.36)
	if g := grade(changed); g == first || g.Rate != 7.36 {
		t.Fatalf("a changed request reused the figures of the old one: %+v", g)
	}
	clock = clock.Add(24 * time.Hour)
	if g := grade(r); g == first || g.Market.AgeDays != first.Market.AgeDays+1 {
		t.Fatalf("a new day: age %d, was %d", g.Market.AgeDays, first.Market.AgeDays)
	}
}
