package mortgage

import (
	"errors"
	"fmt"
	"math"
)

// PaymentRun is Count consecutive monthly payments of Amount.
type PaymentRun struct {
	Amount float64 `json:"amount"`
	Count  int     `json:"count"`
}

// APRInput is a single-advance transaction with monthly unit-periods, in the
// terms of Regulation Z, Appendix J (12 CFR 1026): the amount financed
// advanced at consummation and the payments that follow, the first one
// OddFraction of a month plus one month later.
type APRInput struct {
	AmountFinanced float64
	Payments       []PaymentRun
	// OddFraction is the odd first period as a fraction of a month, Appendix
	// J (b)(5)(iii): odd days over 30. Zero for a regular first period.
	OddFraction float64
}

// ErrImpossibleLoan is returned, wrapped with the reason, for inputs no APR describes.
var ErrImpossibleLoan = errors.New("impossible loan")

func impossible(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrImpossibleLoan, fmt.Sprintf(format, a...))
}

// MaxAPR is the highest APR the solver looks for, in percent. Nothing a
// mortgage page shows comes near it; past it the inputs are a mistake.
const MaxAPR = 1000.0

const (
	maxIterations = 100
	// tolerance on the unit-period rate: 1e-12 a month is 1.2e-9 percentage
	// points a year, far below the 0.001 shown.
	rateTolerance = 1e-12
)

// APR is the annual percentage rate in percent by the actuarial method of
// Regulation Z, Appendix J: the unit-period rate i that makes the present
// value of the payments, discounted by (1+f·i)(1+i)^t, equal the amount
// financed, times 12. It solves by Newton's method kept inside a bracket
// that always holds the root, bisecting when a Newton step would leave it,
// for at most 100 steps. Inputs that no positive rate describes are an error
// wrapping ErrImpossibleLoan; it never loops forever.
func APR(in APRInput) (float64, error) {
	if err := in.check(); err != nil {
		return 0, err
	}
	total := 0.0
	for _, p := range in.Payments {
		total += p.Amount * float64(p.Count)
	}
	switch {
	case total < in.AmountFinanced*(1-1e-12):
		return 0, impossible("the payments (%.2f) do not repay the amount financed (%.2f)", total, in.AmountFinanced)
	case total <= in.AmountFinanced*(1+1e-12):
		return 0, nil // no finance charge: the rate is zero
	}
	lo, hi := 0.0, MaxAPR/100/12
	if in.excess(hi) > 0 {
		return 0, impossible("the APR would be above %.0f%%", MaxAPR)
	}
	i := in.guess(total)
	for range maxIterations {
		g, dg := in.excessAndSlope(i)
		if g > 0 {
			lo = i
		} else {
			hi = i
		}
		next := i - g/dg
		if !(next > lo && next < hi) || math.IsNaN(next) {
			next = (lo + hi) / 2
		}
		if math.Abs(next-i) < rateTolerance || hi-lo < rateTolerance {
			return next * 12 * 100, nil
		}
		i = next
	}
	return (lo + hi) / 2 * 12 * 100, nil
}

func (in APRInput) check() error {
	if !(in.AmountFinanced > 0) || math.IsInf(in.AmountFinanced, 0) {
		return impossible("the amount financed must be more than 0")
	}
	if !(in.OddFraction >= 0 && in.OddFraction < 1) {
		return impossible("the odd first period must be at least 0 and under a month")
	}
	n := 0
	for _, p := range in.Payments {
		if p.Count <= 0 || !(p.Amount >= 0) || math.IsInf(p.Amount, 0) {
			return impossible("each payment must be 0 or more, and come at least once")
		}
		n += p.Count
		if n > MaxTermMonths {
			return impossible("at most %d monthly payments", MaxTermMonths)
		}
	}
	if n == 0 {
		return impossible("there are no payments")
	}
	return nil
}

// guess starts Newton near the root: the rate at which the average
// payment repays the amount financed over the same number of months, by
// the actuarial rule of thumb 2·charge / (amount · (n+1)).
func (in APRInput) guess(total float64) float64 {
	n := 0
	for _, p := range in.Payments {
		n += p.Count
	}
	return 2 * (total - in.AmountFinanced) / (in.AmountFinanced * float64(n+1))
}

// excess is the present value of the payments at unit-period rate i less
// the amount financed; it falls as i rises.
func (in APRInput) excess(i float64) float64 {
	g, _ := in.excessAndSlope(i)
	return g
}

func (in APRInput) excessAndSlope(i float64) (float64, float64) {
	v := 1 / (1 + i)
	vk := v
	k := 1.0
	pv, dpv := 0.0, 0.0
	for _, p := range in.Payments {
		for range p.Count {
			pv += p.Amount * vk
			dpv -= k * p.Amount * vk * v
			vk *= v
			k++
		}
	}
	// The odd first period discounts every payment by (1 + f·i), Appendix J (b)(8).
	odd := 1 + in.OddFraction*i
	return pv/odd - in.AmountFinanced, dpv/odd - pv*in.OddFraction/(odd*odd)
}

// Loan is one loan as a Loan Estimate describes it.
type Loan struct {
	Amount     float64
	RatePct    float64
	TermMonths int
	// PrepaidFinanceCharges are the lender's fees and points, less lender
	// credits (negative when the credit is larger). Appraisal and title fees
	// are not finance charges on a real-estate loan (12 CFR 1026.4(c)(7)).
	PrepaidFinanceCharges float64
	// MonthlyMortgageInsurance is paid for MortgageInsuranceMonths payments
	// (the whole term when zero).
	MonthlyMortgageInsurance float64
	MortgageInsuranceMonths  int
}

// LoanFigures are a loan's payment and disclosure figures, money rounded to cents.
type LoanFigures struct {
	PrincipalAndInterest    float64
	MortgageInsurance       float64
	MonthlyPayment          float64
	MortgageInsuranceMonths int
	AmountFinanced          float64
	FinanceCharge           float64
	TotalOfPayments         float64
	APR                     float64 // percent, rounded to 3 decimals
}

// Figures computes a loan's payment and its APR from the amount financed
// (loan amount less prepaid finance charges) and the payment stream of
// rounded principal and interest plus mortgage insurance while it lasts.
func (l Loan) Figures() (LoanFigures, error) {
	if !(l.Amount > 0) || l.Amount > 1e9 {
		return LoanFigures{}, impossible("the loan amount must be more than 0")
	}
	if !(l.RatePct >= 0 && l.RatePct <= 100) {
		return LoanFigures{}, impossible("the rate must be between 0 and 100")
	}
	if l.TermMonths <= 0 || l.TermMonths > MaxTermMonths {
		return LoanFigures{}, impossible("the term must be 1 to %d months", MaxTermMonths)
	}
	if !(l.MonthlyMortgageInsurance >= 0) || l.MortgageInsuranceMonths < 0 {
		return LoanFigures{}, impossible("mortgage insurance must be 0 or more")
	}
	pi := RoundCents(MonthlyPayment(l.Amount, l.RatePct, l.TermMonths))
	mi := RoundCents(l.MonthlyMortgageInsurance)
	miMonths := l.MortgageInsuranceMonths
	if miMonths == 0 || miMonths > l.TermMonths {
		miMonths = l.TermMonths
	}
	if mi == 0 {
		miMonths = 0
	}
	f := LoanFigures{PrincipalAndInterest: pi, MortgageInsurance: mi, MonthlyPayment: RoundCents(pi + mi),
		MortgageInsuranceMonths: miMonths, AmountFinanced: RoundCents(l.Amount - l.PrepaidFinanceCharges)}
	stream := paymentStream(l.TermMonths, pi, mi, miMonths, finalPrincipalAndInterest(l.Amount, l.RatePct, l.TermMonths, pi))
	for _, p := range stream {
		f.TotalOfPayments += p.Amount * float64(p.Count)
	}
	f.TotalOfPayments = RoundCents(f.TotalOfPayments)
	f.FinanceCharge = RoundCents(f.TotalOfPayments - f.AmountFinanced)
	apr, err := APR(APRInput{AmountFinanced: f.AmountFinanced, Payments: stream})
	if err != nil {
		return LoanFigures{}, err
	}
	f.APR = RoundAPR(apr)
	return f, nil
}

// Payment is a loan's monthly figures whether or not an APR describes it:
// Figures when one does (ok true); otherwise (a credit as large as the loan,
// say) the payment alone, principal and interest plus mortgage insurance for
// the same months Figures counts, with no APR. It is the one pricing of a
// quote that internal/figures and the comparison of quotes share, so a
// quote's payment is the same on every page.
func (l Loan) Payment() (f LoanFigures, ok bool) {
	if f, err := l.Figures(); err == nil {
		return f, true
	}
	pi, mi := RoundCents(MonthlyPayment(l.Amount, l.RatePct, l.TermMonths)), RoundCents(l.MonthlyMortgageInsurance)
	miMonths := l.MortgageInsuranceMonths
	if miMonths == 0 || miMonths > l.TermMonths {
		miMonths = l.TermMonths
	}
	if mi == 0 {
		miMonths = 0
	}
	return LoanFigures{PrincipalAndInterest: pi, MortgageInsurance: mi, MonthlyPayment: RoundCents(pi + mi), MortgageInsuranceMonths: miMonths}, false
}

// finalPrincipalAndInterest is the last payment of a schedule of rounded
// payments: what is left after the others, with its month's interest, so the
// payments repay the loan exactly (a level payment rounded to cents does not).
func finalPrincipalAndInterest(amount, ratePct float64, months int, payment float64) float64 {
	r := ratePct / 100 / 12
	k := float64(months - 1)
	balance := amount - payment*k
	if r > 0 {
		growth := math.Pow(1+r, k)
		balance = amount*growth - payment*(growth-1)/r
	}
	return RoundCents(balance * (1 + r))
}

// paymentStream is months payments of pi, the first miMonths with mi added,
// and the last one final (plus mi when insurance lasts the whole term).
func paymentStream(months int, pi, mi float64, miMonths int, final float64) []PaymentRun {
	var stream []PaymentRun
	add := func(amount float64, count int) {
		if count > 0 {
			stream = append(stream, PaymentRun{Amount: RoundCents(amount), Count: count})
		}
	}
	withMI := min(miMonths, months-1)
	add(pi+mi, withMI)
	add(pi, months-1-withMI)
	if miMonths >= months {
		final += mi
	}
	add(final, 1)
	return stream
}
