package api

import (
	"quotegrade/internal/vocab"
)

// ThirdPartyFees are spec section 9's fee lines for one quote.
type ThirdPartyFees struct {
	Appraisal     float64 `json:"appraisal"`
	TitleEstimate float64 `json:"title_estimate"`
	// LenderAdds are the partner lender's own fees from the operator's site
	// file (the demo's provident 370 + 80, rocket 1100); none for the
	// visitor's quote, whose lender we do not know.
	LenderAdds float64 `json:"lender_adds"`
	Total      float64 `json:"total"`
}

// Horizon is an amount over 5, 7 and 10 years.
type Horizon struct {
	Years5  float64 `json:"years_5"`
	Years7  float64 `json:"years_7"`
	Years10 float64 `json:"years_10"`
}

// QuoteRefinance is what one quote does for an owner's current mortgage.
type QuoteRefinance struct {
	CurrentPrincipalAndInterest float64 `json:"current_principal_and_interest"`
	// MonthlySavings: current P&I less this quote's, down to a step of $5.
	MonthlySavings float64 `json:"monthly_savings"`
	// BreakEvenMonths: closing costs over monthly savings, rounded up; null
	// when nothing is saved.
	BreakEvenMonths *int `json:"break_even_months"`
	// InterestSaved over 5, 7 and 10 years of staying in the home.
	InterestSaved Horizon `json:"interest_saved"`
	// Recommended is spec section 9's rule: a lower rate than today's and a
	// lender credit larger than the third-party fees.
	Recommended bool `json:"recommended"`
}

// Comparison is a quote against the visitor's own quote.
type Comparison struct {
	UpfrontDifference float64 `json:"upfront_difference"`
	MonthlyDifference float64 `json:"monthly_difference"`
	BreakEvenMonths   *int    `json:"break_even_months"`
	CostDifference    Horizon `json:"cost_difference"`
	Summary           string  `json:"summary"`
}

// QuoteFigures are one quote's computed figures, money rounded to cents.
type QuoteFigures struct {
	LoanAmount float64 `json:"loan_amount"`
	// TermMonths is the number of monthly payments the figures are priced
	// over (mortgage.TermMonths of the quote's program): the terms of
	// repayment a page states beside a payment (12 CFR 1026.24(d)).
	TermMonths              int     `json:"term_months"`
	PrincipalAndInterest    float64 `json:"principal_and_interest"`
	MortgageInsurance       float64 `json:"mortgage_insurance"`
	MortgageInsuranceMonths int     `json:"mortgage_insurance_months"`
	// MortgageInsuranceEstimated: the quote gave no insurance for a purchase
	// under 20% down, so MortgageInsurance is the estimate of
	// mortgage.EstimatedMortgageInsurance (docs/grading.md), used in every
	// figure and comparison below.
	MortgageInsuranceEstimated bool     `json:"mortgage_insurance_estimated"`
	MonthlyPayment             float64  `json:"monthly_payment"`
	APR                        *float64 `json:"apr"`
	AmountFinanced             *float64 `json:"amount_financed"`
	FinanceCharge              *float64 `json:"finance_charge"`
	// LenderFees are the quote's fees (negative for a credit); null when the
	// visitor did not give them, and then they count as 0 below.
	LenderFees     *float64       `json:"lender_fees"`
	ThirdPartyFees ThirdPartyFees `json:"third_party_fees"`
	// ClosingCosts are the lender fees plus the third-party fees.
	ClosingCosts float64 `json:"closing_costs"`
	// CashToClose is the down payment plus closing costs (purchases only).
	CashToClose *float64 `json:"cash_to_close"`
	// Cost7Years is the closing costs plus 84 monthly payments (with the
	// mortgage insurance while it lasts). "The cheapest" quote is decided
	// on the comparison's cost instead (comparison.Kept, decision 0037).
	Cost7Years            float64         `json:"cost_7_years"`
	Refinance             *QuoteRefinance `json:"refinance"`
	ComparedWithYourQuote *Comparison     `json:"compared_with_your_quote"`
}

// InstantGrade is the automatic preliminary grade of a visitor's quote,
// computed when it is read (it depends on the latest market rates).
type InstantGrade struct {
	Grade   string   `json:"grade"`
	Reasons []string `json:"reasons"`
	// Benchmark is what the quote was measured against: optimal_blue (the
	// daily index of the borrower's credit-score and loan-to-value band, as
	// it is) or freddie_mac_survey (the weekly average adjusted by the LLPA
	// grid); docs/grading.md.
	Benchmark string     `json:"benchmark"`
	Market    MarketJSON `json:"market"`
	// The scenario as graded.
	LoanAmount  float64 `json:"loan_amount"`
	LTV         float64 `json:"ltv"`
	CreditScore int     `json:"credit_score"`
	LLPATable   string  `json:"llpa_table"`
	LLPASource  string  `json:"llpa_source"`
	LLPAPoints  float64 `json:"llpa_points"`
	// RateAdjustment is added to the market rate for the scenario's LLPA
	// relative to the survey's borrower.
	RateAdjustment     float64 `json:"rate_adjustment"`
	ExpectedRate       float64 `json:"expected_rate"`
	Rate               float64 `json:"rate"`
	RateDifference     float64 `json:"rate_difference"`
	LenderFees         float64 `json:"lender_fees"`
	LenderFeesAssumed  bool    `json:"lender_fees_assumed"`
	TypicalLenderFees  float64 `json:"typical_lender_fees"`
	FeeDifference      float64 `json:"fee_difference"`
	MonthlyDifference  float64 `json:"monthly_cost_difference"`
	CostDifference7Yrs float64 `json:"cost_difference_7_years"`
	CostPercent        float64 `json:"cost_percent_of_loan"`
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
	// Citation is FRED's required attribution of an Optimal Blue figure,
	// shown wherever the figure is; empty for the weekly survey.
	Citation string `json:"citation,omitempty"`
}

// RefinanceAdvice is the analysis' answer to "should I refinance?".
type RefinanceAdvice struct {
	// Recommendation is recommended, potential_savings or wait
	// (docs/grading.md, "Refinance advice").
	Recommendation              string   `json:"recommendation"`
	Heading                     string   `json:"heading"`
	CurrentRate                 float64  `json:"current_rate"`
	CurrentPrincipalAndInterest float64  `json:"current_principal_and_interest"`
	BestQuoteID                 *string  `json:"best_quote_id"`
	BestRate                    *float64 `json:"best_rate"`
	BestPrincipalAndInterest    *float64 `json:"best_principal_and_interest"`
	MonthlySavings              float64  `json:"monthly_savings"`
	BreakEvenMonths             *int     `json:"break_even_months"`
	InterestSaved               *Horizon `json:"interest_saved"`
	RecommendedQuoteIDs         []string `json:"recommended_quote_ids"`
	// Both loans' terms, as a page stating their payments must give them
	// (Regulation Z, 12 CFR 1026.24(d), issue 26). CurrentMonthsLeft is the
	// payments left on the homeowner's loan, estimated from its balance,
	// rate and payment (mortgage.RemainingMonths; null when it cannot be).
	// BestAPR is the best quote's APR: the one it was saved with, else the
	// one its figures give (null when none describes it); BestProgram and
	// BestTermMonths its program and number of monthly payments.
	CurrentMonthsLeft *int           `json:"current_months_left"`
	BestAPR           *float64       `json:"best_apr"`
	BestProgram       *vocab.Program `json:"best_program"`
	BestTermMonths    *int           `json:"best_term_months"`
}
