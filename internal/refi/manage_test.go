package refi_test

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/mail"
	"quotegrade/internal/rates"
	"quotegrade/internal/refi"
	"quotegrade/internal/store"
	"quotegrade/internal/store/storetest"
	"quotegrade/internal/testsupport"
)

// recordingQueue keeps the messages a run queues.
type recordingQueue struct {
	mu sync.Mutex
	ms []mail.Message
}

func (q *recordingQueue) SendEmailsTx(_ context.Context, _ *sql.Tx, ms []mail.Message) error {
	return q.add(ms...)
}
func (q *recordingQueue) add(ms ...mail.Message) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.ms = append(q.ms, ms...)
	return nil
}

// confirmedWatch stores a confirmed watch of email paying rate and payment
// on 300,000 over 30 years.
func confirmedWatch(t *testing.T, st store.Store, email string, rate, payment float64, now time.Time) string {
	t.Helper()
	ctx := context.Background()
	w := storetest.NewWatch(email)
	w.ID, w.CreatedAt = uuid.NewString(), now
	w.CurrentMortgage.Rate, w.CurrentMortgage.MonthlyPayment = rate, payment
	if err := st.CreateQuoteRequest(ctx, w); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ClaimRefiConfirmation(ctx, email, w.ID, now, now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := st.ConfirmRefiAddress(ctx, w.ID, now); err != nil {
		t.Fatal(err)
	}
	return w.ID
}

var manageLink = regexp.MustCompile(`/refi-buddy/manage\?token=([A-Za-z0-9_%-]+)`)

// The run honours each watch's own terms: at the snapshot's 6.36%, a watch
// at 6.75% (0.39 points above: not the spec's rule) whose owner asked for
// $50 a month gets an alert saying so, with a link to its manage page; a
// watch at 7.5% that the spec's rule would alert is paused and gets nothing,
// until it is resumed.
func TestRunHonoursTriggersAndPauses(t *testing.T) {
	ctx := context.Background()
	st := testsupport.NewSQLite(t)
	now := time.Now().UTC()
	saver := confirmedWatch(t, st, "saver@example.com", 6.75, 1945.79, now)
	paused := confirmedWatch(t, st, "paused@example.com", 7.5, 2097.64, now)
	if err := st.SetRefiWatchSettings(ctx, saver, store.RefiTrigger{Kind: refi.TriggerSavings, Value: 50}, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SetRefiWatchSettings(ctx, paused, store.RefiTrigger{Kind: refi.TriggerRule}, &now); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	q := &recordingQueue{}
	st.UseMailQueue(q)
	testsupport.SaveFreshMarketRates(t, st, now)
	svc := refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 3000 },
		"https://quotegrade.example", log, time.Now)
	res, err := svc.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Watches != 2 || res.Created != 1 || len(q.ms) != 1 || q.ms[0].To != "saver@example.com" {
		t.Fatalf("run = %+v, e-mails %d; want one alert, to the saver only", res, len(q.ms))
	}
	alert := q.ms[0]
	if !strings.Contains(alert.Text, "You asked for an alert when refinancing would save at least $50 a month: today it would save about $75 a month.") {
		t.Fatalf("the alert does not say what triggered it:\n%s", alert.Text)
	}
	match := manageLink.FindStringSubmatch(alert.Text)
	if match == nil {
		t.Fatalf("no manage link in the alert:\n%s", alert.Text)
	}
	token, _ := url.QueryUnescape(match[1])
	page, err := svc.Manage(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if page.Status != refi.StatusWatching || page.Mortgage.Rate != 6.75 || page.Comparison.MonthlySavings != 75 ||
		page.Comparison.MeetsRule || !page.Comparison.TriggerFires || *page.Trigger.SavingsAtLeast != 50 ||
		!page.Comparison.Judged || page.Comparison.NotJudged != nil {
		t.Fatalf("manage page = %+v", page)
	}
	if _, err := svc.Manage(ctx, token+"x"); !errors.Is(err, refi.ErrInvalidManageLink) {
		t.Fatalf("an altered link: %v", err)
	}

	// Pausing through the page stops the saver's next alert; the paused
	// owner's resume brings theirs.
	if page, err = svc.Act(ctx, token, api.RefiManageAction{Action: "pause"}); err != nil || page.Status != refi.StatusPaused {
		t.Fatalf("pause: %+v %v", page, err)
	}
	if err := st.SetRefiWatchSettings(ctx, paused, store.RefiTrigger{Kind: refi.TriggerRule}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if len(q.ms) != 2 || q.ms[1].To != "paused@example.com" {
		t.Fatalf("after pausing one and resuming the other: %d e-mails, the last to %s", len(q.ms), q.ms[len(q.ms)-1].To)
	}
	var invalid *apperr.Invalid
	if _, err := svc.SetTrigger(ctx, token, api.RefiTrigger{Kind: refi.TriggerBreakEven}); !errors.As(err, &invalid) {
		t.Fatalf("a break-even trigger without months: %v", err)
	}

	// A year and a day after the alert, its link has expired.
	later := refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 3000 },
		"https://quotegrade.example", log, func() time.Time { return now.Add(refi.ManageLinkLifetime + 24*time.Hour) })
	if _, err := later.Manage(ctx, token); !errors.Is(err, refi.ErrExpiredManageLink) {
		t.Fatalf("a link older than a year: %v", err)
	}
}
