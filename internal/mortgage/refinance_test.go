package mortgage

import (
	"math"
	"strings"
	"testing"
)

func TestMonthlySavingsStepsOfFive(t *testing.T) {
	for _, c := range []struct{ current, next, want float64 }{
		{2097.64, 1868.66, 225}, // 228.98 rounds down to 225
		{2000, 1975, 25},        // exactly a step
		{1800, 1900, -100},      // paying more is negative savings
		{1900.01, 1900, 0},
	} {
		if got := MonthlySavings(c.current, c.next); got != c.want {
			t.Errorf("MonthlySavings(%v, %v) = %v, want %v", c.current, c.next, got, c.want)
		}
	}
}

func TestBreakEvenMonths(t *testing.T) {
	if m, ok := BreakEvenMonths(3000, 225); !ok || m != 14 {
		t.Errorf("3000 / 225: %d %v", m, ok)
	}
	if m, ok := BreakEvenMonths(2250, 225); !ok || m != 10 {
		t.Errorf("exactly 10 months: %d %v", m, ok)
	}
	if _, ok := BreakEvenMonths(3000, 0); ok {
		t.Error("no savings never breaks even")
	}
	if m, ok := BreakEvenMonths(-500, 50); !ok || m != 0 {
		t.Errorf("a credit covering the costs pays back at once: %d %v", m, ok)
	}
}

// Spec section 9: recommended when a quote's rate is below the current rate
// and its lender credit is larger than the third-party fees.
func TestRefinanceRecommendedAndAdvice(t *testing.T) {
	if !RefinanceRecommended(6.25, 7.25, -2500, 2000) {
		t.Error("lower rate with a credit above the fees")
	}
	if RefinanceRecommended(6.25, 7.25, -2000, 2000) || RefinanceRecommended(7.25, 7.25, -5000, 2000) || RefinanceRecommended(6, 7, 500, 2000) {
		t.Error("recommended without a lower rate and a credit larger than the fees")
	}
	if RefinanceAdvice(true, 0) != AdviceRecommended || RefinanceAdvice(false, 5) != AdvicePotentialSavings || RefinanceAdvice(false, 0) != AdviceWait {
		t.Error("advice headings")
	}
}

func TestInterestSaved(t *testing.T) {
	cur := RoundCents(MonthlyPayment(300000, 7.5, 360))
	next := RoundCents(MonthlyPayment(300000, 6.36, 360))
	saved := InterestSaved(300000, 7.5, cur, 300000, 6.36, next, 84)
	// Interest over k payments is the payments less the principal repaid:
	// k·P - (B - B_k), with B_k the scheduled balance.
	paid := func(rate, p float64) float64 {
		r := rate / 1200
		g := math.Pow(1+r, 84)
		return p*84 - (300000 - (300000*g - p*(g-1)/r))
	}
	if want := paid(7.5, cur) - paid(6.36, next); math.Abs(saved-want) > 0.01 {
		t.Fatalf("interest saved over 7 years = %.2f, want %.2f", saved, want)
	}
}

func TestCompareSentences(t *testing.T) {
	fees := Offer{Upfront: 4850 + 2100, PrincipalAndInterest: 2883.41, MortgageInsurance: 165, MIMonths: 109}
	credit := Offer{Upfront: -1200 + 2100, PrincipalAndInterest: 3103.69, MortgageInsurance: 158, MIMonths: 109}
	c := Compare(fees, credit, "Your quote", "the recommended quote")
	if c.UpfrontDifference != 6050 || c.MonthlyDifference != -213.28 || c.BreakEvenMonths == nil || *c.BreakEvenMonths != 29 {
		t.Fatalf("%+v", c)
	}
	if c.CostDifference[7] != 6050-213.28*84 {
		t.Fatalf("7 years: %v", c.CostDifference[7])
	}
	want := "Your quote costs $6,050 more upfront but $213.28 less a month than the recommended quote: it makes up the difference after 29 months, and over 7 years it costs $11,865.52 less."
	if c.Summary != want {
		t.Fatalf("summary:\n%s\nwant\n%s", c.Summary, want)
	}
	back := Compare(credit, fees, "The recommended quote", "your quote")
	if !strings.HasPrefix(back.Summary, "The recommended quote costs $6,050 less upfront but $213.28 more a month than your quote: after 29 months your quote is cheaper") {
		t.Fatalf("mirror: %s", back.Summary)
	}
	same := Compare(fees, fees, "A", "B")
	if same.Summary != "A and B cost the same upfront and every month." || same.BreakEvenMonths != nil {
		t.Fatalf("same: %+v", same)
	}
}

// The months left on a loan, from its balance, rate and payment: a new
// 30-year loan's own payment has 360 left; 324 after three years of it;
// a payment that only covers the interest never repays.
func TestRemainingMonths(t *testing.T) {
	pay := RoundCents(MonthlyPayment(300000, 6.5, 360))
	after36 := 300000.0
	for range 36 {
		after36 -= pay - RoundCents(after36*0.065/12)
	}
	for _, c := range []struct {
		balance, rate, payment float64
		want                   int
		ok                     bool
	}{
		{300000, 6.5, pay, 360, true},
		{after36, 6.5, pay, 324, true},
		{120000, 0, 1000, 120, true},
		{300000, 6.0, 1500, 0, false}, // exactly the interest
		{300000, 6.0, 1000, 0, false},
		{0, 6.0, 1000, 0, false},
		{300000, 6.0, 0, 0, false},
	} {
		got, ok := RemainingMonths(c.balance, c.rate, c.payment)
		if got != c.want || ok != c.ok {
			t.Errorf("RemainingMonths(%v, %v, %v) = %d, %v; want %d, %v", c.balance, c.rate, c.payment, got, ok, c.want, c.ok)
		}
	}
}
