package figures

import (
	"quotegrade/internal/api"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// InstantGrade is api.InstantGrade (internal/api).
type InstantGrade = api.InstantGrade

// InstantGrade grades the visitor's quote against the market; nil when there
// is no broker rate, no loan amount or no market figure to grade with.
func (s *Service) InstantGrade(r store.QuoteRequest, m Markets) *InstantGrade {
	if r.BrokerRate == nil {
		return nil
	}
	amount, ok := loanAmount(r)
	market, found := m.For(vocab.Fixed30)
	if !ok || !found {
		return nil
	}
	ltv := mortgage.ReferenceLTV
	if v := propertyValue(r); v > 0 {
		ltv = amount / v * 100
	}
	lenderFees, assumed := value(r.BrokerLenderFees), r.BrokerLenderFees == nil
	if assumed {
		// Not given: grade the rate alone, as if the fees were typical.
		lenderFees = mortgage.RoundCents(amount * mortgage.TypicalLenderFeesPercent / 100)
	}
	table := mortgage.LLPATable(r.LoanType, r.CashOut)
	g, err := mortgage.GradeQuote(mortgage.GradeInput{Rate: *r.BrokerRate, LenderFees: lenderFees, LoanAmount: amount, Program: vocab.Fixed30,
		LLPATable: table, CreditScore: r.CreditScore, LTV: ltv, Market: market}, s.llpa)
	if err != nil {
		return nil
	}
	reasons := g.Reasons
	if assumed {
		reasons[1] = "Your lender fees were not provided, so we assumed the typical " + mortgage.Dollars(g.TypicalLenderFees) +
			" (1% of the loan amount); the expert review will check them."
	}
	reasons = append(reasons, "The credit-score and loan-to-value adjustment comes from the "+mortgage.LLPASource+".")
	return &InstantGrade{Grade: g.Grade, Reasons: reasons, Market: marketJSON(market, vocab.Fixed30, s.now()), LoanAmount: amount,
		LTV: mortgage.RoundCents(ltv), CreditScore: r.CreditScore, LLPATable: table, LLPASource: mortgage.LLPASource, LLPAPoints: g.LLPAPoints,
		RateAdjustment: mortgage.RoundAPR(g.RateAdjustment), ExpectedRate: g.ExpectedRate, Rate: *r.BrokerRate,
		RateDifference: mortgage.RoundAPR(g.RateDifference), LenderFees: lenderFees, LenderFeesAssumed: assumed,
		TypicalLenderFees: g.TypicalLenderFees, FeeDifference: g.FeeDifference, MonthlyDifference: g.MonthlyDifference,
		CostDifference7Yrs: g.CostDifference7Yrs, CostPercent: mortgage.RoundCents(g.CostPercent)}
}
