package api

import "quotegrade/internal/vocab"

// VisitorQuote is one quote the visitor brought, as submitted (issue 29):
// the first is the broker_* fields, the rest follow.
type VisitorQuote struct {
	LenderName        *string  `json:"lenderName"`
	Rate              *float64 `json:"rate"`
	Points            *float64 `json:"points"`
	LenderFees        *float64 `json:"lenderFees"`
	MortgageInsurance *float64 `json:"mortgageInsurance"`
	UploadedFileURL   *string  `json:"uploadedFileUrl"`
	// APR is the quote's APR computed from its rate, fees and insurance
	// (internal/figures, as its figures elsewhere); nil without a rate, or
	// when no APR describes it.
	APR *float64 `json:"apr"`
}

// QuotesCompared is the visitor's quotes side by side (internal/comparison).
type QuotesCompared struct {
	HorizonMonths int `json:"horizon_months"`
	// HorizonAssumed: the visitor was not sure; seven years are used.
	HorizonAssumed bool            `json:"horizon_assumed"`
	Quotes         []ComparedQuote `json:"quotes"`
	// Cheapest are indexes into Quotes: the quotes costing least at the horizon.
	Cheapest        []int                 `json:"cheapest"`
	Summary         string                `json:"summary"`
	BreakEvens      []ComparisonBreakEven `json:"break_evens"`
	TermDifferences []string              `json:"term_differences"`
	Notes           []string              `json:"notes"`
}

// ComparedQuote is one quote's figures in a comparison, money rounded to cents.
type ComparedQuote struct {
	// Index is the quote's place in the visitor's quotes (0 is the first).
	Index                      int           `json:"index"`
	Name                       string        `json:"name"`
	LoanAmount                 float64       `json:"loan_amount"`
	Program                    vocab.Program `json:"program"`
	TermMonths                 int           `json:"term_months"`
	Rate                       float64       `json:"rate"`
	APR                        *float64      `json:"apr"`
	PrincipalAndInterest       float64       `json:"principal_and_interest"`
	MortgageInsurance          float64       `json:"mortgage_insurance"`
	MortgageInsuranceMonths    int           `json:"mortgage_insurance_months"`
	MortgageInsuranceEstimated bool          `json:"mortgage_insurance_estimated"`
	MonthlyPayment             float64       `json:"monthly_payment"`
	Points                     float64       `json:"points"`
	LenderFees                 float64       `json:"lender_fees"`
	LenderCosts                float64       `json:"lender_costs"`
	ThirdPartyFees             float64       `json:"third_party_fees"`
	ClosingCosts               float64       `json:"closing_costs"`
	CashToClose                *float64      `json:"cash_to_close"`
	InFiveYears                InFiveYears   `json:"in_five_years"`
	CostAtHorizon              float64       `json:"cost_at_horizon"`
	Rank                       int           `json:"rank"`
	Cost                       Horizon       `json:"cost"`
	// CostByYear is the cost at the end of each year, 0 being closing.
	CostByYear []float64 `json:"cost_by_year"`
	// Grade is the instant grade of this quote against the market; nil
	// when there is no market figure to grade with.
	Grade *string `json:"grade"`
}

// ComparisonBreakEven is a pair of quotes: Quote costs more at first, and
// after Months (nil: never) costs no more than Other.
type ComparisonBreakEven struct {
	Quote             int     `json:"quote"`
	Other             int     `json:"other"`
	UpfrontDifference float64 `json:"upfront_difference"`
	Months            *int    `json:"months"`
	Summary           string  `json:"summary"`
}
