package figures

import (
	"quotegrade/internal/api"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// InstantGrade is api.InstantGrade (internal/api).
type InstantGrade = api.InstantGrade

// The benchmarks an instant grade is measured against (api.InstantGrade.Benchmark).
const (
	// BenchmarkOptimalBlue: Optimal Blue's daily index for the borrower's
	// credit-score and loan-to-value band, as it is.
	BenchmarkOptimalBlue = "optimal_blue"
	// BenchmarkSurvey: Freddie Mac's weekly survey adjusted by the LLPA grid.
	BenchmarkSurvey = "freddie_mac_survey"
)

// benchmark is the market figure a grade compares with and why.
type benchmark struct {
	market   mortgage.Market
	citation string // FRED's attribution, for an Optimal Blue figure
	kind     string // BenchmarkOptimalBlue or BenchmarkSurvey
	// fallback, for a survey grade while Optimal Blue's bands are on, says
	// why the band was not used.
	fallback string
}

// chooseBenchmark picks Optimal Blue's band figure for a 30-year conforming
// loan without cash out (what its conforming index covers) when the band has
// a recent figure; the weekly survey, adjusted by the LLPA grid, otherwise.
func (s *Service) chooseBenchmark(r store.QuoteRequest, m Markets, amount, ltv float64) (benchmark, bool) {
	survey, found := m.For(vocab.Fixed30)
	b := benchmark{market: survey, kind: BenchmarkSurvey}
	if len(m.Bands) == 0 { // no FRED key, or no refresh yet
		return b, found
	}
	const instead = ", so we use the Freddie Mac weekly average adjusted by the LLPA grid instead."
	switch {
	case r.LoanType == "refinance" && r.CashOut:
		b.fallback = "Optimal Blue's daily index leaves out cash-out refinances" + instead
	case amount > mortgage.ConformingLoanLimit:
		b.fallback = "Your loan is above the " + vocab.Dollars(mortgage.ConformingLoanLimit) + " conforming loan limit that Optimal Blue's conforming index covers" + instead
	default:
		band, ok := m.BenchmarkFor(r.CreditScore, ltv, s.now())
		if ok {
			return benchmark{market: band.Market, citation: band.Citation(), kind: BenchmarkOptimalBlue}, true
		}
		b.fallback = "Optimal Blue has no recent figure for your credit-score and loan-to-value band" + instead
	}
	return b, found
}

// InstantGrade grades the visitor's quote against the market; nil when there
// is no broker rate, no loan amount or no market figure to grade with.
func (s *Service) InstantGrade(r store.QuoteRequest, m Markets) *InstantGrade {
	if r.BrokerRate == nil {
		return nil
	}
	amount, _ := loanAmount(r)
	var apr *float64
	if f := s.BrokerQuote(r); f != nil {
		apr = f.APR
	}
	return s.instantGrade(r, m, *r.BrokerRate, withPoints(r.BrokerLenderFees, r.BrokerPoints, amount), apr)
}

// instantGrade grades a quote of rate and lender fees (nil: not given) on
// request r's loan; apr is the quote's APR as its figures give it (nil: none),
// written beside its rate in the reasons.
func (s *Service) instantGrade(r store.QuoteRequest, m Markets, rate float64, givenFees *float64, apr *float64) *InstantGrade {
	amount, ok := loanAmount(r)
	if !ok {
		return nil
	}
	ltv := mortgage.ReferenceLTV
	if v := propertyValue(r); v > 0 {
		ltv = amount / v * 100
	}
	bench, found := s.chooseBenchmark(r, m, amount, ltv)
	if !found {
		return nil
	}
	lenderFees, assumed := value(givenFees), givenFees == nil
	if assumed {
		// Not given: grade the rate alone, as if the fees were typical.
		lenderFees = mortgage.RoundCents(amount * mortgage.TypicalLenderFeesPercent / 100)
	}
	table := mortgage.LLPATable(r.LoanType, r.CashOut)
	g, err := mortgage.GradeQuote(mortgage.GradeInput{Rate: rate, LenderFees: lenderFees, LoanAmount: amount, Program: vocab.Fixed30,
		LLPATable: table, CreditScore: r.CreditScore, LTV: ltv, Market: bench.market, APR: apr}, s.llpa)
	if err != nil {
		return nil
	}
	reasons := g.Reasons
	if assumed {
		reasons[1] = "Your lender fees were not provided, so we assumed the typical " + vocab.Dollars(g.TypicalLenderFees) +
			" (1% of the loan amount); the expert review will check them."
	}
	llpaSource := mortgage.LLPASource
	if bench.kind == BenchmarkOptimalBlue {
		llpaSource = "" // the band's figure carries the pricing: the grid is not used
	} else {
		if bench.fallback != "" {
			reasons = append(reasons, bench.fallback)
		}
		reasons = append(reasons, "The credit-score and loan-to-value adjustment comes from the "+mortgage.LLPASource+".")
	}
	market := marketJSON(bench.market, vocab.Fixed30, s.now())
	market.Citation = bench.citation
	return &InstantGrade{Grade: g.Grade, Reasons: reasons, Benchmark: bench.kind, Market: market, LoanAmount: amount,
		LTV: mortgage.RoundCents(ltv), CreditScore: r.CreditScore, LLPATable: table, LLPASource: llpaSource, LLPAPoints: g.LLPAPoints,
		RateAdjustment: mortgage.RoundAPR(g.RateAdjustment), ExpectedRate: g.ExpectedRate, Rate: rate,
		RateDifference: mortgage.RoundAPR(g.RateDifference), LenderFees: lenderFees, LenderFeesAssumed: assumed,
		TypicalLenderFees: g.TypicalLenderFees, FeeDifference: g.FeeDifference, MonthlyDifference: g.MonthlyDifference,
		CostDifference7Yrs: g.CostDifference7Yrs, CostPercent: mortgage.RoundCents(g.CostPercent)}
}
