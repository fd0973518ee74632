package httpapi_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/store/storetest"
	"quotegrade/internal/testsupport"
)

// waitForSubject waits for the messages whose subject starts with prefix.
func waitForSubject(t *testing.T, s *testsupport.SMTPServer, prefix string) []testsupport.Received {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if got := withSubject(t, s.Messages(), prefix); len(got) > 0 {
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no e-mail %q arrived; got %d others", prefix, len(s.Messages()))
	return nil
}

// Two copies of the server on one PostgreSQL database start with the bundled
// market data, older than 14 days: the broker address is told once, by
// whichever copy runs the check, and neither tells it again.
func TestStaleMarketDataToldToTheBrokerOnceAcrossCopies(t *testing.T) {
	t.Parallel()
	url := testsupport.PostgresURL(t)
	smtpServer := testsupport.StartSMTP(t, 0)
	onPostgres := func(c *config.Config) { c.DatabaseURL = url }
	first := testsupport.StartServer(t, withSMTP(smtpServer), withBrokerEmail, onPostgres)
	second := testsupport.StartServer(t, withSMTP(smtpServer), withBrokerEmail, onPostgres)
	health := first.Do(t, "GET", "/api/health", nil).JSON(t)
	market, _ := health["market_data"].(map[string]any)
	if market["stale"] != true {
		t.Fatalf("the bundled market data is expected to be older than 14 days: %v", market)
	}
	waitForSubject(t, smtpServer, "Market data is")
	first.WaitForIdleQueue(t)
	second.WaitForIdleQueue(t)
	time.Sleep(500 * time.Millisecond) // a second notice would have been queued by now
	got := withSubject(t, smtpServer.Messages(), "Market data is")
	if len(got) != 1 || got[0].To[0] != "brokers@quotegrade.test" {
		t.Fatalf("%d stale-data notices from two copies, want 1 to the broker address", len(got))
	}
	week, _ := market["week"].(string)
	parts := mimeParts(t, got[0].Data)
	if text := parts["text/plain"]; !strings.Contains(text, "/admin") || !strings.Contains(text, "week of "+formatWeek(t, week)) {
		t.Fatalf("notice text:\n%s", text)
	}
}

func formatWeek(t *testing.T, week string) string {
	t.Helper()
	d, err := time.Parse(time.DateOnly, week)
	if err != nil {
		t.Fatal(err)
	}
	return d.Format("January 2, 2006")
}

// A request left waiting while the server was down is announced when it
// starts, linked to the broker's page of it, without the visitor's address.
func TestWaitingRequestAnnouncedToTheBrokerAtStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "quotegrade.db")
	st, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	r := storetest.NewPurchase()
	r.CreatedAt = time.Now().Add(-time.Hour).UTC()
	email := "dana.visitor@example.com"
	r.Email = &email
	if err := st.CreateQuoteRequest(t.Context(), r); err != nil {
		t.Fatal(err)
	}
	st.Close()
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer), withBrokerEmail, func(c *config.Config) {
		c.DataDir, c.DatabaseURL = dir, "sqlite:"+path
	})
	got := waitForSubject(t, smtpServer, "1 new quote request waiting for analysis")
	text := mimeParts(t, got[0].Data)["text/plain"]
	if got[0].To[0] != "brokers@quotegrade.test" || !strings.Contains(text, srv.URL+"/admin/analysis/"+r.ID) ||
		!strings.Contains(text, "Purchase, $405,000 loan, UT") {
		t.Fatalf("notice to %v:\n%s", got[0].To, text)
	}
	if strings.Contains(got[0].Data, "dana.visitor") {
		t.Fatal("the notice carries the visitor's e-mail address")
	}
}
