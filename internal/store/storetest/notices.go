package storetest

import (
	"slices"
	"sync"
	"testing"
	"time"

	"quotegrade/internal/store"
)

// requestAt stores a purchase request made at when, changed by opts.
func requestAt(t *testing.T, s store.Store, when time.Time, opts ...func(*store.QuoteRequest)) store.QuoteRequest {
	t.Helper()
	r := NewPurchase()
	r.CreatedAt = when
	for _, o := range opts {
		o(&r)
	}
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	return r
}

// claimNotice claims the new-requests notice at now, 15 minutes after the last.
func claimNotice(t *testing.T, s store.Store, now time.Time) []string {
	t.Helper()
	got, err := s.ClaimNewRequestsNotice(ctx, now, now.Add(-15*time.Minute), at.Add(-24*time.Hour), 100)
	mustNo(t, err)
	return ids(got)
}

func newRequestsNotice(t *testing.T, s store.Store) {
	requestAt(t, s, at.Add(-48*time.Hour)) // before since: not listed
	first := requestAt(t, s, at)
	second := requestAt(t, s, at.Add(time.Minute))
	requestAt(t, s, at, func(r *store.QuoteRequest) { r.IsExample = true })
	demo := requestAt(t, s, at)
	mustNo(t, s.MarkDemoRequest(ctx, demo.ID))
	analysed := requestAt(t, s, at)
	saveAnalysis(t, s, analysed.ID, 6.5)

	if got, want := claimNotice(t, s, at.Add(5*time.Minute)), ids([]store.QuoteRequest{first, second}); !slices.Equal(got, want) {
		t.Fatalf("first notice lists %v, want the two waiting requests oldest first %v", got, want)
	}
	third := requestAt(t, s, at.Add(6*time.Minute))
	if got := claimNotice(t, s, at.Add(10*time.Minute)); len(got) != 0 {
		t.Fatalf("a second notice within 15 minutes listed %v", got)
	}
	if got := claimNotice(t, s, at.Add(20*time.Minute)); !slices.Equal(got, []string{third.ID}) {
		t.Fatalf("notice after 15 minutes lists %v, want only the new request %s", got, third.ID)
	}
	// Nothing new: no notice, and the slot is not taken, so the next
	// request is announced at once.
	if got := claimNotice(t, s, at.Add(40*time.Minute)); len(got) != 0 {
		t.Fatalf("a notice with nothing new listed %v", got)
	}
	fourth := requestAt(t, s, at.Add(41*time.Minute))
	if got := claimNotice(t, s, at.Add(41*time.Minute)); !slices.Equal(got, []string{fourth.ID}) {
		t.Fatalf("notice lists %v, want %s", got, fourth.ID)
	}
	// At most limit per notice, the oldest first; the rest wait for the next.
	a, b := requestAt(t, s, at.Add(42*time.Minute)), requestAt(t, s, at.Add(43*time.Minute))
	got, err := s.ClaimNewRequestsNotice(ctx, at.Add(time.Hour), at.Add(45*time.Minute), at, 1)
	mustNo(t, err)
	if !slices.Equal(ids(got), []string{a.ID}) || got[0].LoanType != "purchase" || *got[0].PurchasePrice != 450000 {
		t.Fatalf("limited notice lists %+v, want %s with its scenario", got, a.ID)
	}
	if got := claimNotice(t, s, at.Add(2*time.Hour)); !slices.Equal(got, []string{b.ID}) {
		t.Fatalf("next notice lists %v, want %s", got, b.ID)
	}
}

// Copies of the server claim at the same moment: one notice lists the requests.
func newRequestsNoticeRace(t *testing.T, s store.Store) {
	want := map[string]bool{}
	for i := range 3 {
		want[requestAt(t, s, at.Add(time.Duration(i)*time.Second)).ID] = true
	}
	const copies = 8
	var wg sync.WaitGroup
	results := make([][]store.QuoteRequest, copies)
	errs := make([]error, copies)
	for i := range copies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			now := at.Add(time.Minute)
			results[i], errs[i] = s.ClaimNewRequestsNotice(ctx, now, now.Add(-15*time.Minute), at.Add(-time.Hour), 100)
		}()
	}
	wg.Wait()
	notices := 0
	for i, got := range results {
		mustNo(t, errs[i])
		if len(got) == 0 {
			continue
		}
		notices++
		if len(got) != len(want) {
			t.Fatalf("a notice listed %d requests, want %d", len(got), len(want))
		}
	}
	if notices != 1 {
		t.Fatalf("%d notices from %d claims at once, want 1", notices, copies)
	}
}

func staleRatesNotice(t *testing.T, s store.Store) {
	week := time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	for i, c := range []struct {
		week time.Time
		want bool
	}{{week, true}, {week, false}, {week.AddDate(0, 0, 7), true}, {week, false}} {
		got, err := s.ClaimStaleRatesNotice(ctx, c.week, at.AddDate(0, 0, i))
		mustNo(t, err)
		if got != c.want {
			t.Fatalf("claim %d for week %s = %v, want %v", i, c.week.Format(time.DateOnly), got, c.want)
		}
	}
}
