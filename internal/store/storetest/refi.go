package storetest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// NewWatch is a refinance request Refi Buddy watches.
func NewWatch(email string) store.QuoteRequest {
	return store.QuoteRequest{
		ID: uuid.NewString(), LoanType: "refinance", PropertyType: "primary", PropertyStyle: "single", CreditScore: 740,
		ZipCode: "84101", State: "UT", PropertyValue: ptr(500000.0), RemainingBalance: ptr(300000.0), RefiIntent: ptr("get_notified"),
		CurrentMortgage: &store.CurrentMortgage{Rate: 7.5, MonthlyPayment: 2097.64, LoanProgram: ptr("30-year-fixed")},
		ContactInfo:     store.ContactInfo{Email: ptr(email)}, CreatedAt: at,
	}
}

// claimConfirmation claims a confirmation counted by the address itself as
// its mailbox (refi.Mailbox's folding is refi's).
func claimConfirmation(s store.Store, email, token string, at, notBefore, expires time.Time) (bool, error) {
	return s.ClaimRefiConfirmation(ctx, store.RefiConfirmationClaim{Email: email, Mailbox: email, Domain: email[strings.LastIndex(email, "@")+1:],
		DomainCap: 1000, TokenHash: token, At: at, NotBefore: notBefore, Expires: expires})
}

// Different addresses of one inbox get one confirmation a day, and a domain
// at most its cap a day; a refused claim stores nothing (issue 24 §4).
func refiConfirmationCaps(t *testing.T, s store.Store) {
	day := 24 * time.Hour
	claim := func(email, mailbox, token string, when time.Time, domainCap int) bool {
		t.Helper()
		ok, err := s.ClaimRefiConfirmation(ctx, store.RefiConfirmationClaim{Email: email, Mailbox: mailbox, Domain: mailbox[strings.LastIndex(mailbox, "@")+1:],
			DomainCap: domainCap, TokenHash: token, At: when, NotBefore: when.Add(-day), Expires: when.Add(7 * day)})
		mustNo(t, err)
		return ok
	}
	if !claim("victim@inbox.test", "victim@inbox.test", "m1", at, 100) {
		t.Fatal("the first confirmation to the mailbox was refused")
	}
	if claim("victim+1@inbox.test", "victim@inbox.test", "m2", at.Add(time.Hour), 100) {
		t.Fatal("another address of the same mailbox got a second confirmation within a day")
	}
	if err := s.ConfirmRefiAddress(ctx, "m2", at.Add(2*time.Hour)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("a refused claim's token confirms: %v", err)
	}
	// The refusal left the address unsent: with a mailbox of its own it is claimed.
	if !claim("victim+1@inbox.test", "other@inbox.test", "m3", at.Add(2*time.Hour), 100) {
		t.Fatal("a refused claim marked its address as sent")
	}
	if !claim("victim+2@inbox.test", "victim@inbox.test", "m4", at.Add(day+time.Minute), 100) {
		t.Fatal("no confirmation to the mailbox the next day")
	}
	for i, want := range []bool{true, true, false} {
		email := fmt.Sprintf("d%d@capped.test", i)
		if got := claim(email, email, "d"+email, at, 2); got != want {
			t.Fatalf("confirmation %d to the domain: %v, want %v (cap 2 a day)", i+1, got, want)
		}
	}
	if !claim("d2@capped.test", "d2@capped.test", "next-day", at.Add(day), 2) {
		t.Fatal("the domain's cap did not start again the next day")
	}
}

// An old confirmation link followed after the address unsubscribed does not
// turn its alerts on again; a new sign-up's link does.
func refiUnsubscribeVoidsConfirmations(t *testing.T, s store.Store) {
	ok, err := claimConfirmation(s, "left@example.com", "old-link", at, at.Add(-24*time.Hour), at.Add(7*24*time.Hour))
	mustNo(t, err)
	if !ok {
		t.Fatal("not claimed")
	}
	mustNo(t, s.CreateQuoteRequest(ctx, NewWatch("left@example.com")))
	if got, err := s.UnsubscribedAt(ctx, "left@example.com"); err != nil || got != nil {
		t.Fatalf("unsubscribed at before unsubscribing: %v, %v", got, err)
	}
	mustNo(t, s.UnsubscribeRefiAddress(ctx, "left@example.com", at.Add(time.Hour)))
	// The Send Email form asks before a marketing e-mail (issue 26), whatever the case of the address.
	if got, err := s.UnsubscribedAt(ctx, "Left@Example.com"); err != nil || got == nil || !got.Equal(at.Add(time.Hour)) {
		t.Fatalf("unsubscribed at = %v, %v; want %v", got, err, at.Add(time.Hour))
	}
	if got, err := s.UnsubscribedAt(ctx, "nobody@example.com"); err != nil || got != nil {
		t.Fatalf("unsubscribed at of an unknown address: %v, %v", got, err)
	}
	if err := s.ConfirmRefiAddress(ctx, "old-link", at.Add(2*time.Hour)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("old confirmation link after unsubscribe: %v, want not found", err)
	}
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	for _, w := range watches {
		if w.Email == "left@example.com" && !w.ConfirmedAt.IsZero() {
			t.Fatalf("the old link confirmed the address: %+v", w)
		}
	}
}

// confirmed makes email's watches active from at.
func confirmed(t *testing.T, s store.Store, email string) {
	t.Helper()
	ok, err := claimConfirmation(s, email, "tok-"+email, at, at.Add(-24*time.Hour), at.Add(7*24*time.Hour))
	mustNo(t, err)
	if !ok {
		t.Fatalf("confirmation for %s not claimed", email)
	}
	mustNo(t, s.ConfirmRefiAddress(ctx, "tok-"+email, at))
}

func refiWatches(t *testing.T, s store.Store) {
	watched, sameAddress, other, noEmail := NewWatch("a@example.com"), NewWatch("A@Example.com"), NewWatch("b@example.com"), NewWatch("c@example.com")
	noEmail.Email = nil
	other.CashOut, other.CashOutAmount = true, ptr(20000.0)
	for _, r := range []store.QuoteRequest{watched, sameAddress, other, noEmail, NewPurchase()} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 0 {
		t.Fatalf("watches before any confirmation = %d, want none", len(watches))
	}
	confirmed(t, s, "a@example.com")
	confirmed(t, s, "b@example.com")
	watches, err = s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 3 {
		t.Fatalf("watches = %d, want the 3 refinances with a confirmed e-mail", len(watches))
	}
	byID := map[string]store.RefiWatch{}
	for _, w := range watches {
		byID[w.QuoteRequestID] = w
	}
	if w := byID[other.ID]; w.Balance != 320000 || w.CashOut != 20000 || w.Email != "b@example.com" || w.Current.Rate != 7.5 || w.LastAlert != nil ||
		!w.CreatedAt.Equal(at) || !w.ConfirmedAt.Equal(at) || w.UnsubscribedAt != nil {
		t.Fatalf("watch = %+v", w)
	}
	if w := byID[watched.ID]; w.Balance != 300000 || w.CashOut != 0 {
		t.Fatalf("watch without cash out = %+v", w)
	}
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	alert := store.RefiAlert{ID: uuid.NewString(), QuoteRequestID: watched.ID, Email: "a@example.com",
		RefiFigures: store.RefiFigures{MarketWeek: week, MarketRate: 6.36, NewRate: 6.36, NewPayment: 1868.7,
			MonthlySavings: 225, ClosingCosts: 2600, BreakEvenMonths: 12}, CreatedAt: at, UnsubscribeTokenHash: "tok-hash"}
	created, err := s.CreateRefiAlerts(ctx, []store.RefiAlert{alert})
	mustNo(t, err)
	dup := alert
	dup.ID, dup.QuoteRequestID, dup.UnsubscribeTokenHash = uuid.NewString(), sameAddress.ID, "other-hash"
	again, err := s.CreateRefiAlerts(ctx, []store.RefiAlert{dup})
	mustNo(t, err)
	if len(created) != 1 || created[0].ID != alert.ID || created[0].QueuedAt == nil || len(again) != 0 {
		t.Fatalf("created %+v then %+v for the same address and week, want the first only", created, again)
	}
	watches, _ = s.RefiWatches(ctx)
	for _, w := range watches {
		if w.Email != "b@example.com" && (w.LastAlert == nil || w.LastAlert.NewRate != 6.36 || !w.LastAlert.MarketWeek.Equal(week)) {
			t.Fatalf("the address' last alert not joined to every watch of it: %+v", w)
		}
	}
	// A later week's alert is the address' latest, for every watch of it.
	later := alert
	later.ID, later.MarketWeek, later.NewRate, later.CreatedAt, later.UnsubscribeTokenHash = uuid.NewString(), week.AddDate(0, 0, 7), 5.9,
		at.Add(7*24*time.Hour), "later-hash"
	_, err = s.CreateRefiAlerts(ctx, []store.RefiAlert{later})
	mustNo(t, err)
	watches, err = s.RefiWatches(ctx)
	mustNo(t, err)
	for _, w := range watches {
		if w.Email != "b@example.com" && (w.LastAlert == nil || w.LastAlert.ID != later.ID || w.LastAlert.NewRate != 5.9 ||
			!w.LastAlert.CreatedAt.Equal(later.CreatedAt)) {
			t.Fatalf("last alert = %+v, want the later week's", w.LastAlert)
		}
	}
	alerts, err := s.RefiAlerts(ctx, watched.ID)
	mustNo(t, err)
	alerts = slices.DeleteFunc(alerts, func(a store.RefiAlert) bool { return a.ID == later.ID })
	if len(alerts) != 1 || alerts[0].QueuedAt == nil || alerts[0].Email != "a@example.com" || alerts[0].MonthlySavings != 225 {
		t.Fatalf("alerts = %+v", alerts)
	}
}

func refiConfirmationClaims(t *testing.T, s store.Store) {
	day := 24 * time.Hour
	claim := func(token string, when time.Time) bool {
		t.Helper()
		ok, err := claimConfirmation(s, "a@example.com", token, when, when.Add(-day), when.Add(7*day))
		mustNo(t, err)
		return ok
	}
	if !claim("t1", at) || claim("t2", at.Add(time.Hour)) || claim("t3", at.Add(23*time.Hour)) {
		t.Fatal("a second confirmation within a day was claimed")
	}
	if !claim("t4", at.Add(25*time.Hour)) {
		t.Fatal("no confirmation the next day")
	}
	for _, token := range []string{"t2", "wrong"} {
		if err := s.ConfirmRefiAddress(ctx, token, at.Add(26*time.Hour)); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("confirm with %s: %v, want not found", token, err)
		}
	}
	if err := s.ConfirmRefiAddress(ctx, "t1", at.Add(7*day+time.Second)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("expired token: %v, want not found", err)
	}
	mustNo(t, s.ConfirmRefiAddress(ctx, "t1", at.Add(26*time.Hour)))
	mustNo(t, s.ConfirmRefiAddress(ctx, "t4", at.Add(27*time.Hour)))
	if claim("t5", at.Add(3*day)) {
		t.Fatal("a confirmed address was sent another confirmation")
	}
	r := NewWatch("a@example.com")
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 1 || !watches[0].ConfirmedAt.Equal(at.Add(26*time.Hour)) {
		t.Fatalf("watches = %+v, want one confirmed at the first click", watches)
	}
}

func refiConfirmationRace(t *testing.T, s store.Store) {
	const n = 8
	var wg sync.WaitGroup
	results := make(chan bool, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := claimConfirmation(s, "race@example.com", fmt.Sprintf("race-%d", i), at, at.Add(-24*time.Hour), at.Add(7*24*time.Hour))
			if err != nil {
				t.Error(err)
			}
			results <- ok
		}()
	}
	wg.Wait()
	close(results)
	claimed := 0
	for ok := range results {
		if ok {
			claimed++
		}
	}
	if claimed != 1 {
		t.Fatalf("%d of %d concurrent claims won, want exactly 1", claimed, n)
	}
}

func refiUnsubscribe(t *testing.T, s store.Store) {
	first, second := NewWatch("a@example.com"), NewWatch("a@example.com")
	for _, r := range []store.QuoteRequest{first, second} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	confirmed(t, s, "a@example.com")
	alert := store.RefiAlert{ID: uuid.NewString(), QuoteRequestID: first.ID, Email: "a@example.com",
		RefiFigures: store.RefiFigures{MarketWeek: at, MarketRate: 6, NewRate: 6}, CreatedAt: at, UnsubscribeTokenHash: "tok-hash"}
	_, err := s.CreateRefiAlerts(ctx, []store.RefiAlert{alert})
	mustNo(t, err)
	if err := s.UnsubscribeRefi(ctx, "wrong", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown token: %v", err)
	}
	mustNo(t, s.UnsubscribeRefi(ctx, "tok-hash", at.Add(time.Hour)))
	mustNo(t, s.UnsubscribeRefi(ctx, "tok-hash", at.Add(time.Hour)))
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 0 {
		t.Fatalf("after unsubscribe: %+v, want no watch of the address", watches)
	}
	// Signing up again needs a new confirmation; the old watches stay stopped
	// (UnsubscribedAt tells refi which watches came after).
	ok, err := claimConfirmation(s, "a@example.com", "again", at.Add(2*time.Hour), at, at.Add(8*24*time.Hour))
	mustNo(t, err)
	if !ok {
		t.Fatal("an unsubscribed address could not be sent a new confirmation")
	}
	mustNo(t, s.ConfirmRefiAddress(ctx, "again", at.Add(3*time.Hour)))
	watches, _ = s.RefiWatches(ctx)
	if len(watches) != 2 || watches[0].UnsubscribedAt == nil || !watches[0].UnsubscribedAt.Equal(at.Add(time.Hour)) {
		t.Fatalf("after confirming again: %+v", watches)
	}
}

func inTx(t *testing.T, s store.Store) {
	undone, kept := NewPurchase(), NewPurchase()
	boom := errors.New("boom")
	err := s.InTx(ctx, func(st store.Tx) error {
		mustNo(t, st.CreateQuoteRequest(ctx, undone))
		if _, err := st.GetQuoteRequest(ctx, undone.ID); err != nil {
			t.Errorf("a write is not visible inside its transaction: %v", err)
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx returned %v, want fn's error", err)
	}
	if _, err := s.GetQuoteRequest(ctx, undone.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("a rolled-back write was kept: %v", err)
	}
	mustNo(t, s.InTx(ctx, func(st store.Tx) error {
		if err := st.CreateQuoteRequest(ctx, kept); err != nil {
			return err
		}
		// A method with its own transaction joins the open one.
		return st.SaveAnalysis(ctx, store.Analysis{ID: uuid.NewString(), QuoteRequestID: kept.ID, Lender: "rocket", CreatedAt: at, UpdatedAt: at})
	}))
	if _, err := s.GetAnalysisByQuoteRequest(ctx, kept.ID); err != nil {
		t.Fatalf("committed analysis: %v", err)
	}
}

// txQueue records what a transaction's QueueEmails hands the mail queue.
type txQueue struct {
	txs  []*sql.Tx
	sent []store.OutgoingEmail
}

func (q *txQueue) SendEmailsTx(_ context.Context, tx *sql.Tx, ms []store.OutgoingEmail) error {
	q.txs = append(q.txs, tx)
	q.sent = append(q.sent, ms...)
	return nil
}

// inTxQueuesEmails: QueueEmails refuses without a mail queue, and hands the
// queue the messages with the transaction they belong to, one call for a
// nested InTx's too.
func inTxQueuesEmails(t *testing.T, s store.Store) {
	m := store.OutgoingEmail{ID: "m1", To: "a@example.com", Subject: "Hi", Text: "t", HTML: "h"}
	if err := s.InTx(ctx, func(tx store.Tx) error { return tx.QueueEmails(ctx, m) }); err == nil {
		t.Fatal("QueueEmails without a mail queue succeeded")
	}
	q := &txQueue{}
	s.UseMailQueue(q)
	other := m
	other.ID = "m2"
	mustNo(t, s.InTx(ctx, func(tx store.Tx) error {
		if err := tx.QueueEmails(ctx, m); err != nil {
			return err
		}
		return tx.InTx(ctx, func(inner store.Tx) error { return inner.QueueEmails(ctx, other) })
	}))
	if len(q.txs) != 2 || q.txs[0] == nil || q.txs[0] != q.txs[1] {
		t.Fatalf("queued through %v, want one transaction twice", q.txs)
	}
	if want := []store.OutgoingEmail{m, other}; !slices.Equal(q.sent, want) {
		t.Fatalf("queued %+v, want %+v", q.sent, want)
	}
}

// refiManage: a watch's manage links (a confirmation's and an alert's) name
// it; its trigger and pause are kept and read back by both reads of watches;
// unsubscribing an address by name stops its watches.
func refiManage(t *testing.T, s store.Store) {
	r := NewWatch("Manage@Example.com")
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	w, err := s.RefiWatch(ctx, r.ID)
	mustNo(t, err)
	if w.Email != "Manage@Example.com" || !w.ConfirmedAt.IsZero() || w.Trigger.Kind != "rule" || w.PausedAt != nil || w.Balance != 300000 {
		t.Fatalf("unconfirmed watch = %+v, want the spec's rule, not paused, not confirmed", w)
	}
	if _, err := s.RefiWatch(ctx, NewPurchase().ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown watch: %v", err)
	}
	mustNo(t, s.CreateRefiManageLink(ctx, "manage-confirm", r.ID, at))
	alert := store.RefiAlert{ID: uuid.NewString(), QuoteRequestID: r.ID, Email: "manage@example.com",
		RefiFigures: store.RefiFigures{MarketWeek: at, MarketRate: 6, NewRate: 6}, CreatedAt: at.Add(time.Hour), UnsubscribeTokenHash: "manage-alert"}
	_, err = s.CreateRefiAlerts(ctx, []store.RefiAlert{alert})
	mustNo(t, err)
	for token, sent := range map[string]time.Time{"manage-confirm": at, "manage-alert": at.Add(time.Hour)} {
		id, when, err := s.RefiManageLink(ctx, token)
		mustNo(t, err)
		if id != r.ID || !when.Equal(sent) {
			t.Fatalf("link %s names %s sent %v, want %s at %v", token, id, when, r.ID, sent)
		}
	}
	if _, _, err := s.RefiManageLink(ctx, "unsub-m"); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("an unsubscribe token opened the manage page: %v", err)
	}

	paused := at.Add(2 * time.Hour)
	mustNo(t, s.SetRefiWatchSettings(ctx, r.ID, store.RefiTrigger{Kind: "savings", Value: 150}, &paused))
	confirmed(t, s, "manage@example.com")
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 1 || watches[0].Trigger != (store.RefiTrigger{Kind: "savings", Value: 150}) || watches[0].PausedAt == nil ||
		!watches[0].PausedAt.Equal(paused) || watches[0].LastAlert == nil {
		t.Fatalf("watches = %+v, want the savings trigger, paused, with its alert", watches)
	}
	mustNo(t, s.SetRefiWatchSettings(ctx, r.ID, store.RefiTrigger{Kind: "break_even", Value: 24}, nil))
	w, err = s.RefiWatch(ctx, r.ID)
	mustNo(t, err)
	if w.Trigger != (store.RefiTrigger{Kind: "break_even", Value: 24}) || w.PausedAt != nil || !w.ConfirmedAt.Equal(at) {
		t.Fatalf("after resuming = %+v", w)
	}
	mustNo(t, s.SetRefiWatchSettings(ctx, r.ID, store.RefiTrigger{Kind: "rule", Value: 24}, nil))
	if w, _ = s.RefiWatch(ctx, r.ID); w.Trigger != (store.RefiTrigger{Kind: "rule"}) {
		t.Fatalf("the spec's rule kept a value: %+v", w.Trigger)
	}
	if err := s.SetRefiWatchSettings(ctx, "no-such-request", store.RefiTrigger{Kind: "rule"}, nil); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("settings of an unknown request: %v", err)
	}

	mustNo(t, s.UnsubscribeRefiAddress(ctx, "manage@example.com", at.Add(3*time.Hour)))
	if watches, _ = s.RefiWatches(ctx); len(watches) != 0 {
		t.Fatalf("after unsubscribing the address: %+v", watches)
	}
	w, err = s.RefiWatch(ctx, r.ID)
	mustNo(t, err)
	if w.UnsubscribedAt == nil || !w.ConfirmedAt.IsZero() {
		t.Fatalf("unsubscribed watch = %+v", w)
	}
}
