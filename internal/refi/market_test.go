package refi_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/refi"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// With no market rate stored yet, Refi Buddy compares with the bundled
// snapshot, as the figures and the instant grade do; the snapshot's newest
// week (14 May 2026) is months old, so the owner paying 7.5% gets no alert on
// it: the watch is held for fresh data, counted, and its manage page says it
// could not be judged. A fresh week brings the alert (issue 25).
func TestRunWithNothingStoredUsesTheSnapshot(t *testing.T) {
	ctx := context.Background()
	st := testsupport.NewSQLite(t)
	now := time.Now()
	confirmedWatch(t, st, "owner@example.com", 7.5, 2097.64, now)
	if latest, err := st.LatestMarketRates(ctx, time.Now()); err != nil || len(latest) != 0 {
		t.Fatalf("stored rates %v %v, want none", latest, err)
	}
	log := slog.New(slog.DiscardHandler)
	q := &countingQueue{}
	st.UseMailQueue(q)
	svc := refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 4000 },
		"https://quotegrade.example", log, time.Now)
	res, err := svc.Run(ctx)
	if err != nil {
		t.Fatalf("run with nothing stored: %v", err)
	}
	if res.Watches != 1 || res.Created != 0 || res.Held != 1 || q.n.Load() != 0 {
		t.Fatalf("run on the stale snapshot = %+v, %d e-mails; want the watch held, no alert, no e-mail", res, q.n.Load())
	}
	list, err := svc.WatchList(ctx)
	if err != nil || len(list) != 1 || !list[0].HeldForFreshData {
		t.Fatalf("watch list %+v %v, want the watch marked held_for_fresh_data", list, err)
	}

	testsupport.SaveFreshMarketRates(t, st, now)
	svc = refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 4000 },
		"https://quotegrade.example", log, time.Now)
	if res, err = svc.Run(ctx); err != nil || res.Created != 1 || res.Held != 0 || q.n.Load() != 1 {
		t.Fatalf("run on a fresh week = %+v %v, %d e-mails; want one alert", res, err, q.n.Load())
	}
	watches, err := svc.Watches(ctx)
	if err != nil || len(watches) != 1 || watches[0].LastAlert == nil {
		t.Fatalf("watches %+v %v", watches, err)
	}
	a := watches[0].LastAlert
	if a.NewRate != testsupport.FreshRate30 || !a.MarketWeek.Equal(testsupport.FreshWeek(now)) {
		t.Fatalf("alert at %v for the week of %v, want the fresh week's %v", a.NewRate, a.MarketWeek, testsupport.FreshRate30)
	}
}

// claimConfirmation has a confirmation e-mail to email claimed at now,
// counted by the address itself and with no domain cap to speak of.
func claimConfirmation(ctx context.Context, st store.Store, email, token string, now time.Time) (bool, error) {
	return st.ClaimRefiConfirmation(ctx, store.RefiConfirmationClaim{Email: email, Mailbox: email, Domain: "any", DomainCap: 1 << 30,
		TokenHash: token, At: now, NotBefore: now, Expires: now.Add(time.Hour)})
}
