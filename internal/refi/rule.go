// Package refi is Refi Buddy's monitoring: it compares every watched
// homeowner's mortgage with the latest market rate and decides, by the rule
// in docs/refi-alerts.md, when refinancing pays, and e-mails them once per
// opportunity with a one-click unsubscribe.
package refi

import (
	"fmt"
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

// Market is the latest weekly survey. Each series has its own week: a fresh
// 30-year figure says nothing about the 15-year one.
type Market struct {
	Week   time.Time // the 30-year figure's
	Rate30 float64
	Rate15 float64
	Week15 time.Time
	// Stale30 and Stale15: the series' newest figure is more than
	// rates.StaleAfterDays old, so nothing is judged on it.
	Stale30, Stale15 bool
}

// MarketOf is the survey's figures as Decide uses them, each series dated at now.
func MarketOf(m rates.Markets, now time.Time) Market {
	return Market{Week: m.Fixed30.Week, Rate30: m.Fixed30.Rate, Week15: m.Fixed15.Week, Rate15: m.Fixed15.Rate,
		Stale30: rates.IsStale(m.Fixed30.Week, now), Stale15: rates.IsStale(m.Fixed15.Week, now)}
}

// Rate is the market rate for a loan program, by rates' rule (Markets.For):
// zero for a 5/1 ARM or a program whose series has no figure.
func (m Market) Rate(program vocab.Program) float64 {
	v, _ := m.markets().For(program)
	return v.Rate
}

// markets is m as rates.Markets, so Markets.For picks the series.
func (m Market) markets() rates.Markets {
	return rates.Markets{Fixed30: mortgage.Market{Rate: m.Rate30, Week: m.Week, Series: rates.Series30},
		Fixed15: mortgage.Market{Rate: m.Rate15, Week: m.Week15, Series: rates.Series15}}
}

// stale reports whether the series a program is compared with is stale.
func (m Market) stale(program vocab.Program) bool {
	if program == vocab.Fixed15 {
		return m.Stale15
	}
	return m.Stale30
}

// week is the week of the series a program is compared with.
func (m Market) week(program vocab.Program) time.Time {
	if program == vocab.Fixed15 && !m.Week15.IsZero() {
		return m.Week15
	}
	return m.Week
}

// CostEstimator is the closing costs of a refinance of loanAmount.
type CostEstimator func(loanAmount float64) float64

// Decision is what refinancing at today's market rate would do.
type Decision struct {
	Pays bool
	// NoBenchmark: there is no market series for the loan's program (a 5/1
	// ARM, or a series without a figure), so nothing is judged.
	NoBenchmark bool
	// Stale: the program's series is more than rates.StaleAfterDays old;
	// the figures are computed but no alert is sent on them (held).
	Stale bool
	store.RefiFigures
}

// Decide applies the rule to one watch.
func Decide(w store.RefiWatch, m Market, costs CostEstimator) Decision {
	var program vocab.Program
	if w.Current.LoanProgram != nil {
		program = vocab.Program(*w.Current.LoanProgram)
	}
	d := Decision{RefiFigures: store.RefiFigures{MarketRate: m.Rate(program), MarketWeek: m.week(program)}, Stale: m.stale(program)}
	d.NewRate = d.MarketRate
	if d.NewRate <= 0 {
		d.NoBenchmark = true
		return d
	}
	if w.Balance <= 0 {
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

// Judged: the decision is on a current figure of the loan's own program, so
// a page may say whether refinancing pays and an alert may be sent.
func (d Decision) Judged() bool { return !d.Stale && !d.NoBenchmark }

// NotJudged says why a decision could not be judged on current rates; empty
// when it was judged.
func NotJudged(d Decision, now time.Time) string {
	switch {
	case d.NoBenchmark:
		return "This could not be judged on current rates: there is no market average for your loan's program to compare with " +
			"(the weekly survey covers 30- and 15-year fixed loans, not adjustable-rate ones), so Refi Buddy sends no alert on it."
	case d.Stale:
		return fmt.Sprintf("This could not be judged on current rates: the newest market average we have for your loan is from the week of %s, "+
			"%d days ago. Alerts wait until a fresh figure arrives.", d.MarketWeek.Format("January 2, 2006"), rates.DaysOld(d.MarketWeek, now))
	}
	return ""
}

// ShouldAlert: the decision is judged on current rates, and it would alert
// (WouldAlert).
func ShouldAlert(w store.RefiWatch, d Decision, now time.Time) bool {
	return d.Judged() && WouldAlert(w, d, now)
}

// HeldForFreshData: the watch would alert, but on a stale series; it waits
// for the series' next figure.
func HeldForFreshData(w store.RefiWatch, d Decision, now time.Time) bool {
	return d.Stale && !d.NoBenchmark && WouldAlert(w, d, now)
}

// WouldAlert: the watch is not paused, its trigger fires, and the homeowner
// has not been told about this opportunity: no earlier alert, or rates fell a
// further step below the last one, or the quiet period has passed.
func WouldAlert(w store.RefiWatch, d Decision, now time.Time) bool {
	if w.PausedAt != nil || !Fires(w.Trigger, d) {
		return false
	}
	last := w.LastAlert
	if last == nil {
		return true
	}
	return last.NewRate-d.NewRate >= ImprovementStep-1e-9 || now.Sub(last.CreatedAt) >= QuietPeriod
}
