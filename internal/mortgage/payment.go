// Package mortgage is quotegrade's loan arithmetic: pure functions, no I/O.
// Figures are kept at full float64 precision inside and rounded to cents only
// where they are shown or stored (RoundCents).
package mortgage

import "math"

// TermMonths is the amortisation term of a loan program: 30-year fixed 360,
// 15-year fixed 180, and a 5/1 ARM amortises over 360 months at its start rate.
func TermMonths(program string) int {
	if program == "15-year-fixed" {
		return 180
	}
	return 360
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
