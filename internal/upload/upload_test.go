package upload_test

import (
	"context"
	"testing"
	"time"

	"quotegrade/internal/blob"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/upload"
)

func str(s string) jsonfield.String { return jsonfield.String{Value: &s} }

// Uploads no request names are removed after a day, on either store;
// attached ones stay.
func TestRemoveStale(t *testing.T) {
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			st := testsupport.NewSQLite(t)
			now := time.Now()
			svc := upload.NewService(st, b.blobs, func() time.Time { return now })
			keys := []string{send(t, b, svc, "quote.pdf", "application/pdf", pdfBytes), send(t, b, svc, "quote.pdf", "application/pdf", pdfBytes)}
			r := store.QuoteRequest{ID: "r1", LoanType: "purchase", PropertyType: "primary", PropertyStyle: "single", CreditScore: 700,
				ZipCode: "84101", State: "UT", UserUploadedQuoteURL: &keys[1], CreatedAt: now}
			if err := st.CreateQuoteRequest(ctx, r); err != nil {
				t.Fatal(err)
			}
			now = now.Add(23 * time.Hour)
			if n, err := svc.RemoveStale(ctx); err != nil || n != 0 {
				t.Fatalf("uploads under a day old removed: %d %v", n, err)
			}
			now = now.Add(2 * time.Hour)
			if n, err := svc.RemoveStale(ctx); err != nil || n != 1 {
				t.Fatalf("removed %d (%v), want the one unattached upload", n, err)
			}
			if _, _, err := b.blobs.Open(ctx, keys[0]); err != blob.ErrNotFound {
				t.Fatalf("unattached file still there: %v", err)
			}
			if _, err := svc.Check(ctx, keys[0]); err != upload.ErrUnknownUpload {
				t.Fatalf("a removed upload still checks: %v", err)
			}
			if _, _, err := b.blobs.Open(ctx, keys[1]); err != nil {
				t.Fatalf("attached file removed: %v", err)
			}
		})
	}
}
