package refi

import (
	"errors"
	"testing"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// Each trigger a homeowner can choose, against today's figures: at 6.36%,
// 300,000 from 2,097.64 (7.5%) saves 225 a month and earns 3,000 back in 14
// months; from 1,945.79 (6.75%, 0.39 percentage points above) it saves 75 in 40 months;
// paying 1,500 it saves nothing.
func TestTriggers(t *testing.T) {
	m := Market{Week: may14, Rate30: 6.36}
	high, near, low := watch(7.5, 2097.64, "30-year-fixed"), watch(6.75, 1945.79, "30-year-fixed"), watch(7.5, 1500, "30-year-fixed")
	cases := []struct {
		name    string
		w       store.RefiWatch
		trigger store.RefiTrigger
		fires   bool
	}{
		{"the spec's rule by default", high, store.RefiTrigger{}, true},
		{"the spec's rule, chosen", high, store.RefiTrigger{Kind: TriggerRule}, true},
		{"the spec's rule wants half a point", near, store.RefiTrigger{Kind: TriggerRule}, false},
		{"savings under the amount chosen", high, store.RefiTrigger{Kind: TriggerSavings, Value: 200}, true},
		{"savings exactly the amount chosen", high, store.RefiTrigger{Kind: TriggerSavings, Value: 225}, true},
		{"savings short of the amount chosen", high, store.RefiTrigger{Kind: TriggerSavings, Value: 230}, false},
		{"a savings trigger needs no half point", near, store.RefiTrigger{Kind: TriggerSavings, Value: 50}, true},
		{"no savings never fires a savings trigger", low, store.RefiTrigger{Kind: TriggerSavings, Value: 5}, false},
		{"break-even within the months chosen", high, store.RefiTrigger{Kind: TriggerBreakEven, Value: 24}, true},
		{"break-even exactly the months chosen", high, store.RefiTrigger{Kind: TriggerBreakEven, Value: 14}, true},
		{"break-even a month too late", high, store.RefiTrigger{Kind: TriggerBreakEven, Value: 13}, false},
		{"a break-even trigger needs neither half a point nor 36 months", near, store.RefiTrigger{Kind: TriggerBreakEven, Value: 40}, true},
		{"no savings never breaks even", low, store.RefiTrigger{Kind: TriggerBreakEven, Value: 120}, false},
	}
	for _, c := range cases {
		w := c.w
		w.Trigger = c.trigger
		d := Decide(w, m, flatCosts)
		if got := Fires(w.Trigger, d); got != c.fires {
			t.Errorf("%s: Fires = %v, want %v (savings %v, %d months)", c.name, got, c.fires, d.MonthlySavings, d.BreakEvenMonths)
		}
		if got := ShouldAlert(w, d, may14); got != c.fires {
			t.Errorf("%s: ShouldAlert = %v, want %v", c.name, got, c.fires)
		}
		paused := may14
		w.PausedAt = &paused
		if ShouldAlert(w, d, may14) {
			t.Errorf("%s: a paused watch was alerted", c.name)
		}
	}
}

// The alert's first sentence names the trigger and the figures that fired it.
func TestReason(t *testing.T) {
	m := Market{Week: may14, Rate30: 6.36}
	w := watch(7.5, 2097.64, "30-year-fixed")
	d := Decide(w, m, flatCosts)
	cases := map[store.RefiTrigger]string{
		{Kind: TriggerRule}: "Your alert uses our standard rule (a rate at least 0.5 percentage points below yours, and closing costs earned back within 36 months): " +
			"today's rate is 1.14 percentage points below your 7.50%, and the costs are earned back after about 14 months.",
		{Kind: TriggerSavings, Value: 200}:  "You asked for an alert when refinancing would save at least $200 a month: today it would save about $225 a month.",
		{Kind: TriggerBreakEven, Value: 24}: "You asked for an alert when refinancing would pay for itself within 24 months: today it would after about 14 months.",
	}
	for trigger, want := range cases {
		w.Trigger = trigger
		if got := Reason(w, d); got != want {
			t.Errorf("%s:\n got %q\nwant %q", trigger.Kind, got, want)
		}
	}
	// Thousands separators in every amount (issue 25 §2).
	w.Trigger = store.RefiTrigger{Kind: TriggerSavings, Value: 1200}
	big := d
	big.MonthlySavings = 2242.4
	if got, want := Reason(w, big), "You asked for an alert when refinancing would save at least $1,200 a month: today it would save about $2,242 a month."; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestParseTrigger(t *testing.T) {
	n := func(v float64) *float64 { return &v }
	good := []struct {
		in   api.RefiTrigger
		want store.RefiTrigger
	}{
		{api.RefiTrigger{Kind: "rule", SavingsAtLeast: n(100)}, store.RefiTrigger{Kind: TriggerRule}},
		{api.RefiTrigger{Kind: "savings", SavingsAtLeast: n(5)}, store.RefiTrigger{Kind: TriggerSavings, Value: 5}},
		{api.RefiTrigger{Kind: "savings", SavingsAtLeast: n(10000)}, store.RefiTrigger{Kind: TriggerSavings, Value: 10000}},
		{api.RefiTrigger{Kind: "break_even", BreakEvenWithin: n(120)}, store.RefiTrigger{Kind: TriggerBreakEven, Value: 120}},
	}
	for _, c := range good {
		got, err := ParseTrigger(c.in)
		if err != nil || got != c.want {
			t.Errorf("%+v: %+v %v, want %+v", c.in, got, err, c.want)
		}
	}
	bad := []struct {
		in    api.RefiTrigger
		field string
		msg   string
	}{
		{api.RefiTrigger{Kind: ""}, "kind", MsgTriggerKind},
		{api.RefiTrigger{Kind: "rate"}, "kind", MsgTriggerKind},
		{api.RefiTrigger{Kind: "savings"}, "savingsAtLeast", MsgSavingsAtLeast},
		{api.RefiTrigger{Kind: "savings", SavingsAtLeast: n(4)}, "savingsAtLeast", MsgSavingsAtLeast},
		{api.RefiTrigger{Kind: "savings", SavingsAtLeast: n(10001)}, "savingsAtLeast", MsgSavingsAtLeast},
		{api.RefiTrigger{Kind: "savings", SavingsAtLeast: n(99.5)}, "savingsAtLeast", MsgSavingsAtLeast},
		{api.RefiTrigger{Kind: "break_even", BreakEvenWithin: n(0)}, "breakEvenWithin", MsgBreakEvenWithin},
		{api.RefiTrigger{Kind: "break_even", BreakEvenWithin: n(121)}, "breakEvenWithin", MsgBreakEvenWithin},
		{api.RefiTrigger{Kind: "break_even", SavingsAtLeast: n(12)}, "breakEvenWithin", MsgBreakEvenWithin},
	}
	for _, c := range bad {
		_, err := ParseTrigger(c.in)
		var invalid *apperr.Invalid
		if !errors.As(err, &invalid) || invalid.Fields[c.field] != c.msg {
			t.Errorf("%+v: %v, want %q on %s", c.in, err, c.msg, c.field)
		}
	}
}

func TestStatus(t *testing.T) {
	day := 24 * time.Hour
	now := may14.Add(10 * day)
	left, paused := may14.Add(2*day), may14.Add(3*day)
	cases := []struct {
		name string
		w    store.RefiWatch
		want string
	}{
		{"unconfirmed, made today", store.RefiWatch{CreatedAt: now}, StatusAwaitingConfirmation},
		{"unconfirmed for 8 days", store.RefiWatch{CreatedAt: now.Add(-8 * day)}, StatusLapsed},
		{"confirmed", store.RefiWatch{CreatedAt: may14, ConfirmedAt: may14.Add(day)}, StatusWatching},
		{"confirmed and paused", store.RefiWatch{CreatedAt: may14, ConfirmedAt: may14.Add(day), PausedAt: &paused}, StatusPaused},
		{"made before the address unsubscribed", store.RefiWatch{CreatedAt: may14, UnsubscribedAt: &left}, StatusUnsubscribed},
		{"confirmed too late", store.RefiWatch{CreatedAt: may14, ConfirmedAt: may14.Add(8 * day)}, StatusLapsed},
	}
	for _, c := range cases {
		if got := Status(c.w, now); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
