package api

import (
	"quotegrade/internal/jsonfield"
)

// Calculation is POST /api/calculate's payload: one loan.
type Calculation struct {
	LoanAmount               jsonfield.Number `json:"loanAmount"`
	RatePercent              jsonfield.Number `json:"ratePercent"`
	TermMonths               jsonfield.Number `json:"termMonths"`
	Program                  jsonfield.String `json:"program"`
	PrepaidFinanceCharges    jsonfield.Number `json:"prepaidFinanceCharges"`
	MonthlyMortgageInsurance jsonfield.Number `json:"monthlyMortgageInsurance"`
	MortgageInsuranceMonths  jsonfield.Number `json:"mortgageInsuranceMonths"`
	PropertyValue            jsonfield.Number `json:"propertyValue"`
	LoanType                 jsonfield.String `json:"loanType"`
	Lender                   jsonfield.String `json:"lender"`
	CurrentPI                jsonfield.Number `json:"currentMonthlyPrincipalAndInterest"`
}

// CalculatedFees are the third-party fee lines for the loan.
type CalculatedFees struct {
	Appraisal     float64 `json:"appraisal"`
	TitleEstimate float64 `json:"titleEstimate"`
	LenderAdds    float64 `json:"lenderAdds"`
	Total         float64 `json:"total"`
}

// CalculatedRefinance is the savings against a current payment.
type CalculatedRefinance struct {
	ClosingCosts    float64 `json:"closingCosts"`
	MonthlySavings  float64 `json:"monthlySavings"`
	BreakEvenMonths *int    `json:"breakEvenMonths"`
}

// Calculated is the answer: payment in dollars rounded to cents, APR in
// percent rounded to 3 decimals, and the Loan Estimate's other figures.
type Calculated struct {
	MonthlyPrincipalAndInterest float64              `json:"monthlyPrincipalAndInterest"`
	MonthlyMortgageInsurance    float64              `json:"monthlyMortgageInsurance"`
	MortgageInsuranceMonths     int                  `json:"mortgageInsuranceMonths"`
	MonthlyPayment              float64              `json:"monthlyPayment"`
	APR                         float64              `json:"apr"`
	TermMonths                  int                  `json:"termMonths"`
	AmountFinanced              float64              `json:"amountFinanced"`
	FinanceCharge               float64              `json:"financeCharge"`
	TotalOfPayments             float64              `json:"totalOfPayments"`
	ThirdPartyFees              CalculatedFees       `json:"thirdPartyFees"`
	Refinance                   *CalculatedRefinance `json:"refinance"`
}
