package mortgage

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/vocab"
)

var may14 = time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)

func market30() Market {
	return Market{Rate: 6.36, Series: "30", Week: may14, Source: "bundled snapshot"}
}

func TestLLPAGrid(t *testing.T) {
	g := DefaultLLPAGrid()
	cases := []struct {
		table string
		score int
		ltv   float64
		want  float64
	}{
		{LLPAPurchase, 790, 80, 0.375},            // >=780, 75.01-80
		{LLPAPurchase, 740, 90, 0.750},            // 740-759, 85.01-90
		{LLPAPurchase, 739, 90.01, 0.875},         // 720-739, 90.01-95
		{LLPAPurchase, 600, 97, 1.750},            // <=639, >95
		{LLPALimitedCashOutRef, 700, 55, 0},       // 700-719, 30.01-60
		{LLPACashOutRefinance, 700, 61.67, 1.625}, // 700-719, 60.01-70
		{LLPACashOutRefinance, 700, 90, 3.250},    // past the grid's 80%: its last column
	}
	for _, c := range cases {
		if got := g.Adjustment(c.table, c.score, c.ltv); got != c.want {
			t.Errorf("%s %d %.2f%%: %v, want %v", c.table, c.score, c.ltv, got, c.want)
		}
	}
}

// The worked examples of docs/grading.md.
func TestGradeWorkedExamples(t *testing.T) {
	example := GradeInput{Rate: 6.875, LenderFees: 4850, LoanAmount: 472500, Program: vocab.Fixed30, LLPATable: LLPAPurchase,
		CreditScore: 740, LTV: 90, Market: market30(), APR: new(float64)}
	*example.APR = 7.01
	g, err := GradeQuote(example, DefaultLLPAGrid())
	if err != nil {
		t.Fatal(err)
	}
	if g.Grade != "C" || g.ExpectedRate != 6.435 || g.TypicalLenderFees != 4725 || g.FeeDifference != 125 {
		t.Fatalf("example: %+v", g)
	}
	want := []string{
		"Your rate of 6.875% (7.01% APR) is 0.44 percentage points above the 6.435% (an interest rate, not an APR) we expect for your scenario: the Freddie Mac 30-year fixed average of 6.36% (an average interest rate, not an APR, not an offer; week of May 14, 2026, bundled snapshot), with +0.075 percentage points for a 740 credit score and 90% loan-to-value.",
		"Your lender fees of $4,850 are $125 more than the typical $4,725 (1% of the $472,500 loan amount).",
		"Together that is about $139.12 a month more than a typical quote (fees spread over 7 years), or $11,686.48 more over 7 years.",
		"Grade C: the extra cost over 7 years is 1.5% to 3.0% of the loan amount (here 2.5% of the loan amount).",
	}
	if strings.Join(g.Reasons, "\n") != strings.Join(want, "\n") {
		t.Fatalf("reasons:\n%s", strings.Join(g.Reasons, "\n"))
	}

	credit := GradeInput{Rate: 6.625, LenderFees: -1200, LoanAmount: 405000, Program: vocab.Fixed30, LLPATable: LLPAPurchase,
		CreditScore: 742, LTV: 90, Market: market30()}
	g, err = GradeQuote(credit, DefaultLLPAGrid())
	if err != nil {
		t.Fatal(err)
	}
	if g.Grade != "A" || !strings.Contains(g.Reasons[1], "Your lender credit of $1,200 is $5,250 better than the typical fees of $4,050") ||
		g.Reasons[2] != "Together that is about $11.83 a month less than a typical quote (fees spread over 7 years), or $993.56 less over 7 years." ||
		g.Reasons[3] != "Grade A: the extra cost over 7 years is at most 0.5% of the loan amount (here 0.2% of the loan amount less than a typical quote)." {
		t.Fatalf("credit example: %s %q", g.Grade, g.Reasons)
	}
}

// A quote that is worse in rate or in fees, all else equal, never gets a
// better grade.
func TestGradeIsMonotonic(t *testing.T) {
	rank := map[string]int{"A": 0, "B": 1, "C": 2, "D": 3, "F": 4}
	rng := rand.New(rand.NewPCG(5, 6))
	grid := DefaultLLPAGrid()
	tables := []string{LLPAPurchase, LLPALimitedCashOutRef, LLPACashOutRefinance}
	for range 5000 {
		in := GradeInput{Rate: 3 + rng.Float64()*6, LenderFees: -5000 + rng.Float64()*15000, LoanAmount: 80000 + rng.Float64()*900000,
			Program: vocab.Programs()[rng.IntN(3)], LLPATable: tables[rng.IntN(3)], CreditScore: 600 + rng.IntN(250),
			LTV: 20 + rng.Float64()*80, Market: Market{Rate: 5 + rng.Float64()*2, Series: "30", Week: may14}}
		if rng.IntN(2) == 0 { // half against a daily index by band (Optimal Blue's)
			in.Market.Index, in.Market.Source = "Optimal Blue 30-year fixed conforming index for credit scores of 740 or more and loan-to-value up to 80%", "FRED"
		}
		base, err := GradeQuote(in, grid)
		if err != nil {
			t.Fatal(err)
		}
		worseRate, worseFees := in, in
		worseRate.Rate += rng.Float64() * 2
		worseFees.LenderFees += rng.Float64() * 5000
		for name, w := range map[string]GradeInput{"rate": worseRate, "fees": worseFees} {
			g, err := GradeQuote(w, grid)
			if err != nil {
				t.Fatal(err)
			}
			if rank[g.Grade] < rank[base.Grade] {
				t.Fatalf("worse %s graded better: %s -> %s for %+v", name, base.Grade, g.Grade, in)
			}
		}
	}
}

// An index by credit score and loan-to-value band already prices the
// scenario: the grade compares with it as it is, and says so.
func TestGradeAgainstAnIndexByBandAddsNoAdjustment(t *testing.T) {
	day := time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)
	index := Market{Rate: 6.169, Series: "30", Week: day, Source: "FRED",
		Index: "Optimal Blue 30-year fixed conforming index for credit scores of 740 or more and loan-to-value over 80%"}
	in := GradeInput{Rate: 6.875, LenderFees: 4850, LoanAmount: 472500, Program: vocab.Fixed30, LLPATable: LLPAPurchase, CreditScore: 740, LTV: 90, Market: index}
	g, err := GradeQuote(in, DefaultLLPAGrid())
	if err != nil {
		t.Fatal(err)
	}
	if g.ExpectedRate != 6.169 || g.RateAdjustment != 0 || g.LLPAPoints != 0 {
		t.Fatalf("expected %v, adjustment %v, LLPA %v; want the index rate as it is", g.ExpectedRate, g.RateAdjustment, g.LLPAPoints)
	}
	want := "Your rate of 6.875% (an interest rate, not an APR) is 0.706 percentage points above the 6.169% (an interest rate, not an APR) we expect for your scenario: the Optimal Blue 30-year fixed conforming index for " +
		"credit scores of 740 or more and loan-to-value over 80%, 6.169% (an average interest rate, not an APR, not an offer: the average rate locked on May 20, 2026 by borrowers in that band, from FRED), " +
		"which already reflects your 740 credit score and 90% loan-to-value, so no adjustment is added."
	if g.Reasons[0] != want {
		t.Fatalf("reason:\n got %s\nwant %s", g.Reasons[0], want)
	}
	// The same quote against the survey average is adjusted by the grid.
	in.Market = market30()
	survey, err := GradeQuote(in, DefaultLLPAGrid())
	if err != nil {
		t.Fatal(err)
	}
	if survey.RateAdjustment != 0.075 || survey.ExpectedRate != 6.435 {
		t.Fatalf("survey: adjustment %v, expected %v", survey.RateAdjustment, survey.ExpectedRate)
	}
}

func TestGradeNeedsAMarket(t *testing.T) {
	if _, err := GradeQuote(GradeInput{Rate: 6.5, LoanAmount: 300000}, DefaultLLPAGrid()); err == nil {
		t.Fatal("graded without a market rate")
	}
}

func BenchmarkGradeQuote(b *testing.B) {
	in := GradeInput{Rate: 6.875, LenderFees: 4850, LoanAmount: 472500, Program: vocab.Fixed30, LLPATable: LLPAPurchase, CreditScore: 740, LTV: 90, Market: market30()}
	grid := DefaultLLPAGrid()
	for b.Loop() {
		if _, err := GradeQuote(in, grid); err != nil {
			b.Fatal(err)
		}
	}
}
