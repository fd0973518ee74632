package upload_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/blob"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/upload"
)

func str(s string) jsonfield.String { return jsonfield.String{Value: &s} }

// Uploads no request names are removed after a day; attached ones stay.
func TestRemoveStale(t *testing.T) {
	ctx := context.Background()
	st := testsupport.NewSQLite(t)
	local, err := blob.NewLocal(t.TempDir(), bytes.Repeat([]byte("k"), 32), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	clock := func() time.Time { return now }
	svc := upload.NewService(st, local, clock)
	var keys []string
	for i := 0; i < 2; i++ {
		link, err := svc.Presign(ctx, upload.Request{FileName: str("quote.pdf"), FileType: str("application/pdf")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := local.Create(link.Key, strings.NewReader("%PDF-1.4 test")); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, link.Key)
	}
	r := store.QuoteRequest{ID: "r1", LoanType: "purchase", PropertyType: "primary", PropertyStyle: "single", CreditScore: 700,
		ZipCode: "84101", State: "UT", UserUploadedQuoteURL: &keys[1], CreatedAt: now}
	if err := st.CreateQuoteRequest(ctx, r); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.RemoveStale(ctx); err != nil || n != 0 {
		t.Fatalf("fresh uploads removed: %d %v", n, err)
	}
	now = now.Add(25 * time.Hour)
	if n, err := svc.RemoveStale(ctx); err != nil || n != 1 {
		t.Fatalf("removed %d (%v), want the one unattached upload", n, err)
	}
	if _, _, err := local.Open(ctx, keys[0]); err != blob.ErrNotFound {
		t.Fatalf("unattached file still there: %v", err)
	}
	if _, _, err := local.Open(ctx, keys[1]); err != nil {
		t.Fatalf("attached file removed: %v", err)
	}
}
