package storetest

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// noQuota lets every upload through.
var noQuota = store.UploadQuota{Reserve: 10 << 20, PerClient: 1 << 40, Total: 1 << 40}

func uploads(t *testing.T, s store.Store) {
	old := store.Upload{Key: "uploads/old.pdf", FileName: "old.pdf", ContentType: "application/pdf", CreatedAt: at}
	attached := store.Upload{Key: "uploads/attached.pdf", FileName: "quote.pdf", ContentType: "application/pdf", CreatedAt: at}
	fresh := store.Upload{Key: "uploads/fresh.png", FileName: "fresh.png", ContentType: "image/png", CreatedAt: at.Add(30 * time.Hour)}
	for _, u := range []store.Upload{old, attached, fresh} {
		mustNo(t, s.CreateUpload(ctx, u, noQuota))
	}
	mustNo(t, s.MarkUploadReceived(ctx, attached.Key, 1234, "abc", at.Add(time.Minute)))
	r := NewPurchase()
	r.UserUploadedQuoteURL = ptr(attached.Key)
	mustNo(t, s.CreateQuoteRequest(ctx, r))

	got, err := s.GetUpload(ctx, attached.Key)
	mustNo(t, err)
	if got.Status != "received" || *got.Size != 1234 || *got.SHA256 != "abc" || got.AttachedTo == nil || *got.AttachedTo != r.ID || !got.ReceivedAt.Equal(at.Add(time.Minute)) {
		t.Fatalf("attached upload = %+v", got)
	}
	mustNo(t, s.MarkUploadRejected(ctx, old.Key))
	stale, err := s.StaleUploads(ctx, at.Add(24*time.Hour+time.Second), 10)
	mustNo(t, err)
	if len(stale) != 1 || stale[0].Key != old.Key || stale[0].Status != "rejected" {
		t.Fatalf("stale = %+v, want only the unattached old upload", stale)
	}
	mustNo(t, s.DeleteUpload(ctx, old.Key))
	if _, err := s.GetUpload(ctx, old.Key); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("deleted upload: %v", err)
	}
	unchecked, err := s.UncheckedUploads(ctx, at.Add(31*time.Hour), 10)
	mustNo(t, err)
	if len(unchecked) != 1 || unchecked[0].Key != fresh.Key {
		t.Fatalf("unchecked = %+v, want only the fresh pending upload", unchecked)
	}
	if none, err := s.UncheckedUploads(ctx, at.Add(30*time.Hour), 10); err != nil || len(none) != 0 {
		t.Fatalf("unchecked before it was created: %+v %v", none, err)
	}
}

// A client holds at most PerClient bytes of uploads made since Since, and
// all unattached uploads at most Total: a link not yet received counts as
// Reserve, a received file as its size, a rejected one as nothing, an
// attached one not towards Total (issue 24 §1).
func uploadQuotas(t *testing.T, s store.Store) {
	q := store.UploadQuota{Reserve: 100, PerClient: 250, Total: 400, Since: at.Add(-time.Hour)}
	n := 0
	create := func(client string, when time.Time) (string, error) {
		n++
		key := fmt.Sprintf("uploads/q%d.pdf", n)
		return key, s.CreateUpload(ctx, store.Upload{Key: key, FileName: "q.pdf", ContentType: "application/pdf", CreatedAt: when, Client: client}, q)
	}
	a1, err := create("a", at)
	mustNo(t, err)
	a2, err := create("a", at)
	mustNo(t, err)
	if _, err := create("a", at); !errors.Is(err, store.ErrClientQuota) {
		t.Fatalf("a third reserved link of 100 within 250: %v, want the client quota", err)
	}
	// Received bytes count, not the reservation: 20 + 100 + 100 fits 250.
	mustNo(t, s.MarkUploadReceived(ctx, a1, 20, "x", at))
	a3, err := create("a", at)
	mustNo(t, err)
	// A rejected (deleted) file counts as nothing.
	mustNo(t, s.MarkUploadRejected(ctx, a2))
	if _, err := create("a", at); err != nil {
		t.Fatalf("after a rejection: %v", err)
	}
	// Uploads before Since are another day's.
	if _, err := create("old", at.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Unattached now: a1 20 + a3 100 + a4 100 + old 100 = 320; one more
	// reservation of 100 passes no total of 400.
	if _, err := create("b", at); !errors.Is(err, store.ErrTotalQuota) {
		t.Fatalf("past the total: %v, want the total quota", err)
	}
	// An attached file no longer counts towards the total.
	mustNo(t, s.MarkUploadReceived(ctx, a3, 100, "y", at))
	r := NewPurchase()
	r.UserUploadedQuoteURL = ptr(a3)
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	if _, err := create("b", at); err != nil {
		t.Fatalf("after attaching a file: %v", err)
	}
	counts, err := s.SiteCounts(ctx)
	mustNo(t, err)
	if counts.UploadBytes != 20 || counts.PendingUploads != 3 {
		t.Fatalf("site counts: %d bytes, %d pending; want 20 and 3", counts.UploadBytes, counts.PendingUploads)
	}
}
