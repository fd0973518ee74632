package figures

import (
	"quotegrade/internal/api"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Headings of the Refi Buddy results (spec section 2), by advice.
var Headings = map[string]string{
	mortgage.AdviceRecommended:      "Refinancing is Recommended!",
	mortgage.AdvicePotentialSavings: "Potential Savings Available",
	mortgage.AdviceWait:             "Wait to Refinance",
}

// RefinanceAdvice is api.RefinanceAdvice (internal/api).
type RefinanceAdvice = api.RefinanceAdvice

// Advice decides the refinance heading of an analysed request with a current
// mortgage from the lender quotes' figures (in the order of quotes); nil for
// a request without one. The best quote is the one with the lowest
// principal and interest; spec section 9 computes the savings from it. It
// gives both loans' terms with the best quote's APR, as a page stating their
// payments must (12 CFR 1026.24(d)).
func Advice(r store.QuoteRequest, quotes []store.Quote, figures []*QuoteFigures) *RefinanceAdvice {
	cur := r.CurrentMortgage
	if cur == nil {
		return nil
	}
	a := &RefinanceAdvice{CurrentRate: cur.Rate, CurrentPrincipalAndInterest: cur.MonthlyPayment, RecommendedQuoteIDs: []string{}}
	if r.RemainingBalance != nil {
		if months, ok := mortgage.RemainingMonths(*r.RemainingBalance, cur.Rate, cur.MonthlyPayment); ok {
			a.CurrentMonthsLeft = &months
		}
	}
	var best *QuoteFigures
	var bestQuote store.Quote
	for i, q := range quotes {
		f := figures[i]
		if q.Source == vocab.SourceBroker || f == nil || f.Refinance == nil {
			continue
		}
		if f.Refinance.Recommended {
			a.RecommendedQuoteIDs = append(a.RecommendedQuoteIDs, q.ID)
		}
		if best == nil || f.PrincipalAndInterest < best.PrincipalAndInterest {
			best, bestQuote = f, q
			a.BestQuoteID, a.BestRate = ptr(q.ID), ptr(q.Rate)
		}
	}
	if best != nil {
		a.BestAPR = bestQuote.APR
		if a.BestAPR == nil {
			a.BestAPR = best.APR
		}
		p := program(bestQuote.LoanProgram)
		a.BestProgram, a.BestTermMonths = &p, ptr(mortgage.TermMonths(p))
		a.BestPrincipalAndInterest = ptr(best.PrincipalAndInterest)
		a.MonthlySavings = best.Refinance.MonthlySavings
		a.BreakEvenMonths = best.Refinance.BreakEvenMonths
		a.InterestSaved = &best.Refinance.InterestSaved
	}
	a.Recommendation = mortgage.RefinanceAdvice(len(a.RecommendedQuoteIDs) > 0, a.MonthlySavings)
	a.Heading = Headings[a.Recommendation]
	return a
}
