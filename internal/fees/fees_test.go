package fees

import (
	"strings"
	"testing"

	"quotegrade/internal/site"
)

func TestTitleEstimateRoundsUpAndCaps(t *testing.T) {
	tt := DefaultTitleTable()
	cases := []struct {
		amount float64
		want   float64
	}{
		{50000, tt.Estimate(Refinance, 100000)},  // below the first row: the first row
		{100000, tt.Estimate(Refinance, 100000)}, // on a step
		{100001, tt.Estimate(Refinance, 110000)}, // rounded up to the next step
		{325000, tt.Estimate(Refinance, 330000)},
		{900000, tt.Estimate(Refinance, 760000)}, // capped at the top row
	}
	for _, c := range cases {
		if got := tt.Estimate(Refinance, c.amount); got != c.want {
			t.Errorf("Estimate(%v) = %v, want %v", c.amount, got, c.want)
		}
	}
	if tt.Estimate(Refinance, 100000) != 575 || tt.Estimate(Purchase, 760000) != 2138 {
		t.Fatalf("shipped figures changed: %v %v", tt.Estimate(Refinance, 100000), tt.Estimate(Purchase, 760000))
	}
	if got := tt.RefinanceClosingCosts(site.Demo().LenderFees("provident"), 100000); got != 700+575+450 {
		t.Fatalf("provident closing costs = %v", got)
	}
	if got := tt.RefinanceClosingCosts(site.Demo().LenderFees("rocket"), 100000); got != 700+575+1100 {
		t.Fatalf("rocket closing costs = %v", got)
	}
}

func TestLoadTitleTableErrors(t *testing.T) {
	for name, csv := range map[string]string{
		"missing column":  "loan_amount,refinance,purchase\n100000,1,2\n",
		"not a number":    "loan_amount,refinance,purchase,seller\n100000,one,2,3\n",
		"not ascending":   "loan_amount,refinance,purchase,seller\n200000,1,2,3\n100000,1,2,3\n",
		"no rows":         "loan_amount,refinance,purchase,seller\n",
		"negative amount": "loan_amount,refinance,purchase,seller\n100000,-1,2,3\n",
	} {
		if _, err := LoadTitleTable(strings.NewReader(csv)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
