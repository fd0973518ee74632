package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store/storetest"
)

// `quotegrade records purge` removes what is older than the retention (or
// --before), printing the counts by kind; --dry-run removes nothing.
func TestRecordsPurge(t *testing.T) {
	dir := t.TempDir()
	none := func(string) string { return "" }
	st := openDataDir(t, "records", dir)
	old, fresh := storetest.NewPurchase(), storetest.NewPurchase()
	old.CreatedAt, fresh.CreatedAt = time.Now().AddDate(-5, 0, 0), time.Now()
	if err := st.CreateQuoteRequest(context.Background(), old); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateQuoteRequest(context.Background(), fresh); err != nil {
		t.Fatal(err)
	}
	st.Close()
	purge := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if err := run(append([]string{"records", "purge", "--data-dir", dir}, args...), none, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if out := purge("--dry-run"); !strings.Contains(out, "would remove") || !strings.Contains(out, "quote_requests    1") {
		t.Fatalf("dry run printed:\n%s", out)
	}
	if out := purge("--before", "2000-01-01"); !strings.Contains(out, "before 2000-01-01") || !strings.Contains(out, "quote_requests    0") {
		t.Fatalf("purge before 2000 printed:\n%s", out)
	}
	if out := purge(); !strings.Contains(out, "removed") || !strings.Contains(out, "quote_requests    1") {
		t.Fatalf("purge printed:\n%s", out)
	}
	st = openDataDir(t, "records", dir)
	defer st.Close()
	if _, err := st.GetQuoteRequest(context.Background(), old.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("old request after the purge: %v", err)
	}
	if _, err := st.GetQuoteRequest(context.Background(), fresh.ID); err != nil {
		t.Fatalf("fresh request after the purge: %v", err)
	}
	if err := run([]string{"records", "purge", "--before", "last week", "--data-dir", dir}, none, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "--before") {
		t.Fatalf("bad date: %v", err)
	}
}
