package storetest

import (
	"errors"
	"fmt"
	"reflect"
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

// A Loan Estimate uploaded as three pictures (issue 28 §3): the pages name
// the first picture, are listed in their order, can be regrouped, count as
// attached while the first picture is, and are free (stale) once its
// request is deleted.
func uploadPages(t *testing.T, s store.Store) {
	names := []string{"page-1.jpg", "page-2.jpg", "page-3.png", "other.png"}
	pics := make([]store.Upload, len(names))
	for i, name := range names {
		pics[i] = store.Upload{Key: "uploads/" + fmt.Sprint(i) + "-" + name, FileName: name, ContentType: "image/jpeg", CreatedAt: at, Client: "192.0.2.7"}
		mustNo(t, s.CreateUpload(ctx, pics[i], noQuota))
		mustNo(t, s.MarkUploadReceived(ctx, pics[i].Key, int64(1000+i), "sha"+fmt.Sprint(i), at.Add(time.Minute)))
	}
	first, two, three, other := pics[0].Key, pics[1].Key, pics[2].Key, pics[3].Key
	want := func(i int, pageOf, attachedTo *string) store.Upload {
		u := pics[i]
		u.Status, u.Size, u.SHA256, u.ReceivedAt = "received", ptr(int64(1000+i)), ptr("sha"+fmt.Sprint(i)), ptr(at.Add(time.Minute))
		u.PageOf, u.AttachedTo = pageOf, attachedTo
		return u
	}
	pagesAre := func(key string, want ...store.Upload) {
		t.Helper()
		got, err := s.UploadPages(ctx, key)
		mustNo(t, err)
		if len(want) == 0 {
			want = []store.Upload{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("pages of %s = %+v, want %+v", key, got, want)
		}
	}

	// Chosen in any order; the order given is kept.
	mustNo(t, s.SetUploadPages(ctx, first, []string{three, two}))
	pagesAre(first, want(2, &first, nil), want(1, &first, nil))
	// Regrouped: page 3 removed, then added back after page 2.
	mustNo(t, s.SetUploadPages(ctx, first, []string{two}))
	pagesAre(first, want(1, &first, nil))
	if got, err := s.GetUpload(ctx, three); err != nil || got.PageOf != nil {
		t.Fatalf("a removed page still names its group: %+v %v", got, err)
	}
	mustNo(t, s.SetUploadPages(ctx, first, []string{two, three}))
	// An unknown page changes nothing.
	if err := s.SetUploadPages(ctx, first, []string{"uploads/missing.png"}); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown page: %v", err)
	}
	pagesAre(first, want(1, &first, nil), want(2, &first, nil))
	// A page moved to another group leaves its first one.
	mustNo(t, s.SetUploadPages(ctx, other, []string{three}))
	pagesAre(other, want(2, &other, nil))
	pagesAre(first, want(1, &first, nil))
	mustNo(t, s.SetUploadPages(ctx, other, nil))
	mustNo(t, s.SetUploadPages(ctx, first, []string{two, three}))

	// The request names the first picture; its pages are attached with it.
	r := NewPurchase()
	r.UserUploadedQuoteURL = ptr(first)
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	pagesAre(first, want(1, &first, &r.ID), want(2, &first, &r.ID))
	stale, err := s.StaleUploads(ctx, at.Add(25*time.Hour), 10)
	mustNo(t, err)
	if len(stale) != 1 || stale[0].Key != other {
		t.Fatalf("stale = %+v, want only the picture no request names", stale)
	}

	// The request deleted, its pages are no one's: removed as stale.
	if key, err := s.DeleteQuoteRequest(ctx, store.DeletedRequest{QuoteRequestID: r.ID, DeletedAt: at.Add(time.Hour), DeletedBy: "visitor"}); err != nil || key == nil || *key != first {
		t.Fatalf("delete: %v %v", key, err)
	}
	pagesAre(first, want(1, &first, nil), want(2, &first, nil))
	stale, err = s.StaleUploads(ctx, at.Add(25*time.Hour), 10)
	mustNo(t, err)
	if len(stale) != 3 {
		t.Fatalf("stale after the delete = %+v, want both pages and the other picture", stale)
	}
}
