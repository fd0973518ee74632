package storetest

import (
	"errors"
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

func refiWatches(t *testing.T, s store.Store) {
	watched, other, noEmail := NewWatch("a@example.com"), NewWatch("b@example.com"), NewWatch("c@example.com")
	noEmail.Email = nil
	other.CashOut, other.CashOutAmount = true, ptr(20000.0)
	for _, r := range []store.QuoteRequest{watched, other, noEmail, NewPurchase()} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 2 {
		t.Fatalf("watches = %d, want the 2 refinances with an e-mail", len(watches))
	}
	byID := map[string]store.RefiWatch{}
	for _, w := range watches {
		byID[w.QuoteRequestID] = w
	}
	if w := byID[other.ID]; w.Balance != 320000 || w.Email != "b@example.com" || w.Current.Rate != 7.5 || w.LastAlert != nil {
		t.Fatalf("watch = %+v", w)
	}
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	alert := store.RefiAlert{ID: uuid.NewString(), QuoteRequestID: watched.ID, MarketWeek: week, MarketRate: 6.36, NewRate: 6.36,
		NewPayment: 1868.7, MonthlySavings: 225, ClosingCosts: 2600, BreakEvenMonths: 12, CreatedAt: at}
	n, err := s.CreateRefiAlerts(ctx, []store.RefiAlert{alert})
	mustNo(t, err)
	dup := alert
	dup.ID = uuid.NewString()
	n2, err := s.CreateRefiAlerts(ctx, []store.RefiAlert{dup})
	mustNo(t, err)
	if n != 1 || n2 != 0 {
		t.Fatalf("created %d then %d for the same week, want 1 then 0", n, n2)
	}
	pending, err := s.UnqueuedRefiAlerts(ctx, 10)
	mustNo(t, err)
	if len(pending) != 1 || pending[0].Email != "a@example.com" || pending[0].MonthlySavings != 225 || !pending[0].MarketWeek.Equal(week) {
		t.Fatalf("pending = %+v", pending)
	}
	first, err := s.ClaimRefiAlerts(ctx, map[string]string{alert.ID: "tok-hash"}, at)
	mustNo(t, err)
	second, err := s.ClaimRefiAlerts(ctx, map[string]string{alert.ID: "other-hash"}, at)
	mustNo(t, err)
	if len(first) != 1 || len(second) != 0 {
		t.Fatalf("claims: %v then %v, want the alert once", first, second)
	}
	watches, _ = s.RefiWatches(ctx)
	for _, w := range watches {
		if w.QuoteRequestID == watched.ID && (w.LastAlert == nil || w.LastAlert.NewRate != 6.36) {
			t.Fatalf("last alert not joined: %+v", w)
		}
	}
	if err := s.UnsubscribeRefi(ctx, "wrong", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown token: %v", err)
	}
	mustNo(t, s.UnsubscribeRefi(ctx, "tok-hash", at))
	mustNo(t, s.UnsubscribeRefi(ctx, "tok-hash", at))
	watches, _ = s.RefiWatches(ctx)
	if len(watches) != 1 || watches[0].QuoteRequestID != other.ID {
		t.Fatalf("after unsubscribe: %+v", watches)
	}
	alerts, err := s.RefiAlerts(ctx, watched.ID)
	mustNo(t, err)
	if len(alerts) != 1 || alerts[0].QueuedAt == nil {
		t.Fatalf("alerts = %+v", alerts)
	}
}
