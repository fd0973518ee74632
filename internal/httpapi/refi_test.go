package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// fredReplay serves the recorded FRED answers, with this week's 30-year
// value replaced, so a test can make market rates drop.
type fredReplay struct {
	mu     sync.Mutex
	latest string
}

func (f *fredReplay) set(v string) { f.mu.Lock(); f.latest = v; f.mu.Unlock() }

func (f *fredReplay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	series := strings.ToLower(r.URL.Query().Get("series_id"))
	raw, err := os.ReadFile("../rates/testdata/fred-" + series + ".json")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	var doc map[string]any
	json.Unmarshal(raw, &doc)
	obs := doc["observations"].([]any)
	if series == "mortgage30us" {
		f.mu.Lock()
		obs[len(obs)-1].(map[string]any)["value"] = f.latest
		f.mu.Unlock()
	}
	json.NewEncoder(w).Encode(doc)
}

func refiWatch(t *testing.T, srv *testsupport.Server, email string, rate, payment float64) string {
	return submit(t, srv, rf(map[string]any{"cashOut": false, "cashOutAmount": nil, "remainingBalance": 300000, "refi_intent": "get_notified",
		"email": email, "current_mortgage_rate": rate, "current_monthly_payment": payment, "current_mortgage_program": "30-year-fixed"}))
}

// The whole Refi Buddy loop: rates drop in the (replayed) source, the job
// runs, exactly one alert per qualifying watch is delivered, a second run
// sends nothing, and the one-click unsubscribe stops the next one.
func TestRefiBuddyAlerts(t *testing.T) {
	t.Parallel()
	fred := &fredReplay{latest: "6.36"}
	fredServer := httptest.NewServer(fred)
	defer fredServer.Close()
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer), func(c *config.Config) {
		c.RatesSource, c.FREDURL, c.FREDAPIKey = "fred", fredServer.URL, "test-key"
	})
	ctx := context.Background()
	// 300,000 at 6.75% is 1,945.79 a month; at 6.50%, 1,896.20.
	sixSeventyFive := refiWatch(t, srv, "ann@example.com", 6.75, 1945.79)
	refiWatch(t, srv, "ben@example.com", 6.50, 1896.20)

	evaluate := func() {
		t.Helper()
		if err := srv.App.Rates.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.App.Refi.Run(ctx); err != nil {
			t.Fatal(err)
		}
	}
	settle := func(want int) []testsupport.Received {
		t.Helper()
		got := smtpServer.WaitFor(t, want, 10*time.Second)
		time.Sleep(400 * time.Millisecond)
		if n := len(smtpServer.Messages()); n != want {
			t.Fatalf("delivered %d alerts, want %d", n, want)
		}
		return got
	}

	evaluate() // 6.36: neither is half a point above market
	time.Sleep(400 * time.Millisecond)
	if n := len(smtpServer.Messages()); n != 0 {
		t.Fatalf("%d alerts at 6.36%%, want none", n)
	}

	fred.set("6.10") // Ann (6.75) qualifies; Ben (6.50) is 0.40 above: not yet
	evaluate()
	got := settle(1)
	m, err := mail.ReadMessage(strings.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	unsubscribe := strings.Trim(m.Header.Get("List-Unsubscribe"), "<>")
	if got[0].To[0] != "ann@example.com" || !strings.Contains(got[0].Data, sixSeventyFive) ||
		m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" || !strings.HasPrefix(unsubscribe, srv.URL+"/api/refi-buddy/unsubscribe?token=") {
		t.Fatalf("alert to %v, headers %v", got[0].To, m.Header)
	}
	if !strings.Contains(subjectOf(t, got[0].Data), "Refinancing could save you $") {
		t.Fatalf("subject %q", subjectOf(t, got[0].Data))
	}

	evaluate() // the same opportunity again: nothing
	settle(1)

	// Ann unsubscribes with one click, as a mail client does (RFC 8058).
	res, err := http.Post(unsubscribe, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("one-click unsubscribe: %v %v", err, res.Status)
	}
	fred.set("5.60") // a further drop: Ben now qualifies; Ann would too, but she left
	evaluate()
	got = settle(2)
	if got[1].To[0] != "ben@example.com" {
		t.Fatalf("second alert went to %v, want only Ben", got[1].To)
	}
	if res := srv.Do(t, "POST", "/api/refi-buddy/unsubscribe?token=forged", nil); res.Status != 404 {
		t.Fatalf("forged unsubscribe token: %d", res.Status)
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	watches := srv.DoAs(t, admin, "GET", "/api/admin/refi-watches", nil)
	if strings.Contains(string(watches.Body), "ann@example.com") || !strings.Contains(string(watches.Body), `"new_rate":5.6`) {
		t.Fatalf("watches: %s", watches.Body)
	}
}
