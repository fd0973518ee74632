package mortgage

import "math"

// MonthlySavings is spec section 9's rule: the current principal and
// interest less the new one, rounded down to a whole step of $5.
func MonthlySavings(currentPI, newPI float64) float64 {
	// The small epsilon keeps a difference of exactly $25.00 that float64
	// holds as 24.999999 from falling to $20.
	return math.Floor((currentPI-newPI)/5+1e-9) * 5
}

// BreakEvenMonths is how many months of savings pay back the closing costs:
// ceil(costs / savings). ok is false when nothing is saved, so it never
// pays back; costs of 0 or less (a lender credit covering them) pay back at once.
func BreakEvenMonths(closingCosts, monthlySavings float64) (months int, ok bool) {
	if monthlySavings <= 0 {
		return 0, false
	}
	if closingCosts <= 0 {
		return 0, true
	}
	return int(math.Ceil(closingCosts/monthlySavings - 1e-9)), true
}

// RefinanceRecommended is spec section 9's rule for one quote: its rate is
// below the current rate and its lender credit (negative lender fees) is
// larger than the third-party fees, so the owner pays nothing to lower the rate.
func RefinanceRecommended(quoteRatePct, currentRatePct, lenderFees, thirdPartyFees float64) bool {
	return quoteRatePct < currentRatePct && -lenderFees > thirdPartyFees
}

// Refinance advice, the three headings of spec section 2's Refi Buddy results.
const (
	AdviceRecommended      = "recommended"       // 'Refinancing is Recommended!'
	AdvicePotentialSavings = "potential_savings" // 'Potential Savings Available'
	AdviceWait             = "wait"              // 'Wait to Refinance'
)

// RefinanceAdvice decides the heading: recommended when some quote meets
// spec section 9's rule; potential savings when the monthly savings of the
// best quote are positive but none meets it; wait otherwise.
func RefinanceAdvice(anyRecommended bool, bestMonthlySavings float64) string {
	switch {
	case anyRecommended:
		return AdviceRecommended
	case bestMonthlySavings > 0:
		return AdvicePotentialSavings
	}
	return AdviceWait
}

// InterestSaved is the interest an owner saves over the first months by
// moving from the current loan (balance, rate, payment) to the new one.
func InterestSaved(currentBalance, currentRatePct, currentPI, newAmount, newRatePct, newPI float64, months int) float64 {
	return InterestPaid(currentBalance, currentRatePct, currentPI, months) - InterestPaid(newAmount, newRatePct, newPI, months)
}

// RemainingMonths is how many more monthly payments of payment repay
// balance at annualRatePercent: the amortisation formula solved for the
// number of payments, rounded up (the last one smaller), an estimate. ok is false when it
// never repays (a payment at or below the month's interest) or the figures
// are not a loan; it is at most MaxTermMonths.
func RemainingMonths(balance, annualRatePercent, payment float64) (months int, ok bool) {
	if !(balance > 0) || !(payment > 0) || !(annualRatePercent >= 0) || math.IsInf(balance, 0) {
		return 0, false
	}
	r := annualRatePercent / 100 / 12
	n := balance / payment
	if r > 0 {
		if payment <= balance*r {
			return 0, false
		}
		n = -math.Log(1-r*balance/payment) / math.Log(1+r)
	}
	// A remainder under a twentieth of a payment is paid with the last one,
	// as a schedule of payments rounded to cents does, not a month more.
	months = int(math.Ceil(n - 0.05))
	if months > MaxTermMonths {
		return 0, false
	}
	return max(months, 1), true
}
