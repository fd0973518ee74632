package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"quotegrade/internal/app"
	"quotegrade/internal/apperr"
	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/site"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/vocab"
)

func openApp(t *testing.T, args ...string) *app.App {
	t.Helper()
	cfg, err := config.Load("serve", args, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler), app.WebApp{}, "test")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func demoRequestsIn(t *testing.T, a *app.App) int {
	t.Helper()
	n := 0
	for _, id := range example.DemoIDs {
		_, err := a.Store.GetQuoteRequest(context.Background(), id)
		switch {
		case err == nil:
			n++
		case !errors.Is(err, apperr.ErrNotFound):
			t.Fatal(err)
		}
	}
	return n
}

// A development server makes the demo requests; `quotegrade demo remove`
// deletes them, and the next start does not make them again.
func TestDemoRemove(t *testing.T) {
	dir := t.TempDir()
	a := openApp(t, "--data-dir", dir)
	if n := demoRequestsIn(t, a); n != 3 {
		t.Fatalf("development server made %d demo requests, want 3", n)
	}
	if an, err := a.Store.GetAnalysisByQuoteRequest(context.Background(), example.DemoCompareID); err != nil || len(an.QuoteVerdicts) != 3 {
		t.Fatalf("the demo comparison's analysis: %d verdicts, %v", len(an.QuoteVerdicts), err)
	}
	// The homeowner who asked to be texted consented, in the demonstration
	// brokerage's name, as the notify-me form requires.
	texted, err := a.Store.GetQuoteRequest(context.Background(), example.DemoRefinanceID)
	if err != nil {
		t.Fatal(err)
	}
	want := vocab.ConsentText(site.Demo().BrokerageName, "801-555-0199")
	if c := texted.ContactInfo.Consent; c == nil || c.Text != want || c.At.IsZero() {
		t.Errorf("the demo text request's consent = %+v, want %q with its time", c, want)
	}
	a.Close()

	var out bytes.Buffer
	if err := run([]string{"demo", "remove", "--data-dir", dir}, func(string) string { return "" }, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "removed 3 demo requests") {
		t.Errorf("demo remove said %q", out.String())
	}

	a = openApp(t, "--data-dir", dir)
	defer a.Close()
	if n := demoRequestsIn(t, a); n != 0 {
		t.Errorf("%d demo requests came back after removal", n)
	}
	if _, err := a.Store.GetQuoteRequest(context.Background(), example.QuoteRequestID); err != nil {
		t.Errorf("the example went with the demo requests: %v", err)
	}
	if err := run([]string{"demo", "frobnicate"}, func(string) string { return "" }, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "usage: quotegrade demo remove") {
		t.Errorf("bad demo subcommand: %v", err)
	}
}

// A loopback server without Google on PostgreSQL is not a development
// sandbox: the database is shared and outlives the setup.
func TestNoDemoRequestsOnPostgreSQL(t *testing.T) {
	a := openApp(t, "--database-url", testsupport.PostgresURL(t), "--data-dir", t.TempDir())
	defer a.Close()
	if n := demoRequestsIn(t, a); n != 0 {
		t.Errorf("%d demo requests on PostgreSQL, want none", n)
	}
}
