package storetest

import (
	"errors"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

func demoRemoved(t *testing.T, s store.Store) {
	demo, real := NewPurchase(), NewPurchase()
	mustNo(t, s.CreateQuoteRequest(ctx, demo))
	mustNo(t, s.CreateQuoteRequest(ctx, real))
	mustNo(t, s.MarkDemoRequest(ctx, demo.ID))
	mustNo(t, s.MarkDemoRequest(ctx, demo.ID)) // idempotent
	saveAnalysis(t, s, demo.ID, 6.0)
	if removed, err := s.DemoRequestsRemoved(ctx); err != nil || removed {
		t.Fatalf("removed before removal: %v %v", removed, err)
	}
	n, err := s.RemoveDemoRequests(ctx, at)
	if err != nil || n != 1 {
		t.Fatalf("removed %d, %v; want 1", n, err)
	}
	if _, err := s.GetQuoteRequest(ctx, demo.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("demo request after removal: %v", err)
	}
	if _, err := s.GetAnalysisByQuoteRequest(ctx, demo.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("demo analysis after removal: %v", err)
	}
	if _, err := s.GetQuoteRequest(ctx, real.ID); err != nil {
		t.Fatalf("a visitor's request was removed: %v", err)
	}
	if removed, err := s.DemoRequestsRemoved(ctx); err != nil || !removed {
		t.Fatalf("removal not remembered: %v %v", removed, err)
	}
	if n, err := s.RemoveDemoRequests(ctx, at); err != nil || n != 0 {
		t.Fatalf("second removal: %d %v", n, err)
	}
}

// The broker's lists and the request page tell demo requests from visitors'.
func demoRead(t *testing.T, s store.Store) {
	demo, real := NewPurchase(), NewPurchase()
	mustNo(t, s.CreateQuoteRequest(ctx, demo))
	mustNo(t, s.CreateQuoteRequest(ctx, real))
	mustNo(t, s.MarkDemoRequest(ctx, demo.ID))
	for id, want := range map[string]bool{demo.ID: true, real.ID: false} {
		got, err := s.GetQuoteRequest(ctx, id)
		mustNo(t, err)
		if got.IsDemo != want {
			t.Errorf("GetQuoteRequest(%s).IsDemo = %v, want %v", id, got.IsDemo, want)
		}
	}
	saveAnalysis(t, s, demo.ID, 6.0)
	seen := 0
	for _, analysed := range []bool{false, true} {
		list, err := s.ListQuoteRequests(ctx, analysed, 100)
		mustNo(t, err)
		for _, r := range list {
			if r.ID == demo.ID || r.ID == real.ID {
				seen++
			}
			if r.IsDemo != (r.ID == demo.ID) {
				t.Errorf("listed (analysed %v) %s with IsDemo %v", analysed, r.ID, r.IsDemo)
			}
		}
	}
	if seen != 2 {
		t.Errorf("the lists hold %d of the two requests", seen)
	}
}

func serverCopies(t *testing.T, s store.Store) {
	a := store.ServerCopy{ID: "web-1|0.0.0.0:8080", MailTransport: "smtp mail.example.com:587", MailFingerprint: "aaa",
		UploadStore: "s3 bucket quotes at https://s3.example.com", UploadFingerprint: "bbb", StartedAt: at}
	b := a
	b.ID, b.StartedAt = "web-2|0.0.0.0:8080", at.Add(time.Minute)
	mustNo(t, s.RecordServerCopy(ctx, a))
	mustNo(t, s.RecordServerCopy(ctx, b))
	a.MailFingerprint, a.StartedAt = "ccc", at.Add(2*time.Minute)
	mustNo(t, s.RecordServerCopy(ctx, a))
	got, err := s.ListServerCopies(ctx)
	mustNo(t, err)
	if len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("copies = %+v, want %+v then %+v", got, a, b)
	}
}
