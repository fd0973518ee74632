package figures

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/fees"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/site"
	"quotegrade/internal/vocab"
)

// MaxAmount bounds the calculator's dollar figures like the submission's.
const MaxAmount = 100_000_000

// MsgCalculation is the calculator's summary message for bad input.
const MsgCalculation = "Please check the loan figures"

// Calculation is api.Calculation (internal/api).
type Calculation = api.Calculation

// CalculatedFees is api.CalculatedFees (internal/api).
type CalculatedFees = api.CalculatedFees

// CalculatedRefinance is api.CalculatedRefinance (internal/api).
type CalculatedRefinance = api.CalculatedRefinance

// Calculated is api.Calculated (internal/api).
type Calculated = api.Calculated

type calcInput struct {
	loan          mortgage.Loan
	propertyValue float64
	loanType      string
	lender        string
	currentPI     *float64
}

// Calculate answers one loan's figures: what pages, brokers and scripts share.
func (s *Service) Calculate(c Calculation) (Calculated, error) {
	in, err := validateCalculation(c, s.site)
	if err != nil {
		return Calculated{}, err
	}
	l := in.loan
	if l.MortgageInsuranceMonths == 0 && in.propertyValue > 0 {
		l.MortgageInsuranceMonths = mortgage.MortgageInsuranceMonths(l.Amount, l.RatePct, l.TermMonths, in.propertyValue)
	}
	lf, err := l.Figures()
	if errors.Is(err, mortgage.ErrImpossibleLoan) {
		return Calculated{}, &apperr.Invalid{Message: "These figures do not describe a loan: " + strings.TrimPrefix(err.Error(), "impossible loan: "),
			Fields: map[string]string{}}
	}
	if err != nil {
		return Calculated{}, fmt.Errorf("calculate: %w", err)
	}
	column := fees.Purchase
	if in.loanType == "refinance" {
		column = fees.Refinance
	}
	tp := CalculatedFees{Appraisal: fees.Appraisal, TitleEstimate: s.title.Estimate(column, l.Amount), LenderAdds: s.site.LenderFees(in.lender)}
	tp.Total = mortgage.RoundCents(tp.Appraisal + tp.TitleEstimate + tp.LenderAdds)
	out := Calculated{MonthlyPrincipalAndInterest: lf.PrincipalAndInterest, MonthlyMortgageInsurance: lf.MortgageInsurance,
		MortgageInsuranceMonths: lf.MortgageInsuranceMonths, MonthlyPayment: lf.MonthlyPayment, APR: lf.APR, TermMonths: l.TermMonths,
		AmountFinanced: lf.AmountFinanced, FinanceCharge: lf.FinanceCharge, TotalOfPayments: lf.TotalOfPayments, ThirdPartyFees: tp}
	if in.currentPI != nil {
		r := &CalculatedRefinance{ClosingCosts: mortgage.RoundCents(l.PrepaidFinanceCharges + tp.Total),
			MonthlySavings: mortgage.MonthlySavings(*in.currentPI, lf.PrincipalAndInterest)}
		if m, ok := mortgage.BreakEvenMonths(r.ClosingCosts, r.MonthlySavings); ok {
			r.BreakEvenMonths = &m
		}
		out.Refinance = r
	}
	return out, nil
}

func validateCalculation(c Calculation, operator site.Site) (calcInput, error) {
	f := apperr.Fields{}
	in := calcInput{loanType: c.LoanType.Or("purchase"), lender: c.Lender.Or("")}
	in.loan.Amount = number(f, "loanAmount", "Loan amount", c.LoanAmount, true, 0.01, MaxAmount)
	in.loan.RatePct = number(f, "ratePercent", "Rate", c.RatePercent, true, 0, 100)
	in.loan.PrepaidFinanceCharges = number(f, "prepaidFinanceCharges", "Prepaid finance charges", c.PrepaidFinanceCharges, false, -MaxAmount, MaxAmount)
	in.loan.MonthlyMortgageInsurance = number(f, "monthlyMortgageInsurance", "Monthly mortgage insurance", c.MonthlyMortgageInsurance, false, 0, MaxAmount)
	in.propertyValue = number(f, "propertyValue", "Property value", c.PropertyValue, false, 0.01, MaxAmount)
	if c.CurrentPI.Present() || c.CurrentPI.Invalid {
		in.currentPI = ptr(number(f, "currentMonthlyPrincipalAndInterest", "Current monthly principal and interest", c.CurrentPI, false, 0, MaxAmount))
	}
	program := vocab.Program(c.Program.Or(string(vocab.Fixed30)))
	if c.Program.Invalid || !program.Valid() {
		f.Add("program", "Loan program must be one of 30-year-fixed, 15-year-fixed or 5-1-arm")
	}
	in.loan.TermMonths = mortgage.TermMonths(program)
	if c.TermMonths.Present() || c.TermMonths.Invalid {
		in.loan.TermMonths = wholeNumber(f, "termMonths", "Term", c.TermMonths, 1, mortgage.MaxTermMonths)
	}
	if c.MortgageInsuranceMonths.Present() || c.MortgageInsuranceMonths.Invalid {
		in.loan.MortgageInsuranceMonths = wholeNumber(f, "mortgageInsuranceMonths", "Mortgage insurance months", c.MortgageInsuranceMonths, 0, mortgage.MaxTermMonths)
	}
	if c.LoanType.Invalid || (in.loanType != "purchase" && in.loanType != "refinance") {
		f.Add("loanType", "Loan type must be purchase or refinance")
	}
	if _, ok := operator.Lender(in.lender); c.Lender.Invalid || (in.lender != "" && !ok) {
		f.Add("lender", "Lender must be "+strings.Join(operator.LenderIDs(), " or "))
	}
	if _, bad := f["prepaidFinanceCharges"]; !bad && in.loan.Amount > 0 && in.loan.PrepaidFinanceCharges >= in.loan.Amount {
		f.Add("prepaidFinanceCharges", "Prepaid finance charges must be less than the loan amount")
	}
	return in, f.Err(MsgCalculation)
}

func number(f apperr.Fields, field, label string, n jsonfield.Number, required bool, lo, hi float64) float64 {
	switch {
	case n.Invalid:
		f.Add(field, label+" must be a number")
	case n.Value == nil && required:
		f.Add(field, label+" is required")
	case n.Value == nil:
		return 0
	case *n.Value < lo || *n.Value > hi:
		f.Add(field, fmt.Sprintf("%s must be between %s and %s", label, plain(lo), plain(hi)))
	default:
		return *n.Value
	}
	return 0
}

func wholeNumber(f apperr.Fields, field, label string, n jsonfield.Number, lo, hi int) int {
	v := number(f, field, label, n, false, float64(lo), float64(hi))
	if _, bad := f[field]; !bad && v != math.Trunc(v) {
		f.Add(field, label+" must be a whole number of months")
	}
	return int(v)
}

func plain(v float64) string {
	if v == 0.01 {
		return "0.01"
	}
	return fmt.Sprintf("%.0f", v)
}
