package figures

import (
	"context"
	"testing"
	"time"

	"quotegrade/internal/fees"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
)

type marketRows []store.MarketRate

func (m marketRows) LatestMarketRates(context.Context) ([]store.MarketRate, error) { return m, nil }

func f64(v float64) *float64 { return &v }

// Until a refresh has stored rates, the bundled snapshot's newest week is used.
func TestMarketsFallBackToTheSnapshot(t *testing.T) {
	m, err := NewService(marketRows(nil), fees.DefaultTitleTable(), site.Demo()).Markets(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got, ok := m.For("30-year-fixed")
	if !ok || got.Rate != 6.36 || got.Week.Format(time.DateOnly) != "2026-05-14" || got.Source != "bundled snapshot" {
		t.Fatalf("30-year market = %+v", got)
	}
	if arm, _ := m.For("5-1-arm"); arm.Series != "30" {
		t.Fatalf("a 5/1 ARM is compared with the 30-year survey, got %+v", arm)
	}
	stored := marketRows{{Series: "15", Week: time.Date(2026, 5, 7, 0, 0, 0, 0, time.UTC), Rate: 5.5, Source: "FRED"}}
	m, _ = NewService(stored, fees.DefaultTitleTable(), site.Demo()).Markets(t.Context())
	if got, ok := m.For("15-year-fixed"); !ok || got.Rate != 5.5 || got.Source != "FRED" {
		t.Fatalf("stored 15-year market = %+v", got)
	}
}

// The weekly figures are read once a minute, not on every page: a refresh is
// seen within MarketsMaxAge.
func TestMarketsAreReusedForAMinute(t *testing.T) {
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	rows := &countingRows{rows: marketRows{{Series: "30", Week: week, Rate: 6.36, Source: "FRED"}}}
	clock := week
	s := NewService(rows, fees.DefaultTitleTable(), site.Demo())
	s.now = func() time.Time { return clock }
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
	clock = clock.Add(MarketsMaxAge - time.Second)
	if r := rate(); r != 6.36 || rows.reads != 1 {
		t.Fatalf("within a minute: rate %v after %d reads, want the first figure from one read", r, rows.reads)
	}
	clock = clock.Add(time.Second)
	if r := rate(); r != 6.1 || rows.reads != 2 {
		t.Fatalf("after a minute: rate %v after %d reads, want the refreshed figure", r, rows.reads)
	}
}

type countingRows struct {
	rows  marketRows
	reads int
}

func (c *countingRows) LatestMarketRates(ctx context.Context) ([]store.MarketRate, error) {
	c.reads++
	return c.rows.LatestMarketRates(ctx)
}

func TestLoanAmountAndValue(t *testing.T) {
	refi := store.QuoteRequest{LoanType: "refinance", RemainingBalance: f64(320000), CashOut: true, CashOutAmount: f64(50000), PropertyValue: f64(600000)}
	if a, ok := loanAmount(refi); !ok || a != 370000 || propertyValue(refi) != 600000 {
		t.Fatalf("cash-out refinance: %v %v", a, ok)
	}
	refi.CashOut = false
	if a, _ := loanAmount(refi); a != 320000 {
		t.Fatalf("cash out not chosen: %v", a)
	}
	buy := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000)}
	if a, ok := loanAmount(buy); !ok || a != 405000 || propertyValue(buy) != 450000 {
		t.Fatalf("purchase: %v %v", a, ok)
	}
	if _, ok := loanAmount(store.QuoteRequest{LoanType: "purchase"}); ok {
		t.Fatal("a loan amount without a price")
	}
}

// Missing lender fees are graded as typical fees, and the reasons say so.
func TestInstantGradeAssumesTypicalFeesWhenNotGiven(t *testing.T) {
	s := NewService(marketRows(nil), fees.DefaultTitleTable(), site.Demo())
	m, _ := s.Markets(t.Context())
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(500000), DownPayment: f64(100000), CreditScore: 780, BrokerRate: f64(6.36)}
	g := s.InstantGrade(r, m)
	if g == nil || !g.LenderFeesAssumed || g.FeeDifference != 0 || g.Grade != "A" || g.Reasons[1] != "Your lender fees were not provided, so we assumed the typical $4,000 (1% of the loan amount); the expert review will check them." {
		t.Fatalf("grade = %+v", g)
	}
}

// A purchase under 20% down whose quote gives no mortgage insurance counts
// the estimate, marked estimated, in the payment and the comparison.
func TestMissingMortgageInsuranceIsEstimated(t *testing.T) {
	s := NewService(marketRows(nil), fees.DefaultTitleTable(), site.Demo())
	// 405,000 on 450,000 (90% LTV), score 742: 0.44% a year, 148.50 a month.
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000), CreditScore: 742, BrokerRate: f64(6.625)}
	mine := s.BrokerQuote(r)
	if !mine.MortgageInsuranceEstimated || mine.MortgageInsurance != 148.5 || mine.MonthlyPayment != mortgage.RoundCents(mine.PrincipalAndInterest+148.5) {
		t.Fatalf("visitor's quote without insurance: %+v", mine)
	}
	given := store.Quote{Rate: 6.625, MortgageInsurance: f64(90), Source: "SYSTEM"}
	figs := s.Quotes(r, []store.Quote{given}, "provident")
	if figs[0].MortgageInsuranceEstimated || figs[0].MortgageInsurance != 90 {
		t.Fatalf("a quote with insurance keeps it: %+v", figs[0])
	}
	// Same rate; the lender's 90 a month against the estimated 148.50.
	if d := figs[0].ComparedWithYourQuote.MonthlyDifference; d != -58.5 {
		t.Errorf("monthly difference = %v, want -58.50 (the estimate counts in the comparison)", d)
	}
	twenty := r
	twenty.DownPayment = f64(90000)
	if f := s.BrokerQuote(twenty); f.MortgageInsuranceEstimated || f.MortgageInsurance != 0 {
		t.Errorf("20%% down owes none: %+v", f)
	}
}
