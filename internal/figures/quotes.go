package figures

import (
	"fmt"

	"quotegrade/internal/api"
	"quotegrade/internal/comparison"
	"quotegrade/internal/fees"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// ThirdPartyFees is api.ThirdPartyFees (internal/api).
type ThirdPartyFees = api.ThirdPartyFees

// Horizon is api.Horizon (internal/api).
type Horizon = api.Horizon

func horizon(by map[int]float64) Horizon {
	return Horizon{Years5: by[5], Years7: by[7], Years10: by[10]}
}

// QuoteRefinance is api.QuoteRefinance (internal/api).
type QuoteRefinance = api.QuoteRefinance

// Comparison is api.Comparison (internal/api).
type Comparison = api.Comparison

// QuoteFigures is api.QuoteFigures (internal/api).
type QuoteFigures = api.QuoteFigures

// quoteInput is a quote as the figures need it.
type quoteInput struct {
	Rate              float64
	LenderFees        *float64
	MortgageInsurance *float64
	Program           vocab.Program
	Lender            string // "" for the visitor's own quote
}

// thirdPartyFees: appraisal, the title estimate for the loan (refinance or
// purchase column) and the lender's adds.
func (s *Service) thirdPartyFees(r store.QuoteRequest, amount float64, lender string) ThirdPartyFees {
	column := fees.Purchase
	if r.LoanType == "refinance" {
		column = fees.Refinance
	}
	t := ThirdPartyFees{Appraisal: fees.Appraisal, TitleEstimate: s.title.Estimate(column, amount), LenderAdds: s.site.LenderFees(lender)}
	t.Total = mortgage.RoundCents(t.Appraisal + t.TitleEstimate + t.LenderAdds)
	return t
}

// quote computes a quote's figures for request r; nil when the request has
// no loan amount to compute with.
func (s *Service) quote(r store.QuoteRequest, q quoteInput) *QuoteFigures {
	amount, ok := loanAmount(r)
	if !ok {
		return nil
	}
	term := mortgage.TermMonths(q.Program)
	mi, estimated := mortgageInsurance(r, q, amount)
	loan := mortgage.Loan{Amount: amount, RatePct: q.Rate, TermMonths: term, PrepaidFinanceCharges: value(q.LenderFees),
		MonthlyMortgageInsurance: mi, MortgageInsuranceMonths: mortgage.MortgageInsuranceMonths(amount, q.Rate, term, propertyValue(r))}
	f := &QuoteFigures{LoanAmount: amount, TermMonths: term, LenderFees: q.LenderFees, ThirdPartyFees: s.thirdPartyFees(r, amount, q.Lender)}
	// A credit larger than the loan, say: the payment, not an APR. The
	// comparison of quotes prices each quote with the same Payment.
	lf, ok := loan.Payment()
	if ok {
		f.APR, f.AmountFinanced, f.FinanceCharge = ptr(lf.APR), ptr(lf.AmountFinanced), ptr(lf.FinanceCharge)
	}
	f.PrincipalAndInterest, f.MortgageInsurance, f.MonthlyPayment = lf.PrincipalAndInterest, lf.MortgageInsurance, lf.MonthlyPayment
	f.MortgageInsuranceMonths, f.MortgageInsuranceEstimated = lf.MortgageInsuranceMonths, estimated
	f.ClosingCosts = mortgage.RoundCents(value(q.LenderFees) + f.ThirdPartyFees.Total)
	if r.LoanType != "refinance" {
		f.CashToClose = ptr(mortgage.RoundCents(value(r.DownPayment) + f.ClosingCosts))
	}
	f.Cost7Years = offer(f).CostOver(84)
	f.Refinance = s.refinance(r, q, f)
	return f
}

// QuoteFigures is the figures of one quote q of request r: payment, APR
// (Appendix J), fees, cash to close and refinance savings; lender is the
// partner lender whose adds apply (ignored for the visitor's own quote,
// source BROKER). Nil when the request has no loan amount. It is the one
// per-quote computation the analysis, its preview and any comparison of
// quotes share; it does not compare with the visitor's quote (Quotes does).
func (s *Service) QuoteFigures(r store.QuoteRequest, q store.Quote, lender string) *QuoteFigures {
	in := quoteInput{Rate: q.Rate, LenderFees: ptr(q.LenderFees), MortgageInsurance: q.MortgageInsurance, Program: program(q.LoanProgram), Lender: lender}
	if q.Source == vocab.SourceBroker {
		in.Lender = ""
	}
	return s.quote(r, in)
}

// QuoteAPR is a quote's APR by Regulation Z, Appendix J, from its rate, its
// lender fees (points included: they are prepaid finance charges) and the
// monthly mortgage insurance the quote itself gives, for request r's loan;
// ok is false when no APR describes it (no loan amount, or a credit larger
// than the loan). A typed APR is checked against it (APRTolerance).
func QuoteAPR(r store.QuoteRequest, q store.Quote) (float64, bool) {
	amount, ok := loanAmount(r)
	if !ok {
		return 0, false
	}
	term := mortgage.TermMonths(program(q.LoanProgram))
	mi := value(q.MortgageInsurance)
	loan := mortgage.Loan{Amount: amount, RatePct: q.Rate, TermMonths: term, PrepaidFinanceCharges: q.LenderFees,
		MonthlyMortgageInsurance: mi, MortgageInsuranceMonths: mortgage.MortgageInsuranceMonths(amount, q.Rate, term, propertyValue(r))}
	lf, err := loan.Figures()
	if err != nil {
		return 0, false
	}
	return lf.APR, true
}

// APRTolerance is how far a typed APR may be from the computed one: 1/8 of a
// percentage point, Regulation Z's tolerance for a regular transaction
// (12 CFR 1026.22(a)(2)).
const APRTolerance = 0.125

// DefaultHorizonMonths is the horizon a recommendation is judged at when the
// visitor gave none: seven years, about how long a mortgage is kept.
const DefaultHorizonMonths = 84

// HorizonMonths is how long the visitor expects to keep the loan
// (horizonMonths), or DefaultHorizonMonths when they are not sure.
func HorizonMonths(r store.QuoteRequest) int {
	if r.HorizonMonths != nil && *r.HorizonMonths > 0 {
		return *r.HorizonMonths
	}
	return DefaultHorizonMonths
}

// RecommendedIsCheapest reports whether every recommended lender quote of
// request r costs no more at the visitor's horizon (HorizonMonths) than any
// other quote, the visitor's own included (figs in the order of quotes;
// yours is the visitor's quote's figures, nil without one); true when
// nothing is recommended. A recommendation that costs more than the quote
// the visitor already has needs a reason as much as one that costs more than
// another alternative (issue 25). The cost is the comparison's
// (comparison.Kept): closing costs plus the interest and mortgage insurance
// of those months, the principal repaid not counted, so the reason rule and
// the quotes' comparison never disagree about which is cheapest (decision
// 0037).
func RecommendedIsCheapest(r store.QuoteRequest, quotes []store.Quote, figs []*QuoteFigures, yours *QuoteFigures) bool {
	months := HorizonMonths(r)
	costs := make([]float64, len(quotes))
	cheapest := -1.0
	if yours != nil && r.BrokerRate != nil {
		cheapest = keptCost(yours, *r.BrokerRate, vocab.Fixed30, months)
	}
	for i, q := range quotes {
		if figs[i] == nil {
			continue
		}
		costs[i] = keptCost(figs[i], q.Rate, program(q.LoanProgram), months)
		if cheapest < 0 || costs[i] < cheapest {
			cheapest = costs[i]
		}
	}
	for i, q := range quotes {
		if q.Source != vocab.SourceBroker && q.IsRecommended && figs[i] != nil && costs[i] > cheapest+0.005 {
			return false
		}
	}
	return true
}

// keptCost is a quote's cost of keeping its loan over months, as the
// comparison of quotes measures it; rate and p are the quote's.
func keptCost(f *QuoteFigures, rate float64, p vocab.Program, months int) float64 {
	return comparison.Kept{LoanAmount: f.LoanAmount, RatePct: rate, TermMonths: mortgage.TermMonths(p),
		PrincipalAndInterest: f.PrincipalAndInterest, ClosingCosts: f.ClosingCosts,
		MortgageInsurance: f.MortgageInsurance, MortgageInsuranceMonths: f.MortgageInsuranceMonths}.CostOver(months)
}

// mortgageInsurance is the quote's monthly insurance; for a purchase under
// 20% down whose quote gives none, the estimate from the loan-to-value and
// credit score (estimated true), so that quote does not look cheaper than
// the ones that include it.
func mortgageInsurance(r store.QuoteRequest, q quoteInput, amount float64) (float64, bool) {
	if q.MortgageInsurance != nil || r.LoanType == "refinance" {
		return value(q.MortgageInsurance), false
	}
	price := propertyValue(r)
	if price <= 0 {
		return 0, false
	}
	return mortgage.EstimatedMortgageInsurance(amount, amount/price*100, r.CreditScore)
}

func (s *Service) refinance(r store.QuoteRequest, q quoteInput, f *QuoteFigures) *QuoteRefinance {
	cur := r.CurrentMortgage
	if cur == nil || r.RemainingBalance == nil {
		return nil
	}
	out := &QuoteRefinance{CurrentPrincipalAndInterest: cur.MonthlyPayment,
		MonthlySavings: mortgage.MonthlySavings(cur.MonthlyPayment, f.PrincipalAndInterest),
		Recommended:    mortgage.RefinanceRecommended(q.Rate, cur.Rate, value(q.LenderFees), f.ThirdPartyFees.Total)}
	if months, ok := mortgage.BreakEvenMonths(f.ClosingCosts, out.MonthlySavings); ok {
		out.BreakEvenMonths = &months
	}
	saved := map[int]float64{}
	for _, y := range mortgage.HorizonYears {
		saved[y] = mortgage.RoundCents(mortgage.InterestSaved(*r.RemainingBalance, cur.Rate, cur.MonthlyPayment,
			f.LoanAmount, q.Rate, f.PrincipalAndInterest, 12*y))
	}
	out.InterestSaved = horizon(saved)
	return out
}

func offer(f *QuoteFigures) mortgage.Offer {
	return mortgage.Offer{Upfront: f.ClosingCosts, PrincipalAndInterest: f.PrincipalAndInterest, MortgageInsurance: f.MortgageInsurance,
		MIMonths: f.MortgageInsuranceMonths}
}

// compare says how a lender's quote compares with the visitor's own,
// naming it by its rate with its APR (12 CFR 1026.24(c): a rate stated
// comes with its APR): the one the broker typed, else the computed one; a
// rate no APR describes says it is an interest rate.
func compare(f, yours *QuoteFigures, q store.Quote) *Comparison {
	if f == nil || yours == nil {
		return nil
	}
	apr := q.APR
	if apr == nil {
		apr = f.APR
	}
	name := fmt.Sprintf("The %s (an interest rate, not an APR) quote", vocab.Percent(q.Rate))
	if apr != nil {
		name = fmt.Sprintf("The %s (%s APR) quote", vocab.Percent(q.Rate), vocab.Percent(*apr))
	}
	c := mortgage.Compare(offer(f), offer(yours), name, "your quote")
	return &Comparison{UpfrontDifference: c.UpfrontDifference, MonthlyDifference: c.MonthlyDifference, BreakEvenMonths: c.BreakEvenMonths,
		CostDifference: horizon(c.CostDifference), Summary: c.Summary}
}

// BrokerQuote is the figures of the quote the visitor brought (their
// lender's rate, fees and insurance), over 360 months; nil without a rate.
func (s *Service) BrokerQuote(r store.QuoteRequest) *QuoteFigures {
	if r.BrokerRate == nil {
		return nil
	}
	// Points given apart (issue 29's quotes) are lender fees here, as the
	// spec's one "total lender fees" field counts them.
	amount, _ := loanAmount(r)
	return s.quote(r, quoteInput{Rate: *r.BrokerRate, LenderFees: withPoints(r.BrokerLenderFees, r.BrokerPoints, amount),
		MortgageInsurance: r.BrokerMortgageInsurance, Program: vocab.Fixed30})
}

// Quotes are the figures of a request's quotes, in the same order; lender is
// the analysis' partner lender whose adds apply to its quotes. Each lender
// quote is compared with the visitor's quote: the one marked BROKER, else
// the request's broker quote.
func (s *Service) Quotes(r store.QuoteRequest, quotes []store.Quote, lender string) []*QuoteFigures {
	out := make([]*QuoteFigures, len(quotes))
	var yours *QuoteFigures
	for i, q := range quotes {
		out[i] = s.QuoteFigures(r, q, lender)
		if q.Source == vocab.SourceBroker && yours == nil {
			yours = out[i]
		}
	}
	if yours == nil {
		yours = s.BrokerQuote(r)
	}
	for i, q := range quotes {
		if q.Source != vocab.SourceBroker {
			if c := compare(out[i], yours, q); c != nil {
				out[i].ComparedWithYourQuote = c
			}
		}
	}
	return out
}

func program(p *string) vocab.Program {
	if p == nil {
		return vocab.Fixed30
	}
	return vocab.Program(*p)
}
