package figures

import (
	"fmt"

	"quotegrade/internal/api"
	"quotegrade/internal/comparison"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// QuotesCompared is api.QuotesCompared (internal/api).
type QuotesCompared = api.QuotesCompared

// VisitorQuotes are all the quotes the visitor brought, the first from the
// request's broker_* fields; none for a request without a quote.
func VisitorQuotes(r store.QuoteRequest) []store.VisitorQuote {
	first := store.VisitorQuote{LenderName: r.BrokerLenderName, Rate: r.BrokerRate, Points: r.BrokerPoints,
		LenderFees: r.BrokerLenderFees, MortgageInsurance: r.BrokerMortgageInsurance, UploadKey: r.UserUploadedQuoteURL,
		Terms: r.BrokerTerms}
	if first == (store.VisitorQuote{}) && len(r.MoreQuotes) == 0 {
		return nil
	}
	return append([]store.VisitorQuote{first}, r.MoreQuotes...)
}

// withPoints is a quote's lender fees with its points added in dollars: the
// lender's whole charge, what a grade weighs against the market; nil when
// neither is given.
func withPoints(lenderFees, points *float64, amount float64) *float64 {
	if points == nil {
		return lenderFees
	}
	return ptr(mortgage.RoundCents(value(lenderFees) + amount**points/100))
}

// Comparison puts the visitor's quotes with a rate side by side on the
// request's loan (issue 29), each graded against the market; nil with fewer
// than two such quotes or no loan amount.
func (s *Service) Comparison(r store.QuoteRequest, m Markets) *QuotesCompared {
	amount, ok := loanAmount(r)
	if !ok {
		return nil
	}
	var quotes []comparison.Quote
	var index []int
	all := VisitorQuotes(r)
	for i, q := range all {
		if q.Rate == nil {
			continue // an upload the broker will read: nothing to compute yet
		}
		quotes = append(quotes, comparison.Quote{Name: quoteName(all, i), Program: vocab.Fixed30, RatePct: *q.Rate,
			PointsPercent: value(q.Points), LenderFees: value(q.LenderFees), MonthlyMortgageInsurance: q.MortgageInsurance,
			Terms: terms(q.Terms), Priced: s.priced(r, q, amount)})
		index = append(index, i)
	}
	if len(quotes) < 2 {
		return nil
	}
	scenario := comparison.Scenario{LoanAmount: amount, Purchase: r.LoanType != "refinance", PurchasePrice: value(r.PurchasePrice),
		PropertyValue: propertyValue(r), CreditScore: r.CreditScore, ThirdPartyFees: s.thirdPartyFees(r, amount, "").Total}
	if r.HorizonMonths != nil {
		scenario.HorizonMonths = *r.HorizonMonths
	}
	res, err := comparison.Compare(scenario, quotes)
	if err != nil {
		return nil
	}
	out := &QuotesCompared{HorizonMonths: res.HorizonMonths, HorizonAssumed: res.HorizonAssumed, Cheapest: res.Cheapest,
		Summary: res.Summary, BreakEvens: []api.ComparisonBreakEven{}, TermDifferences: orNone(res.TermDifferences), Notes: orNone(res.Notes)}
	for k, f := range res.Quotes {
		q := all[index[k]]
		c := api.ComparedQuote{Index: index[k], Name: f.Name, LoanAmount: f.LoanAmount, Program: f.Program, TermMonths: f.TermMonths,
			Rate: f.RatePct, APR: f.APR, PrincipalAndInterest: f.PrincipalAndInterest, MortgageInsurance: f.MortgageInsurance,
			MortgageInsuranceMonths: f.MortgageInsuranceMonths, MortgageInsuranceEstimated: f.MortgageInsuranceEstimated,
			MonthlyPayment: f.MonthlyPayment, Points: f.Points, LenderFees: f.LenderFees, LenderCosts: f.LenderCosts,
			ThirdPartyFees: f.ThirdPartyFees, ClosingCosts: f.ClosingCosts, CashToClose: f.CashToClose,
			InFiveYears:   api.InFiveYears{TotalPaid: f.InFiveYears.TotalPaid, PrincipalPaid: f.InFiveYears.PrincipalPaid},
			CostAtHorizon: f.CostAtHorizon, Rank: f.Rank, Cost: horizon(f.CostByYears), CostByYear: f.Curve}
		if g := s.instantGrade(r, m, *q.Rate, withPoints(q.LenderFees, q.Points, amount), f.APR); g != nil {
			c.Grade = &g.Grade
		}
		out.Quotes = append(out.Quotes, c)
	}
	for _, b := range res.BreakEvens {
		out.BreakEvens = append(out.BreakEvens, api.ComparisonBreakEven{Quote: b.Quote, Other: b.Other,
			UpfrontDifference: b.UpfrontDifference, Months: b.Months, Summary: b.Summary})
	}
	return out
}

// priced is a visitor quote's payment and APR from its QuoteFigures (points
// counted in its lender fees, as for the first quote), so the comparison
// shows the figures every other page shows for the quote; nil without them.
func (s *Service) priced(r store.QuoteRequest, q store.VisitorQuote, amount float64) *comparison.Priced {
	f := s.quote(r, quoteInput{Rate: *q.Rate, LenderFees: withPoints(q.LenderFees, q.Points, amount),
		MortgageInsurance: q.MortgageInsurance, Program: vocab.Fixed30})
	if f == nil {
		return nil
	}
	return &comparison.Priced{PrincipalAndInterest: f.PrincipalAndInterest, MortgageInsurance: f.MortgageInsurance,
		MortgageInsuranceMonths: f.MortgageInsuranceMonths, MortgageInsuranceEstimated: f.MortgageInsuranceEstimated, APR: f.APR}
}

// visitorQuoteAPRs are the APRs of r's visitor quotes, priced as the
// comparison prices them, so a rate shown alone still has its APR beside it
// (12 CFR 1026.24(c)); nil for a quote without a rate or an APR.
func (s *Service) visitorQuoteAPRs(r store.QuoteRequest) []*float64 {
	all := VisitorQuotes(r)
	out := make([]*float64, len(all))
	amount, ok := loanAmount(r)
	if !ok {
		return out
	}
	for i, q := range all {
		if q.Rate == nil {
			continue
		}
		if p := s.priced(r, q, amount); p != nil {
			out[i] = p.APR
		}
	}
	return out
}

// quoteName is how the comparison's sentences call quote i: its lender's
// name, with its letter when two quotes share one; "Quote A" without.
func quoteName(all []store.VisitorQuote, i int) string {
	letter := fmt.Sprintf("Quote %c", 'A'+i)
	name := all[i].LenderName
	if name == nil {
		return letter
	}
	for j, q := range all {
		if j != i && q.LenderName != nil && *q.LenderName == *name {
			return fmt.Sprintf("%s (%s)", *name, letter)
		}
	}
	return *name
}

// terms are a quote's terms as the comparison takes them.
func terms(t store.QuoteTerms) comparison.Terms {
	out := comparison.Terms{PrepaymentPenalty: t.PrepaymentPenalty}
	if t.RateLockUntil != nil {
		out.RateLockUntil = *t.RateLockUntil
	}
	return out
}

func orNone(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
