package comparison

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"quotegrade/internal/vocab"
)

// The expected figures below were worked out apart from this package: a
// month-by-month amortisation in exact decimals (payment rounded to cents,
// interest on the running balance) and a bisection for the APR, then checked
// by hand at the first months, as each case's comment shows.

func zero() *float64 { v := 0.0; return &v }

// Quote B buys the rate down 0.25 with one point ($3,000 on $300,000). The
// first month's interest is $1,750.00 at 7% and $1,687.50 at 6.75%: $62.50
// a month less, shrinking slowly, so the $3,000 takes about 48 months to
// come back. Month 47: A $83,754.49, B $83,800.81 (A cheaper); month 48:
// A $85,427.18, B $85,410.39 (B cheaper), and the order stays.
func TestOrderFlipsAtAKnownMonth(t *testing.T) {
	s := Scenario{LoanAmount: 300000, PropertyValue: 400000, ThirdPartyFees: 3200, HorizonMonths: 24}
	quotes := []Quote{
		{Name: "Quote A", RatePct: 7, MonthlyMortgageInsurance: zero()},
		{Name: "Quote B", RatePct: 6.75, PointsPercent: 1, MonthlyMortgageInsurance: zero()},
	}
	r := mustCompare(t, s, quotes)
	a, b := r.Quotes[0], r.Quotes[1]
	checkMoney(t, "payments", []float64{a.PrincipalAndInterest, b.PrincipalAndInterest}, []float64{1995.91, 1945.79})
	checkMoney(t, "APRs", []float64{*a.APR, *b.APR}, []float64{7.000, 6.848})
	checkMoney(t, "points, lender costs, closing costs", []float64{b.Points, b.LenderCosts, a.ClosingCosts, b.ClosingCosts},
		[]float64{3000, 3000, 3200, 6200})
	// At two years A is cheaper; at seven, B.
	checkMoney(t, "cost over 24 months", []float64{a.CostAtHorizon, b.CostAtHorizon}, []float64{44786.62, 46281.96})
	checkMoney(t, "cost over 7 years", []float64{a.CostByYears[7], b.CostByYears[7]}, []float64{144298.41, 142009.24})
	if !reflect.DeepEqual(r.Cheapest, []int{0}) || a.Rank != 1 || b.Rank != 2 {
		t.Errorf("cheapest at 24 months = %v, ranks %d %d; want A first", r.Cheapest, a.Rank, b.Rank)
	}
	be := only(t, r.BreakEvens)
	if be.Quote != 1 || be.Other != 0 || be.Months == nil || *be.Months != 48 || be.UpfrontDifference != 3000 {
		t.Fatalf("break-even = %+v, want B over A after 48 months, $3,000", be)
	}
	want := "Quote B's lower rate pays back its $3,000 higher costs after 48 months (4 years); keep the loan less than that and Quote A costs less."
	if be.Summary != want {
		t.Errorf("break-even sentence:\n got %q\nwant %q", be.Summary, want)
	}
	if !strings.HasPrefix(r.Summary, "Quote A is the cheapest over the 2 years you expect to keep the loan: it costs $44,786.62, $1,495.34 less") {
		t.Errorf("summary = %q", r.Summary)
	}
	// The same quotes kept seven years: B wins.
	s.HorizonMonths = 84
	r = mustCompare(t, s, quotes)
	if !reflect.DeepEqual(r.Cheapest, []int{1}) {
		t.Errorf("cheapest at 84 months = %v, want B", r.Cheapest)
	}
	if len(r.Notes) != 0 {
		t.Errorf("same loan, notes = %q", r.Notes)
	}
}

// A no-cost quote (a $3,200 lender credit paying every third-party fee, so
// nothing is due at closing beyond the down payment) against 6.25% with two
// points ($8,000) and $1,200 of lender fees. The first month's interest
// differs by $2,291.67 - $2,083.33 = $208.34, less the credit's share; the
// $12,400 of closing costs come back after 60 months: month 59 no-cost
// $131,524.88 against $131,573.87, month 60 $133,681.85 against $133,521.08.
func TestNoCostQuoteAgainstPointsQuote(t *testing.T) {
	s := Scenario{LoanAmount: 400000, Purchase: true, PurchasePrice: 500000, PropertyValue: 500000, ThirdPartyFees: 3200}
	quotes := []Quote{
		{Name: "No-cost Bank", RatePct: 6.875, LenderFees: -3200},
		{Name: "Points Bank", RatePct: 6.25, PointsPercent: 2, LenderFees: 1200},
	}
	r := mustCompare(t, s, quotes)
	nc, pts := r.Quotes[0], r.Quotes[1]
	if !r.HorizonAssumed || r.HorizonMonths != DefaultHorizonMonths {
		t.Errorf("no horizon given: %d months, assumed %v; want %d assumed", r.HorizonMonths, r.HorizonAssumed, DefaultHorizonMonths)
	}
	checkMoney(t, "lender costs", []float64{nc.LenderCosts, pts.Points, pts.LenderCosts}, []float64{-3200, 8000, 9200})
	checkMoney(t, "closing costs", []float64{nc.ClosingCosts, pts.ClosingCosts}, []float64{0, 12400})
	checkMoney(t, "cash to close", []float64{*nc.CashToClose, *pts.CashToClose}, []float64{100000, 112400})
	checkMoney(t, "payments", []float64{nc.MonthlyPayment, pts.MonthlyPayment}, []float64{2627.72, 2462.87})
	// The credit lowers the finance charge, so the no-cost APR is below its rate.
	checkMoney(t, "APRs", []float64{*nc.APR, *pts.APR}, []float64{6.797, 6.472})
	checkMoney(t, "cost over 7 years", []float64{nc.CostAtHorizon, pts.CostAtHorizon}, []float64{184603.35, 179415.32})
	if nc.MortgageInsuranceEstimated || nc.MortgageInsurance != 0 {
		t.Errorf("80%% loan-to-value owes no insurance: %+v", nc)
	}
	be := only(t, r.BreakEvens)
	if be.Quote != 1 || be.Months == nil || *be.Months != 60 {
		t.Fatalf("break-even = %+v, want the points quote after 60 months", be)
	}
	if !strings.Contains(be.Summary, "Points Bank's lower rate pays back its $12,400 higher costs after 60 months (5 years)") {
		t.Errorf("break-even sentence = %q", be.Summary)
	}
	want := "Points Bank is the cheapest over 7 years (you were not sure how long you will keep the loan, so we assumed 7 years): it costs $179,415.32, $5,188.03 less than the next cheapest."
	if r.Summary != want {
		t.Errorf("summary:\n got %q\nwant %q", r.Summary, want)
	}
}

// The same rate and fees on $400,000 and on $380,000 (the buyer putting
// $20,000 more down): B pays $2,401.86 a month against $2,528.27 and less
// interest every month, but needs $20,000 more at closing. The comparison
// says the loans differ rather than calling B the better price.
func TestDifferentLoanAmounts(t *testing.T) {
	s := Scenario{LoanAmount: 400000, Purchase: true, PurchasePrice: 500000, PropertyValue: 500000, ThirdPartyFees: 3200, HorizonMonths: 84}
	quotes := []Quote{
		{Name: "Quote A", RatePct: 6.5, LenderFees: 1000, MonthlyMortgageInsurance: zero()},
		{Name: "Quote B", LoanAmount: 380000, RatePct: 6.5, LenderFees: 1000, MonthlyMortgageInsurance: zero()},
	}
	r := mustCompare(t, s, quotes)
	a, b := r.Quotes[0], r.Quotes[1]
	checkMoney(t, "loan amounts", []float64{a.LoanAmount, b.LoanAmount}, []float64{400000, 380000})
	checkMoney(t, "payments", []float64{a.MonthlyPayment, b.MonthlyPayment}, []float64{2528.27, 2401.86})
	checkMoney(t, "cash to close", []float64{*a.CashToClose, *b.CashToClose}, []float64{104200, 124200})
	checkMoney(t, "In 5 Years", []float64{a.InFiveYears.TotalPaid, a.InFiveYears.PrincipalPaid}, []float64{155896.20, 25555.94})
	checkMoney(t, "cost over 7 years", []float64{a.CostAtHorizon, b.CostAtHorizon}, []float64{178239.88, 169537.81})
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "different loan amounts (Quote A for $400,000, Quote B for $380,000)") {
		t.Errorf("notes = %q, want the different amounts said plainly", r.Notes)
	}
	be := only(t, r.BreakEvens)
	if be.UpfrontDifference != 0 || be.Summary != "Quote B and Quote A cost the same upfront; Quote B costs less from the first month and stays cheaper." {
		t.Errorf("break-even = %+v", be)
	}
}

// Four quotes: a 15-year, a 5/1 ARM with a lock and a penalty, and one
// without mortgage insurance on a 10%-down purchase, which gets an estimate.
func TestTermsAndProgramsTheNumbersDoNotCapture(t *testing.T) {
	yes := true
	s := Scenario{LoanAmount: 450000, Purchase: true, PurchasePrice: 500000, PropertyValue: 500000, CreditScore: 740, ThirdPartyFees: 3000, HorizonMonths: 60}
	mi := 150.0
	quotes := []Quote{
		{Name: "A", RatePct: 6.5, MonthlyMortgageInsurance: &mi, Terms: Terms{RateLockUntil: "2026-12-20"}},
		{Name: "B", RatePct: 5.875, Program: vocab.Fixed15, MonthlyMortgageInsurance: &mi},
		{Name: "C", RatePct: 5.75, Program: vocab.ARM51, MonthlyMortgageInsurance: &mi, Terms: Terms{RateLockUntil: "2027-01-05", PrepaymentPenalty: &yes}},
		{Name: "D", RatePct: 6.625},
	}
	r := mustCompare(t, s, quotes)
	if len(r.BreakEvens) != 6 {
		t.Errorf("%d break-evens for four quotes, want 6", len(r.BreakEvens))
	}
	// Same closing costs: the ARM's lower rate is cheaper at first, the
	// 15-year's faster repayment cuts its interest below the ARM's later.
	if be := r.BreakEvens[3]; be.Quote != 1 || be.Other != 2 || be.Months == nil || *be.Months != 18 ||
		be.Summary != "C and B cost the same upfront; C costs less at first, and B from month 18 on." {
		t.Errorf("15-year against ARM: %+v", be)
	}
	d := r.Quotes[3]
	// 90% loan-to-value, score 740: 0.44% a year of $450,000 is $165.00 a month.
	if !d.MortgageInsuranceEstimated || d.MortgageInsurance != 165 {
		t.Errorf("D's insurance = %v (estimated %v), want the $165 estimate", d.MortgageInsurance, d.MortgageInsuranceEstimated)
	}
	if r.Quotes[1].TermMonths != 180 || r.Quotes[2].TermMonths != 360 {
		t.Errorf("terms = %d, %d", r.Quotes[1].TermMonths, r.Quotes[2].TermMonths)
	}
	text := strings.Join(r.TermDifferences, "\n")
	for _, want := range []string{
		"C is a 5/1 adjustable-rate mortgage",
		"The rate locks differ: A until 2026-12-20 and C until 2027-01-05; B and D do not say the rate is locked.",
		"C has a prepayment penalty",
		"D did not give mortgage insurance",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("term differences lack %q:\n%s", want, text)
		}
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "B is a 15-year fixed") {
		t.Errorf("notes = %q", r.Notes)
	}
	for _, f := range r.Quotes {
		if len(f.Curve) != 11 || f.Curve[0] != f.ClosingCosts || f.Curve[5] != f.CostAtHorizon {
			t.Errorf("%s's curve = %v", f.Name, f.Curve)
		}
	}
}

func TestTiesAndEdges(t *testing.T) {
	if _, err := Compare(Scenario{LoanAmount: 1}, nil); !errors.Is(err, ErrNoQuotes) {
		t.Errorf("no quotes: %v", err)
	}
	s := Scenario{LoanAmount: 200000, ThirdPartyFees: 2000, HorizonMonths: 120}
	q := Quote{Name: "Same", RatePct: 6, MonthlyMortgageInsurance: zero()}
	r := mustCompare(t, s, []Quote{q, q})
	if !reflect.DeepEqual(r.Cheapest, []int{0, 1}) || r.Summary != "All the quotes cost the same over the 10 years you expect to keep the loan." {
		t.Errorf("tie: cheapest %v, %q", r.Cheapest, r.Summary)
	}
	if r.BreakEvens[0].Summary != "Same and Same cost the same upfront and every month." {
		t.Errorf("tie sentence = %q", r.BreakEvens[0].Summary)
	}
	// A credit larger than the loan describes no APR: the figures stand without one.
	r = mustCompare(t, Scenario{LoanAmount: 1000, HorizonMonths: 12}, []Quote{{Name: "Odd", RatePct: 5, LenderFees: -2000}})
	if r.Quotes[0].APR != nil || r.Quotes[0].PrincipalAndInterest == 0 {
		t.Errorf("impossible loan: %+v", r.Quotes[0])
	}
	// Costlier upfront and every month: never pays back.
	r = mustCompare(t, s, []Quote{{Name: "Dear", RatePct: 6.5, LenderFees: 500}, {Name: "Cheap", RatePct: 6}})
	if be := r.BreakEvens[0]; be.Months != nil || !strings.Contains(be.Summary, "never makes it back") {
		t.Errorf("dominated: %+v", be)
	}
}

func mustCompare(t *testing.T, s Scenario, q []Quote) Result {
	t.Helper()
	r, err := Compare(s, q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func only(t *testing.T, bs []BreakEven) BreakEven {
	t.Helper()
	if len(bs) != 1 {
		t.Fatalf("%d break-evens, want 1", len(bs))
	}
	return bs[0]
}

func checkMoney(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}
