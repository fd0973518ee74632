// Package figures turns a quote request, its quotes and the latest market
// rates into the numbers the product shows: each quote's payment, APR, fees,
// cash to close and refinance savings, the comparison with the visitor's own
// quote, Refi Buddy's refinance advice and the instant grade. The arithmetic
// is internal/mortgage's; this package only picks the inputs from the records.
package figures

import (
	"context"
	"fmt"
	"sync"
	"time"

	"quotegrade/internal/fees"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/rates"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// MarketReader is the store's view of the weekly market rates.
type MarketReader interface {
	LatestMarketRates(ctx context.Context) ([]store.MarketRate, error)
}

// MarketsMaxAge is how long the latest market figures are reused. They change
// once a week (a refresh every few hours stores them), but every page that
// shows a quote request grades it with them: reading them once a minute
// instead of on every request doubles what a server answers (README,
// benchmarks), and a grade a minute behind a weekly survey is still right.
const MarketsMaxAge = time.Minute

// Service computes figures with one title table and LLPA grid, and the
// operator's partner lenders' fees.
type Service struct {
	rates MarketReader
	title fees.TitleTable
	site  site.Site
	llpa  mortgage.LLPAGrid
	now   func() time.Time

	mu      sync.Mutex
	markets Markets
	readAt  time.Time
}

// NewService returns a Service reading market rates from st; lender fees
// come from the operator's site.
func NewService(st MarketReader, title fees.TitleTable, operator site.Site) *Service {
	return &Service{rates: st, title: title, site: operator, llpa: mortgage.DefaultLLPAGrid(), now: time.Now}
}

// LenderIDs are the partner lenders an analysis may name (the site file's).
func (s *Service) LenderIDs() []string { return s.site.LenderIDs() }

// Markets is the latest market figure of each survey series.
type Markets map[string]mortgage.Market

// Markets reads the newest weekly rates. Until a rate refresh has stored
// any, it uses the snapshot bundled with the binary, so a grade always
// names the figure and week it used.
func (s *Service) Markets(ctx context.Context) (Markets, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.markets != nil && s.now().Sub(s.readAt) < MarketsMaxAge {
		return s.markets, nil
	}
	m, err := s.readMarkets(ctx)
	if err != nil {
		return nil, err
	}
	s.markets, s.readAt = m, s.now()
	return m, nil
}

func (s *Service) readMarkets(ctx context.Context) (Markets, error) {
	latest, err := s.rates.LatestMarketRates(ctx)
	if err != nil {
		return nil, fmt.Errorf("market rates for figures: %w", err)
	}
	if len(latest) == 0 {
		return snapshotMarkets()
	}
	out := Markets{}
	for _, r := range latest {
		out[r.Series] = mortgage.Market{Rate: r.Rate, Series: r.Series, Week: r.Week, Source: r.Source}
	}
	return out, nil
}

func snapshotMarkets() (Markets, error) {
	snap := rates.Snapshot{}
	obs, err := snap.Fetch(context.Background())
	if err != nil {
		return nil, fmt.Errorf("bundled rates snapshot: %w", err)
	}
	out := Markets{}
	for _, o := range obs {
		if cur, ok := out[o.Series]; !ok || o.Date.After(cur.Week) {
			out[o.Series] = mortgage.Market{Rate: o.Rate, Series: o.Series, Week: o.Date, Source: snap.Name()}
		}
	}
	return out, nil
}

// For is the figure a loan program is compared with: the 15-year survey for
// a 15-year loan, the 30-year survey otherwise (a 5/1 ARM included).
func (m Markets) For(program vocab.Program) (mortgage.Market, bool) {
	if program == vocab.Fixed15 {
		if v, ok := m[rates.Series15]; ok {
			return v, true
		}
	}
	v, ok := m[rates.Series30]
	return v, ok
}

// MarketJSON is the market figure a grade used.
type MarketJSON struct {
	Rate    float64       `json:"rate"`
	Series  string        `json:"series"`
	Program vocab.Program `json:"program"`
	Label   string        `json:"label"`
	Week    string        `json:"week"`
	Source  string        `json:"source"`
	// AgeDays is how old the survey week is; Stale says it is more than
	// rates.StaleAfterDays old, which the pages tell the visitor.
	AgeDays int  `json:"age_days"`
	Stale   bool `json:"stale"`
}

func marketJSON(m mortgage.Market, program vocab.Program, now time.Time) MarketJSON {
	return MarketJSON{Rate: m.Rate, Series: m.Series, Program: program, Label: m.Label(), Week: m.Week.Format(time.DateOnly), Source: m.Source,
		AgeDays: rates.DaysOld(m.Week, now), Stale: rates.IsStale(m.Week, now)}
}

// loanAmount is the request's loan: price minus down payment, or the
// remaining balance plus the cash-out amount when cash out is chosen.
func loanAmount(r store.QuoteRequest) (float64, bool) {
	if r.LoanType == "refinance" {
		if r.RemainingBalance == nil {
			return 0, false
		}
		cashOut := 0.0
		if r.CashOut && r.CashOutAmount != nil {
			cashOut = *r.CashOutAmount
		}
		amount := mortgage.RefinanceLoanAmount(*r.RemainingBalance, cashOut)
		return amount, amount > 0
	}
	if r.PurchasePrice == nil {
		return 0, false
	}
	down := 0.0
	if r.DownPayment != nil {
		down = *r.DownPayment
	}
	amount := mortgage.PurchaseLoanAmount(*r.PurchasePrice, down)
	return amount, amount > 0
}

// propertyValue is what the loan-to-value is measured against.
func propertyValue(r store.QuoteRequest) float64 {
	v := r.PropertyValue
	if r.LoanType != "refinance" {
		v = r.PurchasePrice
	}
	if v == nil {
		return 0
	}
	return *v
}

func ptr[T any](v T) *T { return &v }

func value(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}
