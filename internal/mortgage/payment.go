// Package mortgage is quotegrade's loan arithmetic and instant grade: pure
// functions over numbers, no I/O, no HTTP, no SQL.
//
// The rounding rule: figures are kept at full float64 precision inside and
// rounded to whole cents (RoundCents, half away from zero) only where a figure
// is shown or stored. A payment is shown, and is what a borrower pays, so the
// figures built on payments (the mortgage payment, monthly savings, the
// payment stream of the APR, costs over a horizon) use the payment rounded to
// cents, as a Loan Estimate does. An APR is kept exact and rounded to three
// decimals (RoundAPR) where shown.
package mortgage

import (
	"math"

	"quotegrade/internal/vocab"
)

// MaxTermMonths bounds every term this package accepts (40 years).
const MaxTermMonths = 480

// TermMonths is the amortisation term of a loan program: 30-year fixed 360,
// 15-year fixed 180, and a 5/1 ARM amortises over 360 months at its start rate.
func TermMonths(program vocab.Program) int {
	if program == vocab.Fixed15 {
		return 180
	}
	return 360
}

// PurchaseLoanAmount is the purchase price minus the down payment.
func PurchaseLoanAmount(price, downPayment float64) float64 { return price - downPayment }

// RefinanceLoanAmount is the remaining balance, plus the cash-out amount when
// cash out is chosen (pass 0 otherwise).
func RefinanceLoanAmount(remainingBalance, cashOut float64) float64 {
	return remainingBalance + cashOut
}

// MonthlyPayment is the level principal-and-interest payment that repays
// principal over months at annualRatePercent (standard amortisation, rate/12 a month).
func MonthlyPayment(principal, annualRatePercent float64, months int) float64 {
	if principal <= 0 || months <= 0 {
		return 0
	}
	r := annualRatePercent / 100 / 12
	if r == 0 {
		return principal / float64(months)
	}
	f := math.Pow(1+r, float64(months))
	return principal * r * f / (f - 1)
}

// RoundCents rounds half away from zero to whole cents, the rule for every
// dollar figure the product shows or stores.
func RoundCents(v float64) float64 { return math.Round(v*100) / 100 }

// RoundAPR rounds an APR in percent to the three decimals it is shown with.
func RoundAPR(v float64) float64 { return math.Round(v*1000) / 1000 }

// MIStopLTV is where borrower-paid mortgage insurance ends automatically: when
// the scheduled balance first reaches 78% of the original value (the
// Homeowners Protection Act of 1998, 12 U.S.C. 4902(b)).
const MIStopLTV = 0.78

// MortgageInsuranceMonths is how many monthly payments carry mortgage
// insurance: until the scheduled balance first reaches 78% of the property
// value. With no value, or a balance already at or under that line (we do
// not know why insurance is charged, so we do not guess when it stops), it is
// the whole term.
func MortgageInsuranceMonths(principal, annualRatePercent float64, months int, propertyValue float64) int {
	limit := MIStopLTV * propertyValue
	if propertyValue <= 0 || principal <= limit {
		return months
	}
	payment := MonthlyPayment(principal, annualRatePercent, months)
	r := annualRatePercent / 100 / 12
	balance := principal
	for k := 1; k <= months; k++ {
		balance -= payment - balance*r
		if balance <= limit+1e-9 {
			return k
		}
	}
	return months
}

// InterestPaid is the interest of the first months payments on a loan of
// balance at annualRatePercent paid with payment a month; payments stop
// when the loan is repaid. The loop is at most MaxTermMonths long.
func InterestPaid(balance, annualRatePercent, payment float64, months int) float64 {
	schedule := InterestByMonth(balance, annualRatePercent, payment, months)
	if len(schedule) == 0 {
		return 0
	}
	return schedule[len(schedule)-1]
}

// InterestByMonth is the running total of interest month by month: element
// k is the interest of the first k+1 payments (at most MaxTermMonths of
// them). Once the loan is repaid the total stays where it is.
func InterestByMonth(balance, annualRatePercent, payment float64, months int) []float64 {
	r := annualRatePercent / 100 / 12
	months = max(0, min(months, MaxTermMonths))
	out := make([]float64, months)
	total := 0.0
	for k := range months {
		if balance > 0 {
			interest := balance * r
			total += interest
			balance -= payment - interest
		}
		out[k] = total
	}
	return out
}
