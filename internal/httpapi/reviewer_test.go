package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/example"
	"quotegrade/internal/mail"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/vocab"
)

// An analysis says who reviewed it: the saving broker's loan officer profile,
// with their NMLS Consumer Access page (issue 26); the example has one.
func TestAnalysisReviewedBy(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	withProfile := srv.SignInWithoutProfile(t, "dana@example.com", true)
	if err := srv.App.Store.SetLoanOfficer(t.Context(), "dana@example.com", store.LoanOfficer{Name: "Dana Reyes", NMLS: "1234567"}); err != nil {
		t.Fatal(err)
	}
	other := srv.SignIn(t, "broker@example.com", true)
	reviewed := submit(t, srv, p(nil))
	if res := srv.DoAs(t, withProfile, "POST", "/api/admin/quote-requests/"+reviewed+"/analysis", reviewedBody); res.Status != 200 {
		t.Fatalf("save with a profile: %d %s", res.Status, res.Body)
	}
	want := map[string]any{"name": "Dana Reyes", "nmls": "1234567",
		"consumerAccessUrl": "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/1234567"}
	for _, got := range []map[string]any{
		srv.Do(t, "GET", "/api/quote-requests/"+reviewed+"/analysis", nil).JSON(t),
		srv.DoAs(t, other, "GET", "/api/analysis/request/"+reviewed, nil).JSON(t),
	} {
		r, _ := got["reviewedBy"].(map[string]any)
		if r["name"] != want["name"] || r["nmls"] != want["nmls"] || r["consumerAccessUrl"] != want["consumerAccessUrl"] {
			t.Fatalf("reviewedBy = %v, want %v", got["reviewedBy"], want)
		}
	}
	ex := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID+"/analysis", nil).JSON(t)
	if r, _ := ex["reviewedBy"].(map[string]any); r["name"] != example.Reviewer.Name || r["nmls"] != example.Reviewer.NMLS {
		t.Fatalf("example reviewedBy = %v", ex["reviewedBy"])
	}
}

var reviewedBody = map[string]any{"analysis": map[string]any{"lender": "provident", "grade": "B", "pros": []string{"Low rate"},
	"cons": []string{"High fees"}, "recommendations": []string{"Ask for a credit"}},
	"quotes": []map[string]any{{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}}}

// A broker without a loan officer profile can neither save an analysis nor
// send an e-mail: both are refused (403) with a message sending them to the
// Profile page, and nothing is stored or queued. Once they set their name and
// NMLS ID there (PUT /api/admin/profile), both work and the analysis names them.
func TestBrokerWithoutProfileIsRefused(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	broker := srv.SignInWithoutProfile(t, "new@example.com", true)
	id := submit(t, srv, p(nil))
	email := map[string]any{"to": "ann@example.com", "subject": "Your analysis", "message": "Hello"}

	if got := srv.DoAs(t, broker, "GET", "/api/admin/profile", nil).JSON(t); got["email"] != "new@example.com" || got["officer"] != nil {
		t.Fatalf("profile before = %v, want officer null", got)
	}
	for path, body := range map[string]any{"/api/admin/quote-requests/" + id + "/analysis": reviewedBody, "/api/send-email": email} {
		res := srv.DoAs(t, broker, "POST", path, body)
		if res.Status != http.StatusForbidden || res.JSON(t)["error"] != vocab.MsgNoLoanOfficer {
			t.Fatalf("POST %s without a profile: %d %s, want 403 %q", path, res.Status, res.Body, vocab.MsgNoLoanOfficer)
		}
	}
	if res := srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil); res.Status == http.StatusOK && res.JSON(t)["analysis"] != nil {
		t.Fatalf("a refused save stored an analysis: %s", res.Body)
	}
	if out := srv.DoAs(t, broker, "GET", "/api/admin/outbox", nil); strings.Contains(string(out.Body), "Your analysis") {
		t.Fatalf("a refused e-mail was queued: %s", out.Body)
	}

	bad := srv.DoAs(t, broker, "PUT", "/api/admin/profile", map[string]any{"name": " ", "nmls": "12-34"})
	if fields, _ := bad.JSON(t)["fields"].(map[string]any); bad.Status != http.StatusBadRequest || fields["name"] == nil || fields["nmls"] == nil {
		t.Fatalf("bad profile: %d %s, want 400 naming name and nmls", bad.Status, bad.Body)
	}
	set := srv.DoAs(t, broker, "PUT", "/api/admin/profile", map[string]any{"name": " Casey Lee ", "nmls": "2345678"})
	officer, _ := set.JSON(t)["officer"].(map[string]any)
	if set.Status != http.StatusOK || officer["name"] != "Casey Lee" || officer["nmls"] != "2345678" ||
		officer["consumerAccessUrl"] != "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/2345678" {
		t.Fatalf("set profile: %d %s", set.Status, set.Body)
	}
	if got := srv.DoAs(t, broker, "GET", "/api/admin/profile", nil).JSON(t)["officer"]; got.(map[string]any)["name"] != "Casey Lee" {
		t.Fatalf("profile after = %v", got)
	}
	if res := srv.DoAs(t, broker, "POST", "/api/admin/quote-requests/"+id+"/analysis", reviewedBody); res.Status != http.StatusOK {
		t.Fatalf("save with the profile set: %d %s", res.Status, res.Body)
	}
	if r, _ := srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil).JSON(t)["reviewedBy"].(map[string]any); r["name"] != "Casey Lee" {
		t.Fatalf("reviewedBy = %v", r)
	}
	if res := srv.DoAs(t, broker, "POST", "/api/send-email", email); res.Status != http.StatusAccepted {
		t.Fatalf("send with the profile set: %d %s", res.Status, res.Body)
	}
}

// The development server's local admin gets a placeholder profile at sign-in,
// so development can save analyses at once; a profile set since is kept.
func TestLocalAdminGetsAPlaceholderProfile(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	signIn := func() string {
		client := &http.Client{Jar: newJar(t), Transport: srv.Client().Transport}
		res, err := client.Post(srv.URL+"/api/auth/local-admin", "application/json", nil)
		if err != nil || res.StatusCode != http.StatusNoContent {
			t.Fatalf("local admin sign-in: %v %v", err, res.Status)
		}
		return testsupport.MintToken(t, client, srv.URL)
	}
	token := signIn()
	officer, _ := srv.DoAs(t, token, "GET", "/api/admin/profile", nil).JSON(t)["officer"].(map[string]any)
	if officer["name"] != "Local admin" || officer["nmls"] != "000004" {
		t.Fatalf("local admin's profile = %v", officer)
	}
	if res := srv.DoAs(t, token, "PUT", "/api/admin/profile", map[string]any{"name": "Dev Person", "nmls": "42"}); res.Status != http.StatusOK {
		t.Fatalf("set: %d %s", res.Status, res.Body)
	}
	officer, _ = srv.DoAs(t, signIn(), "GET", "/api/admin/profile", nil).JSON(t)["officer"].(map[string]any)
	if officer["name"] != "Dev Person" {
		t.Fatalf("after a second sign-in, profile = %v", officer)
	}
}

// The broker's Send Email checks the unsubscribe list for a marketing e-mail
// (issue 26): an address that unsubscribed is refused one, naming "to";
// an e-mail about the visitor's own request still goes.
func TestMarketingEmailHonoursUnsubscribes(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	broker := srv.SignIn(t, "broker@example.com", true)
	at := time.Date(2026, 10, 3, 15, 0, 0, 0, time.UTC)
	if err := srv.App.Store.UnsubscribeRefiAddress(t.Context(), "left@example.com", at); err != nil {
		t.Fatal(err)
	}
	email := func(to string, marketing bool) map[string]any {
		return map[string]any{"to": to, "subject": "Rates fell", "message": "Rates are lower this week.", "marketing": marketing}
	}
	res := srv.DoAs(t, broker, "POST", "/api/send-email", email("Left@Example.com", true))
	if fields, _ := res.JSON(t)["fields"].(map[string]any); res.Status != http.StatusBadRequest || fields["to"] != mail.MsgUnsubscribed(at) {
		t.Fatalf("marketing to an unsubscribed address: %d %s", res.Status, res.Body)
	}
	if !strings.Contains(mail.MsgUnsubscribed(at), "October 3, 2026") {
		t.Fatalf("message %q does not say when", mail.MsgUnsubscribed(at))
	}
	for _, ok := range []map[string]any{email("left@example.com", false), email("stayed@example.com", true)} {
		if res := srv.DoAs(t, broker, "POST", "/api/send-email", ok); res.Status != http.StatusAccepted {
			t.Fatalf("send %v: %d %s", ok, res.Status, res.Body)
		}
	}
}
