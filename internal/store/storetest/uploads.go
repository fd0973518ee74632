package storetest

import (
	"errors"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

func uploads(t *testing.T, s store.Store) {
	old := store.Upload{Key: "uploads/old.pdf", FileName: "old.pdf", ContentType: "application/pdf", CreatedAt: at}
	attached := store.Upload{Key: "uploads/attached.pdf", FileName: "quote.pdf", ContentType: "application/pdf", CreatedAt: at}
	fresh := store.Upload{Key: "uploads/fresh.png", FileName: "fresh.png", ContentType: "image/png", CreatedAt: at.Add(30 * time.Hour)}
	for _, u := range []store.Upload{old, attached, fresh} {
		mustNo(t, s.CreateUpload(ctx, u))
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
}
