package refi_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/refi"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// Both loans an alert compares, with rate, APR and term (12 CFR 1026.24(d),
// issue 26): the homeowner's rate is their note rate and its APR unknown,
// the months left are estimated on the balance without the cash out; the
// new loan's APR counts the estimated closing costs.
func TestLoansGiveBothRatesAPRsAndTerms(t *testing.T) {
	program := "30-year-fixed"
	w := store.RefiWatch{Balance: 300000, CashOut: 20000, Current: store.CurrentMortgage{Rate: 7.5, MonthlyPayment: 2097.64, LoanProgram: &program}}
	d := refi.Decide(w, refi.Market{Week: time.Now(), Rate30: 6.36}, func(float64) float64 { return 4000 })
	l := refi.Loans(w, d)
	// 280,000 at 7.5% paid 2,097.64 a month: 288.5 payments, so 289.
	if l.CurrentRate != 7.5 || l.CurrentPayment != 2097.64 || l.CurrentMonthsLeft != 289 || l.CurrentARM {
		t.Errorf("current loan = %+v", l)
	}
	// 300,000 at 6.36% over 360 months, 4,000 of costs as finance charges: about 6.488% (Appendix J).
	if l.NewProgram != "30-year-fixed" || l.NewTermMonths != 360 || l.NewAPR == nil || *l.NewAPR < 6.48 || *l.NewAPR > 6.50 {
		t.Errorf("new loan = %+v, APR %v", l, l.NewAPR)
	}
	fifteen := "15-year-fixed"
	w.Current.LoanProgram = &fifteen
	if l := refi.Loans(w, refi.Decide(w, refi.Market{Week: time.Now(), Rate30: 6.36, Rate15: 5.6}, func(float64) float64 { return 4000 })); l.NewTermMonths != 180 || l.NewProgram != "15-year-fixed" {
		t.Errorf("a 15-year watch: %+v", l)
	}
	// A 5/1 ARM has no market average: no new loan's APR is made up for it (the manage page shows none).
	arm := "5-1-arm"
	w.Current.LoanProgram = &arm
	if l := refi.Loans(w, refi.Decide(w, refi.Market{Week: time.Now(), Rate30: 6.36, Rate15: 5.6}, func(float64) float64 { return 4000 })); l.NewAPR != nil || !l.CurrentARM {
		t.Errorf("an ARM watch: %+v, APR %v", l, l.NewAPR)
	}
}

// A run's alert e-mail gives both loans and says the term starts again.
func TestTheAlertGivesBothLoansAndTheTermRestart(t *testing.T) {
	ctx := context.Background()
	st := testsupport.NewSQLite(t)
	q := testsupport.QueueMailOf(st)
	now := time.Now()
	confirmedWatch(t, st, "owner@example.com", 7.5, 2097.64, now)
	testsupport.SaveFreshMarketRates(t, st, now)
	log := slog.New(slog.DiscardHandler)
	svc := refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 4000 }, "https://quotegrade.example", log, time.Now)
	if res, err := svc.Run(ctx); err != nil || res.Created != 1 {
		t.Fatalf("run = %+v, %v; want one alert", res, err)
	}
	m := q.Messages()[0]
	for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
		for _, want := range []string{
			// 300,000 at 7.5% paid 2,097.64 a month is a new 30-year loan's own payment: 360 left.
			"Your loan today: 7.50%, the note rate you gave us (not an APR: we do not know your loan",
			"and about 30 years of payments left (360 monthly payments, estimated from your balance, rate and payment).",
			"The new loan in this estimate: 6.36% (6.488% APR), a 30-year fixed loan of 360 monthly payments of about $1,868.67 in principal and interest",
			"counting the estimated closing costs of $4,000 as finance charges",
			"A new 30-year loan starts your term again: you would pay for 30 years from now, not the 30 years you have left.",
			"weekly average, week of", // the survey label stays
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q:\n%s", part, want, body)
			}
		}
	}
}
