package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
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

// The page archive outlives a short retention: a replaced version is kept
// 24 months after its replacement (Regulation N), the version still served
// always.
func TestRecordsPurgeKeepsThePageArchive24Months(t *testing.T) {
	dir := t.TempDir()
	st := openDataDir(t, "records", dir)
	now := time.Now()
	replacedLately := archivePage(t, st, "/", "v1", now.AddDate(-3, 0, 0))
	archivePage(t, st, "/", "v2", now.AddDate(0, -20, 0))
	archivePage(t, st, "/", "v3", now.AddDate(0, -1, 0))
	archivePage(t, st, "/quote-start", "w1", now.AddDate(-5, 0, 0))
	stillServed := archivePage(t, st, "/quote-start", "w2", now.AddDate(0, -30, 0))
	st.Close()
	before := now.AddDate(0, 0, -30).Format("2006-01-02")
	if err := run([]string{"records", "purge", "--before", before, "--data-dir", dir}, func(string) string { return "" }, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got := archivedHashes(t, dir); got != "v3,v2,"+stillServed.Hash+","+replacedLately.Hash {
		t.Fatalf("kept after a 30-day purge: %s, want v3,v2,w2,v1", got)
	}
}

// --dry-run counts the Refi Buddy confirmation counts older than two days
// and the page-archive versions past their 24 months as the purge does,
// and removes none of them; the purge then prints the same counts.
func TestRecordsPurgeDryRunCountsConfirmationCapsAndPageArchive(t *testing.T) {
	dir := t.TempDir()
	st := openDataDir(t, "records", dir)
	now := time.Now()
	for i, at := range []time.Time{now.AddDate(0, 0, -3), now} {
		ok, err := st.ClaimRefiConfirmation(context.Background(), store.RefiConfirmationClaim{Email: fmt.Sprintf("caps%d@purge.test", i),
			Mailbox: fmt.Sprintf("caps%d@purge.test", i), Domain: "purge.test", DomainCap: 10, TokenHash: fmt.Sprint("caps-", i),
			At: at, NotBefore: at.Add(-24 * time.Hour), Expires: at.AddDate(0, 0, 7)})
		if err != nil || !ok {
			t.Fatalf("claim %d: %v, %v", i, ok, err)
		}
	}
	archivePage(t, st, "/", "replaced-long-ago", now.AddDate(-6, 0, 0))
	archivePage(t, st, "/", "replaced-lately", now.AddDate(-5, 0, 0))
	archivePage(t, st, "/", "served", now.AddDate(0, -20, 0))
	st.Close()
	purge := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if err := run(append([]string{"records", "purge", "--data-dir", dir}, args...), func(string) string { return "" }, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	// Old caps: the old claim's mailbox and its day of the domain; the
	// archive: the version replaced before the retention's cutoff (four
	// years, longer than Regulation N's 24 months).
	counted := "  confirmation_caps 2\n  archived_pages    1\n"
	if out := purge("--dry-run"); !strings.Contains(out, "would remove (dry run, nothing removed)") || !strings.HasSuffix(out, counted) {
		t.Fatalf("dry run printed:\n%s\nwant it to end with\n%s", out, counted)
	}
	if out := purge("--dry-run"); !strings.HasSuffix(out, counted) {
		t.Fatalf("a second dry run printed:\n%s\nwant the same counts: the first removed nothing", out)
	}
	if out := purge(); !strings.Contains(out, ": removed\n") || !strings.HasSuffix(out, counted) {
		t.Fatalf("purge printed:\n%s\nwant it to end with\n%s", out, counted)
	}
	if out := purge(); !strings.HasSuffix(out, "  confirmation_caps 0\n  archived_pages    0\n") {
		t.Fatalf("a purge after the purge printed:\n%s", out)
	}
	if got := archivedHashes(t, dir); got != "served,replaced-lately" {
		t.Fatalf("archive after the purge: %s, want served,replaced-lately", got)
	}
}

// archivePage stores a version of the page at path, its content its hash,
// first served at firstServed.
func archivePage(t *testing.T, st store.Store, path, hash string, firstServed time.Time) store.ArchivedPage {
	t.Helper()
	p := store.ArchivedPage{ID: uuid.NewString(), Path: path, Hash: hash, FirstServed: firstServed, Content: hash}
	if _, err := st.ArchivePage(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	return p
}

// archivedHashes are the hashes of the page versions the data directory's
// archive keeps, in the order the archive lists them, joined by commas.
func archivedHashes(t *testing.T, dir string) string {
	t.Helper()
	st := openDataDir(t, "records", dir)
	defer st.Close()
	list, err := st.ListArchivedPages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, p := range list {
		kept = append(kept, p.Hash)
	}
	return strings.Join(kept, ",")
}
