package mortgage

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func randomLoan(rng *rand.Rand) Loan {
	return Loan{Amount: 50000 + rng.Float64()*1_500_000, RatePct: 0.5 + rng.Float64()*12, TermMonths: []int{180, 360}[rng.IntN(2)]}
}

// Payment rises with the rate and with the principal.
func TestPaymentRisesWithRateAndPrincipal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		l := randomLoan(rng)
		p := MonthlyPayment(l.Amount, l.RatePct, l.TermMonths)
		if higher := MonthlyPayment(l.Amount, l.RatePct+0.125, l.TermMonths); !(higher > p) {
			t.Fatalf("%+v: payment at a higher rate %.6f is not above %.6f", l, higher, p)
		}
		if bigger := MonthlyPayment(l.Amount+1000, l.RatePct, l.TermMonths); !(bigger > p) {
			t.Fatalf("%+v: payment on more principal %.6f is not above %.6f", l, bigger, p)
		}
	}
}

// The APR equals the note rate when there are no finance charges and
// exceeds it when there are.
func TestAPRAgainstNoteRate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		l := randomLoan(rng)
		f, err := l.Figures()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(f.APR-l.RatePct) > 0.0005 {
			t.Fatalf("%+v: APR %.4f without finance charges, note rate %.4f", l, f.APR, l.RatePct)
		}
		exact, _ := APR(APRInput{AmountFinanced: l.Amount - 500, Payments: []PaymentRun{{Amount: f.PrincipalAndInterest, Count: l.TermMonths}}})
		if !(exact > l.RatePct) {
			t.Fatalf("%+v: APR %.6f with $500 of fees is not above the note rate", l, exact)
		}
		l.MonthlyMortgageInsurance = 50
		withMI, err := l.Figures()
		if err != nil || !(withMI.APR > l.RatePct) {
			t.Fatalf("%+v: APR %.4f with mortgage insurance is not above the note rate (%v)", l, withMI.APR, err)
		}
	}
}

func TestAPRImpossibleInputs(t *testing.T) {
	for name, in := range map[string]APRInput{
		"nothing financed":           {AmountFinanced: 0, Payments: []PaymentRun{{230, 24}}},
		"negative amount":            {AmountFinanced: -5000, Payments: []PaymentRun{{230, 24}}},
		"NaN amount":                 {AmountFinanced: math.NaN(), Payments: []PaymentRun{{230, 24}}},
		"no payments":                {AmountFinanced: 5000},
		"payments that do not repay": {AmountFinanced: 5000, Payments: []PaymentRun{{100, 24}}},
		"negative payment":           {AmountFinanced: 5000, Payments: []PaymentRun{{-230, 24}}},
		"infinite payment":           {AmountFinanced: 5000, Payments: []PaymentRun{{math.Inf(1), 24}}},
		"a rate beyond reason":       {AmountFinanced: 100, Payments: []PaymentRun{{1e6, 24}}},
		"too many payments":          {AmountFinanced: 5000, Payments: []PaymentRun{{10, 481}}},
		"odd period of a month":      {AmountFinanced: 5000, Payments: []PaymentRun{{230, 24}}, OddFraction: 1},
	} {
		if _, err := APR(in); !errors.Is(err, ErrImpossibleLoan) {
			t.Errorf("%s: err = %v, want ErrImpossibleLoan", name, err)
		}
	}
	if apr, err := APR(APRInput{AmountFinanced: 2400, Payments: []PaymentRun{{100, 24}}}); err != nil || apr != 0 {
		t.Errorf("repaying exactly the amount financed: APR %v, %v; want 0", apr, err)
	}
	for name, l := range map[string]Loan{
		"no loan":       {Amount: 0, RatePct: 6, TermMonths: 360},
		"rate over 100": {Amount: 1000, RatePct: 101, TermMonths: 360},
		"no term":       {Amount: 1000, RatePct: 6},
		"fees eat it":   {Amount: 1000, RatePct: 6, TermMonths: 360, PrepaidFinanceCharges: 1000},
	} {
		if _, err := l.Figures(); !errors.Is(err, ErrImpossibleLoan) {
			t.Errorf("%s: err = %v, want ErrImpossibleLoan", name, err)
		}
	}
}

// Whatever the numbers, the solver returns an APR in range or an error,
// without a panic. Its loop is bounded by construction (maxIterations); a
// hang would trip go test's timeout rather than a clock in the test.
func FuzzAPR(f *testing.F) {
	f.Add(5000.0, 230.0, 24, 0.0, 0.0, 0)
	f.Add(300000.0, 1896.2, 359, 1900.0, 0.0, 1)
	f.Add(1.0, 1e300, 1, 0.5, 1e-300, 479)
	f.Add(-1.0, math.NaN(), 0, math.Inf(1), -3.0, -5)
	f.Fuzz(func(t *testing.T, amount, payment float64, count int, odd, last float64, lastCount int) {
		in := APRInput{AmountFinanced: amount, OddFraction: odd,
			Payments: []PaymentRun{{Amount: payment, Count: count % 600}, {Amount: last, Count: lastCount % 600}}}
		apr, err := APR(in)
		if err == nil && (math.IsNaN(apr) || apr < 0 || apr > MaxAPR) {
			t.Fatalf("APR %v for %+v", apr, in)
		}
	})
}

func BenchmarkMonthlyPayment(b *testing.B) {
	for b.Loop() {
		MonthlyPayment(300000, 6.5, 360)
	}
}

func BenchmarkAPR(b *testing.B) {
	in := APRInput{AmountFinanced: 297500, Payments: []PaymentRun{{Amount: 2061.2, Count: 109}, {Amount: 1896.2, Count: 251}}}
	for b.Loop() {
		if _, err := APR(in); err != nil {
			b.Fatal(err)
		}
	}
}

// Payment is Figures when an APR describes the loan, and the payment alone
// when none does (prepaid charges as large as the loan): the same principal
// and interest, and insurance for the months Figures would count.
func TestPaymentWithAndWithoutAnAPR(t *testing.T) {
	l := Loan{Amount: 400000, RatePct: 6.875, TermMonths: 360, PrepaidFinanceCharges: -3200, MonthlyMortgageInsurance: 120, MortgageInsuranceMonths: 100}
	want, err := l.Figures()
	if got, ok := l.Payment(); err != nil || !ok || got != want {
		t.Fatalf("with an APR: %+v %v, want %+v %v", got, ok, want, err)
	}
	l.PrepaidFinanceCharges = 400000
	got, ok := l.Payment()
	if ok || got.APR != 0 || got.PrincipalAndInterest != want.PrincipalAndInterest || got.MortgageInsurance != 120 ||
		got.MortgageInsuranceMonths != 100 || got.MonthlyPayment != RoundCents(want.PrincipalAndInterest+120) {
		t.Fatalf("without an APR: %+v %v", got, ok)
	}
}
