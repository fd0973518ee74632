package refi

import (
	"strings"
	"testing"
	"time"

	"quotegrade/internal/store"
)

func flatCosts(float64) float64 { return 3000 }

func watch(rate, payment float64, program string) store.RefiWatch {
	return store.RefiWatch{Balance: 300000, Current: store.CurrentMortgage{Rate: rate, MonthlyPayment: payment, LoanProgram: &program}}
}

var may14 = time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)

func TestDecide(t *testing.T) {
	m := Market{Week: may14, Rate30: 6.36, Rate15: 5.60}
	cases := []struct {
		name    string
		w       store.RefiWatch
		pays    bool
		savings float64
		months  int
	}{
		// 300,000 over 360 months at 6.36% is 1,868.66; from 2,097.64 (7.5%) the saving is 228.98, floored to 225.
		{"a point above market pays", watch(7.5, 2097.64, "30-year-fixed"), true, 225, 14},
		// At 6.75% the drop is 0.39 points: under the half point.
		{"less than half a point does not", watch(6.75, 1945.79, "30-year-fixed"), false, 75, 40},
		// 15-year loans compare with the 15-year survey: 300,000 over 180 at 5.60% is 2,467.34.
		{"15-year against the 15-year rate", watch(6.5, 2613.32, "15-year-fixed"), true, 145, 21},
		{"paying less than the new payment", watch(7.5, 1500, "30-year-fixed"), false, -370, 0},
	}
	for _, c := range cases {
		d := Decide(c.w, m, flatCosts)
		if d.Pays != c.pays || d.MonthlySavings != c.savings || d.BreakEvenMonths != c.months {
			t.Errorf("%s: pays %v savings %v months %d, want %v %v %d (new payment %.2f)", c.name, d.Pays, d.MonthlySavings,
				d.BreakEvenMonths, c.pays, c.savings, c.months, d.NewPayment)
		}
	}
}

func TestBreakEvenLimit(t *testing.T) {
	m := Market{Week: may14, Rate30: 6.36}
	w := watch(7.5, 2097.64, "30-year-fixed")
	if d := Decide(w, m, func(float64) float64 { return 225 * 37 }); d.Pays || d.BreakEvenMonths != 37 {
		t.Fatalf("37 months to break even: pays %v (%d months)", d.Pays, d.BreakEvenMonths)
	}
	if d := Decide(w, m, func(float64) float64 { return 225 * 36 }); !d.Pays {
		t.Fatal("36 months to break even must pay")
	}
}

func TestShouldAlertOncePerOpportunity(t *testing.T) {
	now := may14.Add(24 * time.Hour)
	w := watch(7.5, 2097.64, "30-year-fixed")
	d := Decide(w, Market{Week: may14, Rate30: 6.36}, flatCosts)
	if !ShouldAlert(w, d, now) {
		t.Fatal("first opportunity not alerted")
	}
	w.LastAlert = &store.RefiAlert{RefiFigures: store.RefiFigures{NewRate: 6.36}, CreatedAt: now.Add(-7 * 24 * time.Hour)}
	if ShouldAlert(w, d, now) {
		t.Fatal("the same opportunity alerted again")
	}
	better := Decide(w, Market{Week: may14, Rate30: 6.11}, flatCosts)
	if !ShouldAlert(w, better, now) {
		t.Fatal("a further quarter point was not alerted")
	}
	slightly := Decide(w, Market{Week: may14, Rate30: 6.20}, flatCosts)
	if ShouldAlert(w, slightly, now) {
		t.Fatal("a drop under the step was alerted")
	}
	w.LastAlert.CreatedAt = now.Add(-QuietPeriod)
	if !ShouldAlert(w, d, now) {
		t.Fatal("after the quiet period a still-good opportunity was not alerted")
	}
}

// A watch counts once its address is confirmed, unless it was made more than
// 7 days before the confirmation (it lapsed unconfirmed) or before the
// address last unsubscribed.
func TestActive(t *testing.T) {
	day := 24 * time.Hour
	left := may14.Add(2 * day)
	cases := []struct {
		name      string
		created   time.Time
		confirmed time.Time
		unsub     *time.Time
		want      bool
	}{
		{"confirmed the same day", may14, may14.Add(time.Hour), nil, true},
		{"confirmed on the 7th day", may14, may14.Add(7 * day), nil, true},
		{"confirmed on the 8th day: lapsed", may14, may14.Add(7*day + time.Second), nil, false},
		{"made after the address was confirmed", may14.Add(30 * day), may14, nil, true},
		{"made before the address unsubscribed", may14, may14.Add(3 * day), &left, false},
		{"made after it unsubscribed and confirmed again", may14.Add(3 * day), may14.Add(4 * day), &left, true},
	}
	for _, c := range cases {
		w := store.RefiWatch{CreatedAt: c.created, ConfirmedAt: c.confirmed, UnsubscribedAt: c.unsub}
		if got := Active(w); got != c.want {
			t.Errorf("%s: Active = %v, want %v", c.name, got, c.want)
		}
	}
}

// Nothing is judged on a stale series or without one for the program: the
// 15-year owner is not told to refinance against a 15-year figure months
// old while the 30-year one is fresh, and a 5/1 ARM is not compared with the
// 30-year average; the alert waits (held) on the stale figure only.
func TestStaleSeriesAndARMAreNotJudged(t *testing.T) {
	now := may14.AddDate(0, 0, 3)
	m := Market{Week: may14, Rate30: 6.36, Week15: may14.AddDate(0, -9, 0), Rate15: 5.0, Stale15: true}
	fifteen := watch(6.5, 2613.32, "15-year-fixed")
	d := Decide(fifteen, m, flatCosts)
	if !d.Stale || d.Judged() || !d.Pays || ShouldAlert(fifteen, d, now) || !HeldForFreshData(fifteen, d, now) {
		t.Fatalf("15-year on a stale series: %+v; want computed but held, not judged", d)
	}
	if why := NotJudged(d, now); !strings.Contains(why, "could not be judged on current rates") || !strings.Contains(why, "August 14, 2025") {
		t.Fatalf("not judged because %q", why)
	}
	thirty := watch(7.5, 2097.64, "30-year-fixed")
	if d := Decide(thirty, m, flatCosts); !d.Judged() || !ShouldAlert(thirty, d, now) {
		t.Fatalf("30-year on the fresh series: %+v; want an alert", d)
	}
	arm := watch(7.5, 2097.64, "5-1-arm")
	d = Decide(arm, m, flatCosts)
	if !d.NoBenchmark || d.Judged() || d.MarketRate != 0 || ShouldAlert(arm, d, now) || HeldForFreshData(arm, d, now) {
		t.Fatalf("5/1 ARM: %+v; want no benchmark, no alert", d)
	}
	if why := NotJudged(d, now); !strings.Contains(why, "no market average for your loan's program") {
		t.Fatalf("ARM not judged because %q", why)
	}
}
