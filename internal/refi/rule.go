// Package refi is Refi Buddy's monitoring: it compares every watched
// homeowner's mortgage with the latest market rate and decides, by the rule
// in docs/refi-alerts.md, when refinancing pays, and e-mails them once per
// opportunity with a one-click unsubscribe.
package refi

import (
	"time"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// The alert rule (docs/refi-alerts.md explains each number).
const (
	// MinRateDrop: the estimated new rate must be at least half a point
	// below the current rate.
	MinRateDrop = 0.5
	// MaxBreakEvenMonths: closing costs must be earned back within 3 years.
	MaxBreakEvenMonths = 36
	// ImprovementStep: after an alert, another only when rates fall a
	// further quarter point below the rate last announced...
	ImprovementStep = 0.25
	// QuietPeriod: ...or when this long has passed and it still pays.
	QuietPeriod = 90 * 24 * time.Hour
)

// Market is the latest weekly survey.
type Market struct {
	Week   time.Time
	Rate30 float64
	Rate15 float64
}

// Rate is the market rate for a loan program, by rates' rule (Markets.For).
func (m Market) Rate(program vocab.Program) float64 {
	v, _ := rates.Markets{Fixed30: mortgage.Market{Rate: m.Rate30, Week: m.Week}, Fixed15: mortgage.Market{Rate: m.Rate15}}.For(program)
	return v.Rate
}

// CostEstimator is the closing costs of a refinance of loanAmount.
type CostEstimator func(loanAmount float64) float64

// Decision is what refinancing at today's market rate would do.
type Decision struct {
	Pays            bool
	MarketRate      float64
	NewRate         float64
	NewPayment      float64
	MonthlySavings  float64
	ClosingCosts    float64
	BreakEvenMonths int
}

// Decide applies the rule to one watch.
func Decide(w store.RefiWatch, m Market, costs CostEstimator) Decision {
	var program vocab.Program
	if w.Current.LoanProgram != nil {
		program = vocab.Program(*w.Current.LoanProgram)
	}
	d := Decision{MarketRate: m.Rate(program)}
	d.NewRate = d.MarketRate
	if d.NewRate <= 0 || w.Balance <= 0 {
		return d
	}
	d.NewPayment = mortgage.RoundCents(mortgage.MonthlyPayment(w.Balance, d.NewRate, mortgage.TermMonths(program)))
	d.MonthlySavings = mortgage.MonthlySavings(w.Current.MonthlyPayment, d.NewPayment)
	d.ClosingCosts = mortgage.RoundCents(costs(w.Balance))
	months, ok := mortgage.BreakEvenMonths(d.ClosingCosts, d.MonthlySavings)
	if !ok {
		return d
	}
	d.BreakEvenMonths = months
	d.Pays = w.Current.Rate-d.NewRate >= MinRateDrop-1e-9 && d.BreakEvenMonths <= MaxBreakEvenMonths
	return d
}

// The triggers a homeowner can choose on the manage page
// (docs/refi-alerts.md, "Your own trigger").
const (
	// TriggerRule is the spec's rule above (Decision.Pays), the default.
	TriggerRule = "rule"
	// TriggerSavings alerts when the monthly savings reach a chosen amount.
	TriggerSavings = "savings"
	// TriggerBreakEven alerts when the closing costs are earned back within
	// a chosen number of months.
	TriggerBreakEven = "break_even"
)

// The figures a homeowner may choose for a trigger.
const (
	MinSavingsTrigger   = 5     // dollars a month: savings are counted in steps of $5
	MaxSavingsTrigger   = 10000 // dollars a month
	MinBreakEvenTrigger = 1     // months
	MaxBreakEvenTrigger = 120   // months: ten years
)

// Fires: the watch's trigger holds for today's decision. The homeowner's own
// triggers replace the spec's rule (the half point and 36 months); each
// needs a saving, since a refinance that costs more a month never pays.
func Fires(t store.RefiTrigger, d Decision) bool {
	switch t.Kind {
	case TriggerSavings:
		return d.MonthlySavings > 0 && d.MonthlySavings >= t.Value
	case TriggerBreakEven:
		return d.MonthlySavings > 0 && float64(d.BreakEvenMonths) <= t.Value
	default:
		return d.Pays
	}
}

// ShouldAlert: the watch is not paused, its trigger fires, and the homeowner
// has not been told about this opportunity: no earlier alert, or rates fell a
// further step below the last one, or the quiet period has passed.
func ShouldAlert(w store.RefiWatch, d Decision, now time.Time) bool {
	if w.PausedAt != nil || !Fires(w.Trigger, d) {
		return false
	}
	last := w.LastAlert
	if last == nil {
		return true
	}
	return last.NewRate-d.NewRate >= ImprovementStep-1e-9 || now.Sub(last.CreatedAt) >= QuietPeriod
}
