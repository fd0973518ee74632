package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/httpapi"
	"quotegrade/internal/testsupport"
)

// Issue 27 §2: the visitor deletes their request, its file goes with it, and
// the link then answers 410; the example cannot be deleted.
func TestVisitorDeletesRequest(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	key, put, check := uploadFile(t, srv, "quote.pdf", "application/pdf", pdfBytes)
	if put != 200 || check.Status != 200 {
		t.Fatalf("upload: put %d check %d", put, check.Status)
	}
	id := submit(t, srv, p(map[string]any{"uploadedFileUrl": key, "email": "jane@example.com", "phone": "801-555-0199"}))
	admin := srv.SignIn(t, "broker@example.com", true)
	link := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id+"/upload", nil).JSON(t)["url"].(string)

	res := srv.Do(t, "DELETE", "/api/quote-requests/"+id, nil)
	if res.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	for _, path := range []string{"/api/quote-requests/" + id, "/api/quote-requests/" + id + "/analysis"} {
		res := srv.Do(t, "GET", path, nil)
		if res.Status != http.StatusGone || res.JSON(t)["error"] != "This request was deleted" {
			t.Fatalf("GET %s after deletion: %d %s, want 410", path, res.Status, res.Body)
		}
		testsupport.MatchesSchema(t, "Error", res.JSON(t))
	}
	if res := srv.Do(t, "DELETE", "/api/quote-requests/"+id, nil); res.Status != http.StatusGone {
		t.Fatalf("second delete: %d, want 410", res.Status)
	}
	expectNotServed(t, srv, link, "the uploaded file")
	if res := srv.Do(t, "DELETE", "/api/quote-requests/"+example.QuoteRequestID, nil); res.Status != http.StatusForbidden {
		t.Fatalf("deleting the example: %d, want 403", res.Status)
	}
	if res := srv.Do(t, "DELETE", "/api/quote-requests/00000000-0000-4000-8000-000000000000", nil); res.Status != http.StatusNotFound {
		t.Fatalf("deleting an unknown request: %d, want 404", res.Status)
	}
	if logs := srv.Logs.String(); strings.Contains(logs, "jane@example.com") || strings.Contains(logs, "555-0199") {
		t.Fatal("the log holds the visitor's contact details")
	}
}

// Issue 27 §4: the link alone shows the contact details masked; brokers
// read them whole, and each read is in the audit trail.
func TestContactDetailsMaskedForVisitors(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, p(nil))
	if res := srv.Do(t, "PATCH", "/api/quote-requests/"+id+"/contact-info", map[string]any{"preferredContactMethod": "text",
		"email": "jane@example.com", "phone": "801-555-0199", "contactConsent": true}); res.Status != 200 {
		t.Fatalf("contact info: %d %s", res.Status, res.Body)
	}
	visitor := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)
	if visitor["email"] != "j•••@example.com" || visitor["phone"] != "•••-•••-0199" {
		t.Fatalf("visitor sees %v and %v, want them masked", visitor["email"], visitor["phone"])
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	res := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id, nil)
	if res.Status != 200 {
		t.Fatalf("admin read: %d %s", res.Status, res.Body)
	}
	broker := res.JSON(t)
	testsupport.MatchesSchema(t, "QuoteRequest", broker)
	if broker["email"] != "jane@example.com" || broker["phone"] != "8015550199" {
		t.Fatalf("broker sees %v and %v, want the full values", broker["email"], broker["phone"])
	}
	// The masked address sent back is refused, not stored over the real one.
	if res := srv.Do(t, "PATCH", "/api/quote-requests/"+id+"/contact-info", map[string]any{"preferredContactMethod": "email",
		"email": "j•••@example.com"}); res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["email"] != "Please enter a valid email address" {
		t.Fatalf("masked address sent back: %d %s", res.Status, res.Body)
	}
	events := auditOf(t, srv, admin, "request="+id)
	if len(events) != 1 || events[0]["action"] != "read_request" || events[0]["actor"] != "broker@example.com" || events[0]["address"] == "" {
		t.Fatalf("audit trail = %v, want the one read", events)
	}
}

func auditOf(t *testing.T, srv *testsupport.Server, token, query string) []map[string]any {
	t.Helper()
	res := srv.DoAs(t, token, "GET", "/api/admin/audit?"+query, nil)
	if res.Status != 200 {
		t.Fatalf("audit: %d %s", res.Status, res.Body)
	}
	list := testsupport.FromJSON[[]map[string]any](t, string(res.Body))
	for _, e := range list {
		testsupport.MatchesSchema(t, "AuditEvent", e)
	}
	return list
}

// Issue 27 §2, §4: a broker holds, exports, releases and deletes a request
// with a reason; the hold refuses the visitor's deletion; every step is in
// the audit trail, which filters by broker, request and date.
func TestBrokerHoldExportDeleteAudited(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, p(map[string]any{"email": "jane@example.com"}))
	other := submit(t, srv, p(nil))
	ann := srv.SignIn(t, "ann@example.com", true)
	bob := srv.SignIn(t, "bob@example.com", true)
	base := "/api/admin/quote-requests/" + id

	if res := srv.DoAs(t, ann, "PUT", base+"/hold", map[string]any{"reason": "  "}); res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["reason"] != "Please give a reason" {
		t.Fatalf("hold without a reason: %d %s", res.Status, res.Body)
	}
	res := srv.DoAs(t, ann, "PUT", base+"/hold", map[string]any{"reason": "Complaint to the Division of Real Estate"})
	if res.Status != 200 {
		t.Fatalf("hold: %d %s", res.Status, res.Body)
	}
	testsupport.MatchesSchema(t, "RecordsStatus", res.JSON(t))
	status := srv.DoAs(t, bob, "GET", base+"/records", nil)
	if status.Status != 200 || status.JSON(t)["legal_hold"].(map[string]any)["held_by"] != "ann@example.com" {
		t.Fatalf("records status: %d %s", status.Status, status.Body)
	}
	testsupport.MatchesSchema(t, "RecordsStatus", status.JSON(t))
	refused := srv.Do(t, "DELETE", "/api/quote-requests/"+id, nil)
	if refused.Status != http.StatusConflict || refused.JSON(t)["error"] != "This request is on legal hold and cannot be deleted now" {
		t.Fatalf("visitor's delete on hold: %d %s", refused.Status, refused.Body)
	}
	if res := srv.DoAs(t, bob, "DELETE", base, map[string]any{"reason": "asked by phone"}); res.Status != http.StatusConflict {
		t.Fatalf("broker's delete on hold: %d, want 409", res.Status)
	}

	export := srv.DoAs(t, bob, "GET", base+"/export", nil)
	if export.Status != 200 || export.Header.Get("Content-Disposition") != `attachment; filename="quote-request-`+id+`.json"` {
		t.Fatalf("export: %d %q %s", export.Status, export.Header.Get("Content-Disposition"), export.Body)
	}
	body := export.JSON(t)
	testsupport.MatchesSchema(t, "RecordsExport", body)
	if q := body["quote_request"].(map[string]any); q["email"] != "jane@example.com" || body["legal_hold"] == nil {
		t.Fatalf("export lacks the full request or the hold: %s", export.Body)
	}

	if res := srv.DoAs(t, ann, "DELETE", base+"/hold", nil); res.Status != http.StatusNoContent {
		t.Fatalf("release: %d %s", res.Status, res.Body)
	}
	if res := srv.DoAs(t, ann, "DELETE", base+"/hold", nil); res.Status != http.StatusNotFound {
		t.Fatalf("release twice: %d, want 404", res.Status)
	}
	if res := srv.DoAs(t, bob, "DELETE", base, map[string]any{}); res.Status != 400 {
		t.Fatalf("delete without a reason: %d, want 400", res.Status)
	}
	if res := srv.DoAs(t, bob, "DELETE", base, map[string]any{"reason": "asked by phone"}); res.Status != http.StatusNoContent {
		t.Fatalf("broker delete: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, "GET", "/api/quote-requests/"+id, nil); res.Status != http.StatusGone {
		t.Fatalf("after the broker's delete: %d, want 410", res.Status)
	}
	srv.DoAs(t, bob, "GET", "/api/admin/quote-requests/"+other, nil)

	var actions []string
	for _, e := range auditOf(t, srv, ann, "request="+id) {
		actions = append(actions, e["actor"].(string)+" "+e["action"].(string))
	}
	want := "bob@example.com delete,bob@example.com delete,ann@example.com release_hold,ann@example.com release_hold," +
		"bob@example.com export,bob@example.com delete,bob@example.com read_records,ann@example.com hold,ann@example.com hold"
	if got := strings.Join(actions, ","); got != want {
		t.Fatalf("audit trail of the request:\n got  %s\n want %s", got, want)
	}
	if n := len(auditOf(t, srv, ann, "broker=bob@example.com&request="+other)); n != 1 {
		t.Fatalf("bob's reads of the other request: %d, want 1", n)
	}
	if n := len(auditOf(t, srv, ann, "from=2000-01-01&to=2000-01-02")); n != 0 {
		t.Fatalf("events in 2000: %d", n)
	}
	if res := srv.DoAs(t, ann, "GET", "/api/admin/audit?from=yesterday", nil); res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["from"] == nil {
		t.Fatalf("bad date: %d %s", res.Status, res.Body)
	}
}

// Issue 27 §2: "Delete my data" on the Refi Buddy manage page.
func TestRefiManageDeletesData(t *testing.T) {
	t.Parallel()
	srv, smtpServer, _, _ := refiServer(t)
	id := refiWatch(t, srv, "homeowner@example.com", 6.75, 1945.79)
	srv.WaitForIdleQueue(t)
	got := withSubject(t, smtpServer.Messages(), "Confirm your Refi Buddy alerts")
	if len(got) != 1 {
		t.Fatalf("%d confirmations", len(got))
	}
	manage := "/api/refi-buddy/manage?token=" + url.QueryEscape(testsupport.ManageToken(t, got[0]))
	if res := srv.Do(t, "DELETE", "/api/refi-buddy/manage?token=altered", nil); res.Status != http.StatusNotFound {
		t.Fatalf("altered link: %d, want 404", res.Status)
	}
	if res := srv.Do(t, "DELETE", manage, nil); res.Status != http.StatusNoContent {
		t.Fatalf("delete my data: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, "GET", "/api/quote-requests/"+id, nil); res.Status != http.StatusGone {
		t.Fatalf("request after delete my data: %d, want 410", res.Status)
	}
	if res := srv.Do(t, "GET", manage, nil); res.Status != http.StatusNotFound {
		t.Fatalf("manage page after delete my data: %d, want 404", res.Status)
	}
}

// Every broker route either is audited or is listed as touching no
// visitor's data: a new broker route cannot slip past the trail.
func TestEveryBrokerRouteAudited(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	routes, err := httpapi.Routes(srv.App.Handler)
	if err != nil {
		t.Fatal(err)
	}
	audited, skipped := httpapi.AuditedRoutes()
	seen := 0
	for _, r := range routes {
		key := r[0] + " " + r[1]
		if publicRoutes[key] || userRoutes[key] {
			continue
		}
		seen++
		if audited[key] == skipped[key] {
			t.Errorf("%s: in neither or both of the audited and not-audited lists", key)
		}
	}
	if seen != len(audited)+len(skipped) {
		t.Errorf("%d broker routes, but the lists name %d", seen, len(audited)+len(skipped))
	}
}

// Issue 27 §3: saving an analysis again keeps the earlier one; the visitor
// sees the latest, the broker every version with who saved it and when.
// Every e-mail sent about the request is kept, with who sent it; both go
// with the request.
func TestAnalysisVersionsAndKeptEmails(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.JobPollInterval = 50 * time.Millisecond })
	id := submit(t, srv, p(map[string]any{"email": "jane@example.com"}))
	ann := srv.SignIn(t, "ann@example.com", true)
	bob := srv.SignIn(t, "bob@example.com", true)
	base := "/api/admin/quote-requests/" + id
	save := func(token, grade, pro string) {
		t.Helper()
		res := srv.DoAs(t, token, "POST", base+"/analysis", map[string]any{"analysis": map[string]any{"lender": "provident", "grade": grade,
			"pros": []string{pro}, "cons": []string{"High fees"}, "recommendations": []string{"Ask for a lender credit"}}, "quotes": []any{}})
		if res.Status != 200 {
			t.Fatalf("save by %s: %d %s", token, res.Status, res.Body)
		}
	}
	if res := srv.DoAs(t, ann, "GET", base+"/versions", nil); res.Status != 200 || string(res.Body) != "[]\n" && string(res.Body) != "[]" {
		t.Fatalf("versions before any save: %d %s", res.Status, res.Body)
	}
	save(ann, "C", "Fixed rate")
	save(bob, "B", "Lender credit offered")
	if got := srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil).JSON(t); got["grade"] != "B" {
		t.Fatalf("the visitor sees grade %v, want the latest (B)", got["grade"])
	}
	res := srv.DoAs(t, ann, "GET", base+"/versions", nil)
	if res.Status != 200 {
		t.Fatalf("versions: %d %s", res.Status, res.Body)
	}
	versions := testsupport.FromJSON[[]map[string]any](t, string(res.Body))
	var seen []string
	for _, v := range versions {
		testsupport.MatchesSchema(t, "AnalysisVersion", v)
		a := v["analysis"].(map[string]any)
		seen = append(seen, fmt.Sprint(v["version"], " ", v["saved_by"], " ", a["grade"], " ", a["pros"]))
	}
	if got, want := strings.Join(seen, "; "), "2 bob@example.com B [Lender credit offered]; 1 ann@example.com C [Fixed rate]"; got != want {
		t.Fatalf("versions:\n got  %s\n want %s", got, want)
	}

	// The "analysis is ready" e-mail is delivered before Bob writes, so the
	// kept e-mails' order (newest first, by delivery) is known.
	srv.WaitForIdleQueue(t)
	if res := srv.DoAs(t, bob, "POST", "/api/send-email", map[string]any{"to": "jane@example.com", "subject": "About your points",
		"message": "Call me about the points.", "quote_request_id": id}); res.Status != http.StatusAccepted {
		t.Fatalf("send e-mail: %d %s", res.Status, res.Body)
	}
	srv.WaitForIdleQueue(t)
	res = srv.DoAs(t, ann, "GET", base+"/emails", nil)
	if res.Status != 200 {
		t.Fatalf("kept e-mails: %d %s", res.Status, res.Body)
	}
	seen = nil
	for _, e := range testsupport.FromJSON[[]map[string]any](t, string(res.Body)) {
		testsupport.MatchesSchema(t, "KeptEmail", e)
		if e["to"] != "jane@example.com" || e["text"] == "" || e["html"] == "" {
			t.Fatalf("kept e-mail lacks its recipient or body: %v", e)
		}
		seen = append(seen, fmt.Sprint(e["sent_by"], ": ", e["subject"]))
	}
	if got, want := strings.Join(seen, "; "), "bob@example.com: About your points; ann@example.com: Your Quote Analysis is Ready!"; got != want {
		t.Fatalf("kept e-mails:\n got  %s\n want %s", got, want)
	}
	export := srv.DoAs(t, bob, "GET", base+"/export", nil).JSON(t)
	testsupport.MatchesSchema(t, "RecordsExport", export)
	if len(export["analysis_versions"].([]any)) != 2 || len(export["emails"].([]any)) != 2 {
		t.Fatalf("the export lacks the versions or the e-mails: %v %v", export["analysis_versions"], export["emails"])
	}
	var actions []string
	for _, e := range auditOf(t, srv, ann, "broker=ann@example.com&request="+id) {
		actions = append(actions, e["action"].(string))
	}
	if got := strings.Join(actions, ","); got != "read_records,read_analysis,edit,read_analysis" {
		t.Fatalf("ann's audit trail: %s", got)
	}
	// The e-mail Bob sent from the request's page is in the request's trail.
	actions = nil
	for _, e := range auditOf(t, srv, ann, "broker=bob@example.com&request="+id) {
		actions = append(actions, e["action"].(string))
	}
	if !strings.Contains(","+strings.Join(actions, ",")+",", ",email,") {
		t.Fatalf("bob's audit trail for the request lacks the e-mail: %v", actions)
	}

	if res := srv.Do(t, "DELETE", "/api/quote-requests/"+id, nil); res.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	for _, path := range []string{base + "/versions", base + "/emails"} {
		if res := srv.DoAs(t, ann, "GET", path, nil); res.Status != http.StatusGone {
			t.Fatalf("GET %s after deletion: %d, want 410", path, res.Status)
		}
	}
}
