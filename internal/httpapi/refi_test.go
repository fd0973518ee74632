package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// fredReplay serves the recorded FRED answers, their newest week moved to
// this week (a recorded week is months old: stale, so Refi Buddy would hold
// every alert) and its 30-year value replaced, so a test can make market
// rates drop.
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
	obs[len(obs)-1].(map[string]any)["date"] = testsupport.FreshWeek(time.Now()).Format(time.DateOnly)
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

// withSubject keeps the messages whose subject starts with prefix.
func withSubject(t *testing.T, ms []testsupport.Received, prefix string) []testsupport.Received {
	t.Helper()
	var out []testsupport.Received
	for _, m := range ms {
		if strings.HasPrefix(subjectOf(t, m.Data), prefix) {
			out = append(out, m)
		}
	}
	return out
}

const alertSubject = "Refinancing could save you $"

// refiServer is the product with a replayed FRED source and a mail server.
func refiServer(t *testing.T) (*testsupport.Server, *testsupport.SMTPServer, *fredReplay, func()) {
	t.Helper()
	fred := &fredReplay{latest: "6.36"}
	fredServer := httptest.NewServer(fred)
	t.Cleanup(fredServer.Close)
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer), func(c *config.Config) {
		c.RatesSource, c.FREDURL, c.FREDAPIKey = "fred", fredServer.URL, "test-key"
	})
	// The job's own run at start must not land in the middle of a test's steps.
	srv.WaitForStartupTasks(t)
	// The replayed week is this week's from the start (the seeded snapshot is stale).
	if err := srv.App.Rates.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	evaluate := func() {
		t.Helper()
		if err := srv.App.Rates.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.App.Refi.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return srv, smtpServer, fred, evaluate
}

// The whole Refi Buddy loop: the owners confirm their addresses, rates drop
// in the (replayed) source, the job runs, exactly one alert per qualifying
// watch is delivered, a second run sends nothing, and the one-click
// unsubscribe stops the next one.
func TestRefiBuddyAlerts(t *testing.T) {
	t.Parallel()
	srv, smtpServer, fred, evaluate := refiServer(t)
	// 300,000 at 6.75% is 1,945.79 a month; at 6.50%, 1,896.20.
	sixSeventyFive := refiWatch(t, srv, "ann@example.com", 6.75, 1945.79)
	refiWatch(t, srv, "ben@example.com", 6.50, 1896.20)
	srv.WaitForIdleQueue(t)
	for _, m := range withSubject(t, smtpServer.Messages(), "Confirm your Refi Buddy alerts") {
		if res := srv.Do(t, "POST", "/api/refi-buddy/confirm?token="+url.QueryEscape(testsupport.ConfirmToken(t, m)), nil); res.Status != 200 {
			t.Fatalf("confirm %v: %d %s", m.To, res.Status, res.Body)
		}
	}
	settle := func(want int) []testsupport.Received {
		t.Helper()
		srv.WaitForIdleQueue(t)
		got := withSubject(t, smtpServer.Messages(), alertSubject)
		if len(got) != want {
			t.Fatalf("delivered %d alerts, want %d", len(got), want)
		}
		return got
	}

	evaluate() // 6.36: neither is half a point above market
	settle(0)

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
	if !strings.Contains(subjectOf(t, got[0].Data), alertSubject) {
		t.Fatalf("subject %q", subjectOf(t, got[0].Data))
	}

	evaluate() // the same opportunity again: nothing
	settle(1)

	// Ann unsubscribes with one click, as a mail client does (RFC 8058).
	res, err := srv.Client().Post(unsubscribe, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
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

// Issue 10 item 2: five anonymous sign-ups naming a stranger's address send
// the stranger one confirmation e-mail and no alert; once the link is
// followed, one alert per opportunity however many watches name the address,
// and the alert's unsubscribe stops them all.
func TestRefiBuddyDoubleOptIn(t *testing.T) {
	t.Parallel()
	srv, smtpServer, fred, evaluate := refiServer(t)
	for i, email := range []string{"stranger@example.com", "Stranger@Example.com", "stranger@example.com", "STRANGER@example.com", "stranger@example.com"} {
		refiWatch(t, srv, email, 6.75+float64(i)/100, 1945.79+float64(i))
	}
	srv.WaitForIdleQueue(t)
	got := smtpServer.Messages()
	if len(got) != 1 || got[0].To[0] != "stranger@example.com" || subjectOf(t, got[0].Data) != "Confirm your Refi Buddy alerts" {
		t.Fatalf("%d e-mails after five sign-ups, want one confirmation: %v", len(got), got)
	}
	if text := mimeParts(t, got[0].Data)["text/plain"]; !strings.Contains(text, "Refi Buddy sends no alerts until you confirm") {
		t.Fatalf("confirmation text: %q", text)
	}
	token := testsupport.ConfirmToken(t, got[0])

	fred.set("5.60") // every watch qualifies, but the address is not confirmed
	evaluate()
	srv.WaitForIdleQueue(t)
	if n := len(smtpServer.Messages()); n != 1 {
		t.Fatalf("%d e-mails before confirming, want only the confirmation", n)
	}

	for _, forged := range []string{"forged", ""} {
		res := srv.Do(t, "POST", "/api/refi-buddy/confirm?token="+forged, nil)
		if res.Status != 404 || res.JSON(t)["error"] != "This confirmation link is not valid or has expired" {
			t.Fatalf("forged confirmation %q: %d %s", forged, res.Status, res.Body)
		}
	}
	for range 2 { // following the link twice is harmless
		if res := srv.Do(t, "POST", "/api/refi-buddy/confirm?token="+url.QueryEscape(token), nil); res.Status != 200 || !strings.Contains(string(res.Body), `"confirmed":true`) {
			t.Fatalf("confirm: %d %s", res.Status, res.Body)
		}
	}
	refiWatch(t, srv, "stranger@example.com", 6.9, 1990) // a confirmed address needs no new confirmation
	evaluate()
	evaluate()
	srv.WaitForIdleQueue(t)
	alerts := withSubject(t, smtpServer.Messages(), alertSubject)
	if n := len(smtpServer.Messages()); n != 2 || len(alerts) != 1 {
		t.Fatalf("%d e-mails, %d alerts for six watches of one address, want the confirmation and one alert", n, len(alerts))
	}
	m, err := mail.ReadMessage(strings.NewReader(alerts[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	unsubscribe := strings.Trim(m.Header.Get("List-Unsubscribe"), "<>")
	if res, err := srv.Client().Post(unsubscribe, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click")); err != nil || res.StatusCode != 200 {
		t.Fatalf("one-click unsubscribe: %v %v", err, res.Status)
	}
	fred.set("5.00") // a further drop would alert again, but the address left
	evaluate()
	srv.WaitForIdleQueue(t)
	if n := len(smtpServer.Messages()); n != 2 {
		t.Fatalf("%d e-mails after unsubscribing, want no more", n)
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	if watches := srv.DoAs(t, admin, "GET", "/api/admin/refi-watches", nil); strings.Contains(string(watches.Body), "stranger@") {
		t.Fatalf("an unsubscribed address is still watched: %s", watches.Body)
	}
}

// An e-mail added later (the notify-me form) to a request with a current
// mortgage signs the address up too: one confirmation, queued with the change.
func TestRefiBuddyConfirmationForAnEmailAddedLater(t *testing.T) {
	t.Parallel()
	srv, smtpServer, _, _ := refiServer(t)
	id := submit(t, srv, rf(map[string]any{"cashOut": false, "cashOutAmount": nil, "remainingBalance": 300000, "refi_intent": "get_notified",
		"email": nil, "current_mortgage_rate": 6.75, "current_monthly_payment": 1945.79, "current_mortgage_program": "30-year-fixed"}))
	srv.WaitForIdleQueue(t)
	if n := len(smtpServer.Messages()); n != 0 {
		t.Fatalf("%d e-mails for a request without an address", n)
	}
	for range 2 {
		res := srv.Do(t, "PATCH", "/api/quote-requests/"+id+"/contact-info", map[string]any{"preferredContactMethod": "email", "email": "later@example.com"})
		if res.Status != 200 {
			t.Fatalf("contact info: %d %s", res.Status, res.Body)
		}
	}
	srv.WaitForIdleQueue(t)
	got := smtpServer.Messages()
	if len(got) != 1 || got[0].To[0] != "later@example.com" || subjectOf(t, got[0].Data) != "Confirm your Refi Buddy alerts" {
		t.Fatalf("%d e-mails after adding an address twice, want one confirmation", len(got))
	}
}

// Issue 15, part 4: the confirmation e-mail links to the manage page; the
// page's API shows the watch and today's comparison, takes a trigger with
// clear messages for bad figures, pauses and resumes; an altered link is a
// 404 saying so; the alert states what triggered it and links to the page.
func TestRefiBuddyManage(t *testing.T) {
	t.Parallel()
	srv, smtpServer, fred, evaluate := refiServer(t)
	refiWatch(t, srv, "homeowner@example.com", 6.75, 1945.79)
	srv.WaitForIdleQueue(t)
	got := withSubject(t, smtpServer.Messages(), "Confirm your Refi Buddy alerts")
	if len(got) != 1 {
		t.Fatalf("%d confirmations", len(got))
	}
	manage := "/api/refi-buddy/manage?token=" + url.QueryEscape(testsupport.ManageToken(t, got[0]))

	page := srv.Do(t, "GET", manage, nil)
	body := page.JSON(t)
	if page.Status != 200 || body["status"] != "awaiting_confirmation" || body["mortgage"].(map[string]any)["rate"] != 6.75 ||
		body["trigger"].(map[string]any)["kind"] != "rule" {
		t.Fatalf("manage page before confirming: %d %s", page.Status, page.Body)
	}
	testsupport.MatchesSchema(t, "RefiManage", body)
	// 300,000 at 6.36% is 1,868.66 a month: 75 a month saved (floored to 5s).
	if c := body["comparison"].(map[string]any); c["newRate"] != 6.36 || c["monthlySavings"] != 75.0 || c["meetsRule"] != false ||
		c["judged"] != true || c["notJudged"] != nil {
		t.Fatalf("comparison: %v", c)
	}
	// Both loans' terms and the new loan's APR, as the alert gives them (12 CFR 1026.24(d), issue 26):
	// 1,945.79 a month at 6.75% is a new 30-year loan's own payment, 360 left; the new loan is a
	// 30-year fixed of 360 payments whose APR counts the estimated closing costs.
	if c := body["comparison"].(map[string]any); c["currentMonthsLeft"] != 360.0 || c["newProgram"] != "30-year-fixed" ||
		c["newTermMonths"] != 360.0 || c["newApr"] != 6.424 {
		t.Fatalf("both loans in the comparison: %v", c)
	}

	for _, bad := range []string{"/api/refi-buddy/manage?token=forged", "/api/refi-buddy/manage", manage + "x"} {
		res := srv.Do(t, "GET", bad, nil)
		if res.Status != 404 || res.JSON(t)["error"] != "This link is not valid. Please use the link in your latest Refi Buddy e-mail." {
			t.Fatalf("GET %s: %d %s", bad, res.Status, res.Body)
		}
		if res := srv.Do(t, "PUT", bad, map[string]any{"kind": "rule"}); res.Status != 404 {
			t.Fatalf("PUT %s: %d %s", bad, res.Status, res.Body)
		}
	}
	for _, c := range []struct {
		body         map[string]any
		field, error string
	}{
		{map[string]any{"kind": "savings", "savingsAtLeast": 2}, "savingsAtLeast", "Enter the monthly savings, a whole number of dollars from $5 to $10,000"},
		{map[string]any{"kind": "savings"}, "savingsAtLeast", "Enter the monthly savings, a whole number of dollars from $5 to $10,000"},
		{map[string]any{"kind": "break_even", "breakEvenWithin": 600}, "breakEvenWithin", "Enter the number of months, a whole number from 1 to 120"},
		{map[string]any{"kind": "rate drop"}, "kind", "Choose what should trigger an alert"},
	} {
		res := srv.Do(t, "PUT", manage, c.body)
		fields, _ := res.JSON(t)["fields"].(map[string]any)
		if res.Status != 400 || fields[c.field] != c.error {
			t.Fatalf("PUT %v: %d %s", c.body, res.Status, res.Body)
		}
	}
	if res := srv.Do(t, "POST", manage, map[string]any{"action": "delete"}); res.Status != 400 {
		t.Fatalf("unknown action: %d %s", res.Status, res.Body)
	}

	res := srv.Do(t, "PUT", manage, map[string]any{"kind": "savings", "savingsAtLeast": 50})
	if body := res.JSON(t); res.Status != 200 || body["trigger"].(map[string]any)["savingsAtLeast"] != 50.0 ||
		body["comparison"].(map[string]any)["triggerFires"] != true {
		t.Fatalf("savings trigger: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, "POST", "/api/refi-buddy/confirm?token="+url.QueryEscape(testsupport.ConfirmToken(t, got[0])), nil); res.Status != 200 {
		t.Fatalf("confirm: %d", res.Status)
	}
	if res := srv.Do(t, "POST", manage, map[string]any{"action": "pause"}); res.Status != 200 || res.JSON(t)["status"] != "paused" {
		t.Fatalf("pause: %d %s", res.Status, res.Body)
	}
	evaluate() // 6.36: the $50 trigger holds, but the watch is paused
	srv.WaitForIdleQueue(t)
	if alerts := withSubject(t, smtpServer.Messages(), alertSubject); len(alerts) != 0 {
		t.Fatalf("a paused watch was alerted")
	}
	if res := srv.Do(t, "POST", manage, map[string]any{"action": "resume"}); res.Status != 200 || res.JSON(t)["status"] != "watching" {
		t.Fatalf("resume: %d %s", res.Status, res.Body)
	}
	fred.set("6.35")
	evaluate()
	srv.WaitForIdleQueue(t)
	alerts := withSubject(t, smtpServer.Messages(), alertSubject)
	if len(alerts) != 1 {
		t.Fatalf("%d alerts after resuming, want 1", len(alerts))
	}
	text := mimeParts(t, alerts[0].Data)["text/plain"]
	if !strings.Contains(text, "You asked for an alert when refinancing would save at least $50 a month: today it would save about $") ||
		!strings.Contains(text, "Change what triggers your alerts, or pause them: "+srv.URL+"/refi-buddy/manage?token=") {
		t.Fatalf("alert text: %s", text)
	}
	fromAlert := "/api/refi-buddy/manage?token=" + url.QueryEscape(testsupport.ManageToken(t, alerts[0]))
	if res := srv.Do(t, "POST", fromAlert, map[string]any{"action": "unsubscribe"}); res.Status != 200 || res.JSON(t)["status"] != "unsubscribed" {
		t.Fatalf("unsubscribe: %d %s", res.Status, res.Body)
	}
	res = srv.Do(t, "POST", manage, map[string]any{"action": "resume"})
	if res.Status != 409 || res.JSON(t)["error"] != "You unsubscribed from Refi Buddy alerts. Sign up again on Refi Buddy to get them back." {
		t.Fatalf("resume after unsubscribing: %d %s", res.Status, res.Body)
	}
}

// Issue 24 §4: the forms of one inbox (plus tags, Gmail's dots and domain, a
// trailing dot, a quoted local part, capitals) get one confirmation a day
// between them, sent to the address first typed; and after the owner
// unsubscribes from the manage page, the old confirmation link turns nothing
// on.
func TestRefiBuddyConfirmationsToOneInbox(t *testing.T) {
	t.Parallel()
	srv, smtpServer, _, _ := refiServer(t)
	for i, email := range []string{"victim@gmail.com", "victim+1@gmail.com", "v.i.c.t.i.m@gmail.com", `"victim"@gmail.com`,
		"victim@gmail.com.", "VICTIM+refi@googlemail.com", "vic.tim+2@gmail.com."} {
		refiWatch(t, srv, email, 6.75+float64(i)/100, 1945.79+float64(i))
	}
	srv.WaitForIdleQueue(t)
	got := smtpServer.Messages()
	if len(got) != 1 || got[0].To[0] != "victim@gmail.com" {
		t.Fatalf("%d e-mails to one inbox after seven sign-ups, want one confirmation: %v", len(got), got)
	}
	confirm := "/api/refi-buddy/confirm?token=" + url.QueryEscape(testsupport.ConfirmToken(t, got[0]))
	manage := "/api/refi-buddy/manage?token=" + url.QueryEscape(testsupport.ManageToken(t, got[0]))
	if res := srv.Do(t, "POST", manage, map[string]any{"action": "unsubscribe"}); res.Status != 200 {
		t.Fatalf("unsubscribe from the manage page: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, "POST", confirm, nil); res.Status != 404 {
		t.Fatalf("the old confirmation link after unsubscribing: %d %s, want 404", res.Status, res.Body)
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	if watches := srv.DoAs(t, admin, "GET", "/api/admin/refi-watches", nil); strings.Contains(string(watches.Body), `"watching"`) {
		t.Fatalf("an old link turned alerts on: %s", watches.Body)
	}
}
