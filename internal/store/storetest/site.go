package storetest

import (
	"sync"
	"testing"
	"time"

	"quotegrade/internal/store"
)

func publicWriteCounts(t *testing.T, s store.Store) {
	minute := at.Truncate(time.Minute)
	// Writes from many goroutines at once (as from several servers) all count.
	const n = 20
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if _, err := s.CountPublicWrite(ctx, "203.0.113.7", minute); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := s.CountPublicWrite(ctx, "203.0.113.7", minute)
	mustNo(t, err)
	if got != n+1 {
		t.Fatalf("count after %d writes and this one = %d, want %d", n, got, n+1)
	}
	if other, _ := s.CountPublicWrite(ctx, "198.51.100.2", minute); other != 1 {
		t.Fatalf("another client's first write counted %d", other)
	}
	if next, _ := s.CountPublicWrite(ctx, "203.0.113.7", minute.Add(time.Minute)); next != 1 {
		t.Fatalf("the next minute starts at %d, want 1", next)
	}
	removed, err := s.ForgetPublicWrites(ctx, minute.Add(time.Minute))
	mustNo(t, err)
	if removed != 2 {
		t.Fatalf("forgot %d minutes, want the 2 of the first minute", removed)
	}
	if again, _ := s.CountPublicWrite(ctx, "203.0.113.7", minute.Add(time.Minute)); again != 2 {
		t.Fatalf("the kept minute was lost: %d", again)
	}
}

func siteCounts(t *testing.T, s store.Store) {
	c, err := s.SiteCounts(ctx)
	mustNo(t, err)
	if c.Outbox != 0 || len(c.Watches) != 0 {
		t.Fatalf("empty store counts = %+v", c)
	}
	mustNo(t, s.SaveOutboxMessage(ctx, store.Email{ID: "m1", To: "a@example.com", Subject: "s", CreatedAt: at}))
	watching, alerted, gone, waiting := NewWatch("a@example.com"), NewWatch("b@example.com"), NewWatch("c@example.com"), NewWatch("d@example.com")
	for _, r := range []store.QuoteRequest{watching, alerted, gone, waiting} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	mustNo(t, s.CreateQuoteRequest(ctx, NewPurchase())) // no current mortgage: not a watch
	for _, email := range []string{"a@example.com", "b@example.com", "c@example.com"} {
		confirmed(t, s, email)
	}
	week := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC)
	_, err = s.CreateRefiAlerts(ctx, []store.RefiAlert{
		{ID: "a1", QuoteRequestID: alerted.ID, Email: "b@example.com",
			RefiFigures: store.RefiFigures{MarketWeek: week}, CreatedAt: at, UnsubscribeTokenHash: "b-hash"},
		{ID: "a2", QuoteRequestID: gone.ID, Email: "c@example.com",
			RefiFigures: store.RefiFigures{MarketWeek: week}, CreatedAt: at, UnsubscribeTokenHash: "gone-hash"}})
	mustNo(t, err)
	mustNo(t, s.UnsubscribeRefi(ctx, "gone-hash", at))
	c, err = s.SiteCounts(ctx)
	mustNo(t, err)
	if c.Outbox != 1 || c.Watches["watching"] != 1 || c.Watches["alerted"] != 1 || c.Watches["unsubscribed"] != 1 ||
		c.Watches["awaiting_confirmation"] != 1 {
		t.Fatalf("counts = %+v", c)
	}
}
