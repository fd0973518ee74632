package mortgage

import (
	"fmt"
	"math"
	"strings"
	"time"

	"quotegrade/internal/vocab"
)

// The instant grade's constants; docs/grading.md explains each one.
const (
	// ReferenceLLPATable, ReferenceCreditScore and ReferenceLTV are the
	// borrower the weekly survey describes (Freddie Mac's PMMS: a purchase
	// with 20% down and excellent credit), so the grid's adjustment is
	// measured from that cell.
	ReferenceLLPATable   = LLPAPurchase
	ReferenceCreditScore = 780
	ReferenceLTV         = 80.0
	// PointsPerRatePercent converts an LLPA into rate: 5 points of price buy
	// about one percentage point of rate on a 30-year loan.
	PointsPerRatePercent = 5.0
	// TypicalLenderFeesPercent is typical lender fees (origination,
	// underwriting, processing and the like) as a percent of the loan amount.
	TypicalLenderFeesPercent = 1.0
	// GradeHorizonMonths spreads fees over 7 years, about how long a
	// mortgage is kept before it is refinanced or the home is sold.
	GradeHorizonMonths = 84
	// ConformingLoanLimit is FHFA's baseline limit for a one-unit home in
	// 2026 (announced November 2025): above it a loan is a jumbo loan, which
	// conforming indices and the LLPA grid do not describe. Utah's high-cost
	// counties allow more; the baseline is the conservative line.
	ConformingLoanLimit = 832750.0
)

// GradeThresholds: the extra cost over 7 years, in percent of the loan
// amount, up to which each grade is given; more than the last is F.
var GradeThresholds = []struct {
	Grade   string
	MaxCost float64
}{{"A", 0.5}, {"B", 1.5}, {"C", 3}, {"D", 5}}

// Market is the market figure a quote is graded against.
type Market struct {
	Rate   float64 // percent
	Series string  // "30" or "15" (year fixed)
	Week   time.Time
	Source string // where the figure came from: "bundled snapshot", "FRED"...
	// Index, when set, names a daily index of rates locked by borrowers in
	// the scenario's own credit-score and loan-to-value band (an Optimal Blue
	// index): the figure already prices what the LLPA grid adjusts for, so no
	// adjustment is added to it, and Week is the day of the figure.
	Index string
}

// Label names the survey or index the figure is from.
func (m Market) Label() string {
	if m.Index != "" {
		return m.Index
	}
	return "Freddie Mac " + m.Series + "-year fixed average"
}

// PricesScenario reports whether the figure is already for the borrower's
// credit score and loan-to-value (an index by band), not a survey average.
func (m Market) PricesScenario() bool { return m.Index != "" }

// GradeInput is a quote and its scenario.
type GradeInput struct {
	Rate        float64 // the quote's note rate, percent
	LenderFees  float64 // negative for a lender credit
	LoanAmount  float64
	Program     vocab.Program
	LLPATable   string
	CreditScore int
	LTV         float64 // percent
	Market      Market
	// APR is the quote's APR, written beside its rate in the reasons
	// (12 CFR 1026.24(c)); nil when none describes it.
	APR *float64
}

// Grade is the instant grade and everything it was computed from.
type Grade struct {
	Grade              string
	Reasons            []string
	Market             Market
	LLPAPoints         float64 // the scenario's adjustment, percent of the loan
	ReferenceLLPA      float64 // the survey borrower's adjustment
	RateAdjustment     float64 // percentage points added to the market rate
	ExpectedRate       float64
	RateDifference     float64 // quote rate less expected rate
	TypicalLenderFees  float64
	FeeDifference      float64 // lender fees less typical fees
	MonthlyDifference  float64 // payment difference plus fees spread over 7 years
	CostDifference7Yrs float64 // payment difference over 7 years plus the fee difference
	CostPercent        float64 // CostDifference7Yrs as a percent of the loan amount
}

// GradeQuote grades a quote A to F against the market for its scenario.
// Worse in rate or fees, all else equal, never grades better: the extra
// cost rises with both and the thresholds are fixed.
func GradeQuote(in GradeInput, grid LLPAGrid) (Grade, error) {
	if !(in.LoanAmount > 0) || !(in.Market.Rate > 0) || !(in.Rate >= 0 && in.Rate <= 100) || math.IsNaN(in.LenderFees) {
		return Grade{}, impossible("a grade needs a loan amount, a market rate and a quote rate")
	}
	g := Grade{Market: in.Market}
	if !in.Market.PricesScenario() {
		// A survey average describes the reference borrower: adjust it for
		// this one. An index by band already did (adding the grid would count
		// the credit score and loan-to-value twice).
		g.LLPAPoints = grid.Adjustment(in.LLPATable, in.CreditScore, in.LTV)
		g.ReferenceLLPA = grid.Adjustment(ReferenceLLPATable, ReferenceCreditScore, ReferenceLTV)
		g.RateAdjustment = (g.LLPAPoints - g.ReferenceLLPA) / PointsPerRatePercent
	}
	// The expected rate is shown, so it is rounded like any rate (3 decimals).
	g.ExpectedRate = RoundAPR(in.Market.Rate + g.RateAdjustment)
	g.RateDifference = in.Rate - g.ExpectedRate
	g.TypicalLenderFees = RoundCents(in.LoanAmount * TypicalLenderFeesPercent / 100)
	g.FeeDifference = RoundCents(in.LenderFees - g.TypicalLenderFees)

	term := TermMonths(in.Program)
	payDiff := MonthlyPayment(in.LoanAmount, in.Rate, term) - MonthlyPayment(in.LoanAmount, g.ExpectedRate, term)
	g.MonthlyDifference = RoundCents(payDiff + g.FeeDifference/GradeHorizonMonths)
	g.CostDifference7Yrs = RoundCents(payDiff*GradeHorizonMonths + g.FeeDifference)
	g.CostPercent = g.CostDifference7Yrs / in.LoanAmount * 100
	g.Grade = "F"
	for _, t := range GradeThresholds {
		if g.CostPercent <= t.MaxCost {
			g.Grade = t.Grade
			break
		}
	}
	g.Reasons = g.reasons(in)
	return g, nil
}

func (g Grade) reasons(in GradeInput) []string {
	m := g.Market
	adjust := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%+.3f", g.RateAdjustment), "0"), ".") + " percentage points"
	if math.Abs(g.RateAdjustment) < 0.0005 {
		adjust = "no adjustment"
	}
	// Every rate the reasons name says what it is (12 CFR 1026.24): the
	// quote's with its APR, the expected and market rates as averages.
	yours := vocab.Percent(in.Rate) + " (an interest rate, not an APR)"
	if in.APR != nil {
		yours = fmt.Sprintf("%s (%s APR)", vocab.Percent(in.Rate), vocab.Percent(*in.APR))
	}
	const average = "an average interest rate, not an APR, not an offer"
	rate := fmt.Sprintf("Your rate of %s %s the %s (an interest rate, not an APR) we expect for your scenario: the %s of %s (%s; week of %s, %s), with %s for a %d credit score and %.0f%% loan-to-value.",
		yours, compare(g.RateDifference), vocab.Percent(g.ExpectedRate), m.Label(), vocab.Percent(m.Rate), average,
		m.Week.Format("January 2, 2006"), m.Source, adjust, in.CreditScore, in.LTV)
	if m.PricesScenario() {
		rate = fmt.Sprintf("Your rate of %s %s the %s (an interest rate, not an APR) we expect for your scenario: the %s, %s (%s: the average rate locked on %s by borrowers in that band, from %s), which already reflects your %d credit score and %.0f%% loan-to-value, so no adjustment is added.",
			yours, compare(g.RateDifference), vocab.Percent(g.ExpectedRate), m.Label(), vocab.Percent(m.Rate), average, m.Week.Format("January 2, 2006"),
			m.Source, in.CreditScore, in.LTV)
	}
	what := "lender fees of " + vocab.Dollars(in.LenderFees)
	if in.LenderFees < 0 {
		what = "lender credit of " + vocab.Dollars(-in.LenderFees)
	}
	fees := fmt.Sprintf("Your %s %s the typical %s (%.0f%% of the %s loan amount).",
		what, compareMoney(g.FeeDifference, "less than", "more than", "match"), vocab.Dollars(g.TypicalLenderFees),
		TypicalLenderFeesPercent, vocab.Dollars(in.LoanAmount))
	if in.LenderFees < 0 {
		fees = fmt.Sprintf("Your %s is %s better than the typical fees of %s (%.0f%% of the %s loan amount).",
			what, vocab.Dollars(-g.FeeDifference), vocab.Dollars(g.TypicalLenderFees), TypicalLenderFeesPercent, vocab.Dollars(in.LoanAmount))
	}
	cost := fmt.Sprintf("Together that is about %s a month %s a typical quote (fees spread over 7 years), or %s %s over 7 years.",
		vocab.Dollars(math.Abs(g.MonthlyDifference)), moreOrLessThan(g.MonthlyDifference), vocab.Dollars(math.Abs(g.CostDifference7Yrs)),
		moreOrLess(g.CostDifference7Yrs))
	if g.CostDifference7Yrs == 0 {
		cost = "Together that costs the same as a typical quote."
	}
	return []string{rate, fees, cost, g.band()}
}

func (g Grade) band() string {
	// A share of the loan amount is said as one, so no one reads it as a rate.
	here := fmt.Sprintf("here %.1f%% of the loan amount", g.CostPercent)
	if g.CostPercent < 0 {
		here = fmt.Sprintf("here %.1f%% of the loan amount less than a typical quote", -g.CostPercent)
	}
	lo := 0.0
	for _, t := range GradeThresholds {
		if t.Grade == g.Grade {
			if lo == 0 {
				return fmt.Sprintf("Grade %s: the extra cost over 7 years is at most %.1f%% of the loan amount (%s).", g.Grade, t.MaxCost, here)
			}
			return fmt.Sprintf("Grade %s: the extra cost over 7 years is %.1f%% to %.1f%% of the loan amount (%s).", g.Grade, lo, t.MaxCost, here)
		}
		lo = t.MaxCost
	}
	return fmt.Sprintf("Grade F: the extra cost over 7 years is more than %.1f%% of the loan amount (%s).", lo, here)
}

// compare words a rate difference: "is 0.25 percentage points above" (not discount points), "matches".
func compare(diff float64) string {
	points := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", math.Abs(diff)), "0"), ".")
	switch {
	case diff >= 0.0005:
		return "is " + points + " percentage points above"
	case diff <= -0.0005:
		return "is " + points + " percentage points below"
	}
	return "matches"
}

func compareMoney(diff float64, below, above, same string) string {
	switch {
	case diff > 0:
		return "are " + vocab.Dollars(diff) + " " + above
	case diff < 0:
		return "are " + vocab.Dollars(-diff) + " " + below
	}
	return same
}

func moreOrLessThan(v float64) string {
	if v > 0 {
		return "more than"
	}
	return "less than"
}
