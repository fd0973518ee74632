package mortgage

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"quotegrade/internal/vocab"
)

// vectors is testdata/vectors.json, which web/src/lib/mortgage.test.ts reads too.
type vectors struct {
	Payments []struct {
		Name, Source         string
		Principal            float64
		RatePercent          float64
		TermMonths           int
		PrincipalAndInterest float64
	}
	APRs []struct {
		Name, Source   string
		AmountFinanced float64
		Payments       []PaymentRun
		OddFraction    float64
		APR            float64
		Decimals       int
	} `json:"aprs"`
	MortgageInsuranceMonths []struct {
		Name, Source  string
		Principal     float64
		RatePercent   float64
		TermMonths    int
		PropertyValue float64
		Months        int
	}
	Loans []struct {
		Name, Source             string
		LoanAmount               float64
		RatePercent              float64
		TermMonths               int
		PrepaidFinanceCharges    float64
		MonthlyMortgageInsurance float64
		MortgageInsuranceMonths  int
		PrincipalAndInterest     float64
		MonthlyPayment           float64
		APR                      float64
	}
}

func loadVectors(t testing.TB) vectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Payments) == 0 || len(v.APRs) == 0 || len(v.Loans) == 0 {
		t.Fatal("vectors.json lost its cases")
	}
	return v
}

func TestMonthlyPaymentVectors(t *testing.T) {
	for _, c := range loadVectors(t).Payments {
		if got := RoundCents(MonthlyPayment(c.Principal, c.RatePercent, c.TermMonths)); got != c.PrincipalAndInterest {
			t.Errorf("%s (%s): payment = %.2f, want %.2f", c.Name, c.Source, got, c.PrincipalAndInterest)
		}
	}
}

// The APR examples of Regulation Z, Appendix J, to the precision they are
// published with (two decimals); the solver itself is exact to far less.
func TestAPRAppendixJExamples(t *testing.T) {
	for _, c := range loadVectors(t).APRs {
		got, err := APR(APRInput{AmountFinanced: c.AmountFinanced, Payments: c.Payments, OddFraction: c.OddFraction})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		scale := math.Pow(10, float64(c.Decimals))
		if math.Round(got*scale)/scale != c.APR {
			t.Errorf("%s (%s): APR = %.5f, want %.*f", c.Name, c.Source, got, c.Decimals, c.APR)
		}
	}
}

// Mortgage-sized loans: the core's figures, pinned in the shared vectors and
// checked here against an independent plain bisection over every payment.
func TestLoanFiguresVectors(t *testing.T) {
	for _, c := range loadVectors(t).Loans {
		l := Loan{Amount: c.LoanAmount, RatePct: c.RatePercent, TermMonths: c.TermMonths, PrepaidFinanceCharges: c.PrepaidFinanceCharges,
			MonthlyMortgageInsurance: c.MonthlyMortgageInsurance, MortgageInsuranceMonths: c.MortgageInsuranceMonths}
		f, err := l.Figures()
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if f.PrincipalAndInterest != c.PrincipalAndInterest || f.MonthlyPayment != c.MonthlyPayment || f.APR != c.APR {
			t.Errorf("%s: P&I %.2f payment %.2f APR %.3f, want %.2f %.2f %.3f", c.Name, f.PrincipalAndInterest, f.MonthlyPayment, f.APR,
				c.PrincipalAndInterest, c.MonthlyPayment, c.APR)
		}
		stream := paymentStream(l.TermMonths, f.PrincipalAndInterest, f.MortgageInsurance, f.MortgageInsuranceMonths,
			finalPrincipalAndInterest(l.Amount, l.RatePct, l.TermMonths, f.PrincipalAndInterest))
		if plain := bisectAPR(f.AmountFinanced, stream); math.Abs(plain-f.APR) > 0.0005 {
			t.Errorf("%s: APR %.3f, plain bisection %.5f", c.Name, f.APR, plain)
		}
	}
}

// bisectAPR is the textbook solve, payment by payment, 200 halvings.
func bisectAPR(amount float64, stream []PaymentRun) float64 {
	pv := func(i float64) float64 {
		s, k := 0.0, 1.0
		for _, p := range stream {
			for range p.Count {
				s += p.Amount / math.Pow(1+i, k)
				k++
			}
		}
		return s
	}
	lo, hi := 0.0, 1.0
	for range 200 {
		mid := (lo + hi) / 2
		if pv(mid) > amount {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo * 1200
}

func TestMortgageInsuranceMonthsVectors(t *testing.T) {
	for _, c := range loadVectors(t).MortgageInsuranceMonths {
		if got := MortgageInsuranceMonths(c.Principal, c.RatePercent, c.TermMonths, c.PropertyValue); got != c.Months {
			t.Errorf("%s (%s): %d months, want %d", c.Name, c.Source, got, c.Months)
		}
	}
}

func TestTermMonths(t *testing.T) {
	for program, want := range map[vocab.Program]int{vocab.Fixed30: 360, vocab.Fixed15: 180, vocab.ARM51: 360, "": 360} {
		if got := TermMonths(program); got != want {
			t.Errorf("TermMonths(%q) = %d, want %d", program, got, want)
		}
	}
}

func TestLoanAmounts(t *testing.T) {
	if got := PurchaseLoanAmount(450000, 45000); got != 405000 {
		t.Errorf("purchase: %v", got)
	}
	if got := RefinanceLoanAmount(320000, 50000); got != 370000 {
		t.Errorf("cash-out refinance: %v", got)
	}
}

// Mortgage insurance stops when the scheduled balance reaches 78% of the
// value: 90% of 500,000 at 6.5% over 360 months crosses 390,000 in month 109.
func TestMortgageInsuranceMonths(t *testing.T) {
	got := MortgageInsuranceMonths(450000, 6.5, 360, 500000)
	r := 6.5 / 1200
	p := MonthlyPayment(450000, 6.5, 360)
	balance := func(k int) float64 {
		g := math.Pow(1+r, float64(k))
		return 450000*g - p*(g-1)/r
	}
	if got != 109 || !(balance(got) <= 390000 && balance(got-1) > 390000) {
		t.Fatalf("insurance stops after %d months: balance then %.2f, before %.2f", got, balance(got), balance(got-1))
	}
	if MortgageInsuranceMonths(450000, 6.5, 360, 0) != 360 || MortgageInsuranceMonths(300000, 6.5, 360, 500000) != 360 {
		t.Fatal("without a value, or already under the line, insurance is assumed for the whole term")
	}
}

func TestInterestPaid(t *testing.T) {
	// A whole term's interest is the payments less the principal.
	p := RoundCents(MonthlyPayment(162000, 3.875, 360))
	if got, want := InterestPaid(162000, 3.875, p, 360), p*360-162000; math.Abs(got-want) > 5 {
		t.Fatalf("interest over the term = %.2f, want about %.2f", got, want)
	}
	// One month: the balance times the monthly rate.
	if got := InterestPaid(300000, 6, 1798.65, 1); math.Abs(got-1500) > 1e-9 {
		t.Fatalf("first month's interest = %v", got)
	}
}

func TestRoundingRules(t *testing.T) {
	if RoundCents(1896.2042) != 1896.2 || RoundCents(0.125) != 0.13 || RoundCents(-0.125) != -0.13 {
		t.Fatal("cents")
	}
	if RoundAPR(6.61249) != 6.612 || RoundAPR(6.6125001) != 6.613 {
		t.Fatal("APR to three decimals")
	}
}
