package mortgage

import "testing"

// The table in docs/grading.md, row by row, at the edges of each band.
func TestMIAnnualPremiumFollowsTheDocumentedTable(t *testing.T) {
	for _, c := range []struct {
		ltv   float64
		score int
		want  float64
		owed  bool
	}{
		{80, 800, 0, false}, // 20% down: none owed
		{80.01, 760, 0.23, true}, {85, 759, 0.27, true}, {85, 719, 0.33, true}, {85, 679, 0.39, true},
		{85.01, 760, 0.39, true}, {90, 720, 0.44, true}, {90, 680, 0.57, true}, {90, 620, 0.71, true},
		{90.01, 790, 0.54, true}, {95, 730, 0.62, true}, {95, 700, 0.89, true}, {95, 640, 1.15, true},
		{95.01, 760, 1.05, true}, {97, 740, 1.10, true}, {97, 690, 1.31, true}, {97, 600, 1.31, true},
		{100, 760, 1.05, true}, // above the table: its top row
	} {
		got, owed := MIAnnualPremiumPercent(c.ltv, c.score)
		if got != c.want || owed != c.owed {
			t.Errorf("LTV %v, score %d: %v %v, want %v %v", c.ltv, c.score, got, owed, c.want, c.owed)
		}
	}
}

func TestEstimatedMortgageInsurance(t *testing.T) {
	// $405,000 at 90% LTV and a 742 score: 0.44% a year is $148.50 a month.
	if got, ok := EstimatedMortgageInsurance(405000, 90, 742); !ok || got != 148.5 {
		t.Errorf("= %v %v, want 148.50", got, ok)
	}
	if _, ok := EstimatedMortgageInsurance(360000, 80, 742); ok {
		t.Error("20% down owes no insurance")
	}
}
