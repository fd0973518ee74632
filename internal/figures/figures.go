// Package figures turns a quote request, its quotes and the latest market
// rates into the numbers the product shows: each quote's payment, APR, fees,
// cash to close and refinance savings, the comparison with the visitor's own
// quote, Refi Buddy's refinance advice and the instant grade. The arithmetic
// is internal/mortgage's; this package only picks the inputs from the records.
package figures

import (
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/fees"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/rates"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Service computes figures with one title table and LLPA grid, and the
// operator's partner lenders' fees. It reads nothing: the market figures come
// from internal/rates, passed in by the caller.
type Service struct {
	title fees.TitleTable
	site  site.Site
	llpa  mortgage.LLPAGrid
	now   func() time.Time
}

// NewService returns a Service; lender fees come from the operator's site,
// and now dates the market figures' age.
func NewService(title fees.TitleTable, operator site.Site, now func() time.Time) *Service {
	return &Service{title: title, site: operator, llpa: mortgage.DefaultLLPAGrid(), now: now}
}

// LenderIDs are the partner lenders an analysis may name (the site file's).
func (s *Service) LenderIDs() []string { return s.site.LenderIDs() }

// Markets is the latest market figure of each survey series (rates owns it).
type Markets = rates.Markets

// MarketJSON is api.MarketJSON (internal/api).
type MarketJSON = api.MarketJSON

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
