package refi

import (
	"fmt"
	"math"

	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Reason is the sentence an alert opens with: the trigger the homeowner
// chose and the figures of today's decision that made it fire.
func Reason(w store.RefiWatch, d Decision) string {
	switch w.Trigger.Kind {
	case TriggerSavings:
		// Whole dollars with thousands separators: "$1,200", never "$1200" (issue 25).
		return fmt.Sprintf("You asked for an alert when refinancing would save at least %s a month: today it would save about %s a month.",
			vocab.Dollars(math.Round(w.Trigger.Value)), vocab.Dollars(math.Round(d.MonthlySavings)))
	case TriggerBreakEven:
		return fmt.Sprintf("You asked for an alert when refinancing would pay for itself within %.0f months: today it would after about %d months.",
			w.Trigger.Value, d.BreakEvenMonths)
	default:
		return fmt.Sprintf("Your alert uses our standard rule (a rate at least %.1f percentage points below yours, and closing costs earned back within %d months): "+
			"today's rate is %.2f percentage points below your %.2f%%, and the costs are earned back after about %d months.",
			MinRateDrop, MaxBreakEvenMonths, w.Current.Rate-d.NewRate, w.Current.Rate, d.BreakEvenMonths)
	}
}
