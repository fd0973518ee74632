package storetest

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// requestStampMoves: every store write that changes what the results page
// shows of a request (the request, its contact info, the broker quote, its
// analysis and quotes, its demo mark) moves the request's stamp, which the
// database's triggers keep (decision 0028); the results read and the stamp
// read agree, a read moves nothing, and a removed request is not found. On a
// database one server serves, each of those writes also moves the store's
// commit count and the reads do not (decision 0029).
func requestStampMoves(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	stamp := func() store.RequestStamp {
		t.Helper()
		got, err := s.QuoteRequestStamp(ctx, in.ID)
		mustNo(t, err)
		_, _, read, err := s.GetQuoteRequestForResults(ctx, in.ID)
		mustNo(t, err)
		if read != got {
			t.Fatalf("the results read's stamp %+v differs from the stamp read %+v", read, got)
		}
		return got
	}
	writes := []struct {
		name  string
		write func() error
	}{
		{"contact info", func() error {
			return s.UpdateContactInfo(ctx, in.ID, store.ContactInfo{Email: ptr("new@example.com"), PreferredContactMethod: ptr("email")})
		}},
		{"broker quote", func() error {
			return s.UpdateBrokerQuote(ctx, in.ID, store.BrokerQuote{Rate: ptr(6.875), LenderFees: ptr(2100.0)}, true)
		}},
		{"analysis saved", func() error { saveAnalysis(t, s, in.ID, 6.5, 6.125); return nil }},
		{"analysis saved again, quotes replaced", func() error { saveAnalysis(t, s, in.ID, 7.0); return nil }},
		{"broker corrects the quote after the analysis", func() error {
			return s.UpdateBrokerQuote(ctx, in.ID, store.BrokerQuote{Rate: ptr(6.75)}, false)
		}},
		{"Refi Buddy settings", func() error {
			return s.SetRefiWatchSettings(ctx, in.ID, store.RefiTrigger{Kind: "savings", Value: 150}, nil)
		}},
		{"marked as demo data", func() error { return s.MarkDemoRequest(ctx, in.ID) }},
	}
	for _, w := range writes {
		before := stamp()
		commits, _ := s.Commits()
		mustNo(t, w.write())
		if after := stamp(); after.Version <= before.Version || after.CreatedAt != before.CreatedAt {
			t.Errorf("%s: stamp %+v, then %+v: a kept answer would still be served", w.name, before, after)
		}
		if after, sole := s.Commits(); sole && after <= commits {
			t.Errorf("%s: the store's commit count stayed at %d: a kept answer would be served without asking", w.name, after)
		}
	}
	before := stamp()
	commits, sole := s.Commits()
	_, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if after := stamp(); after != before {
		t.Errorf("a read moved the stamp from %+v to %+v", before, after)
	}
	if after, _ := s.Commits(); after != commits {
		t.Errorf("reads moved the commit count from %d to %d", commits, after)
	}
	if !sole && commits != 0 {
		t.Errorf("a store other servers share counts commits (%d): only its own would be counted", commits)
	}
	if _, err := s.QuoteRequestStamp(ctx, uuid.NewString()); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("stamp of an unknown request: %v, want not found", err)
	}
	if _, err := s.RemoveDemoRequests(ctx, at); err != nil {
		t.Fatal(err)
	}
	if after, sole := s.Commits(); sole && after <= commits {
		t.Errorf("removing the demo requests left the commit count at %d", after)
	}
	if _, err := s.QuoteRequestStamp(ctx, in.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("stamp of a removed request: %v, want not found", err)
	}
}
