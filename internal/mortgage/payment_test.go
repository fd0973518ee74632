package mortgage

import "testing"

func TestMonthlyPayment(t *testing.T) {
	cases := []struct {
		name      string
		principal float64
		rate      float64
		months    int
		want      float64
	}{
		// CFPB sample Loan Estimate (form H-24(B)): 162,000 at 3.875% over 360 months, P&I 761.78.
		{"CFPB H-24(B) sample loan estimate", 162000, 3.875, 360, 761.78},
		{"zero rate repays evenly", 120000, 0, 360, 333.33},
		{"15-year term", 300000, 6, 180, 2531.57},
		{"nothing borrowed", 0, 6.5, 360, 0},
	}
	for _, c := range cases {
		if got := RoundCents(MonthlyPayment(c.principal, c.rate, c.months)); got != c.want {
			t.Errorf("%s: payment = %.2f, want %.2f", c.name, got, c.want)
		}
	}
}

func TestTermMonths(t *testing.T) {
	for program, want := range map[string]int{"30-year-fixed": 360, "15-year-fixed": 180, "5-1-arm": 360} {
		if got := TermMonths(program); got != want {
			t.Errorf("TermMonths(%q) = %d, want %d", program, got, want)
		}
	}
}
