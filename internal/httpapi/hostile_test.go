package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// onEachDatabase runs fn against the product on SQLite and on PostgreSQL,
// with the settings tune changes.
func onEachDatabase(t *testing.T, fn func(t *testing.T, srv *testsupport.Server), tune ...func(*config.Config)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		fn(t, testsupport.StartServer(t, tune...))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		url := testsupport.PostgresURL(t)
		fn(t, testsupport.StartServer(t, append(tune, func(c *config.Config) { c.DatabaseURL = url })...))
	})
}

// A NUL character or bytes that are not UTF-8 in any text field is a 400
// naming the field, and a NUL in an id is a 404, on both databases (it was a
// 500 on PostgreSQL and stored as is on SQLite).
func TestUnreadableTextIsRefusedByField(t *testing.T) {
	t.Parallel()
	onEachDatabase(t, func(t *testing.T, srv *testsupport.Server) {
		created := srv.Do(t, "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(nil))
		if created.Status != 201 && created.Status != 200 {
			t.Fatalf("submit: %d %s", created.Status, created.Body)
		}
		id := created.JSON(t)["id"].(string)
		for _, c := range []struct{ method, path, body, field string }{
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "zipCode", `"84\u0000101"`), "zipCode"},
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "email", `"ann\u0000@example.com"`), "email"},
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "questions", `["fine", "bad \u0000"]`), "questions"},
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "email", "\"ann\xff@example.com\""), "email"},
			// Bytes that are not UTF-8 next to a real U+FFFD: still refused.
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "email", "\"ann\uFFFD\xff@example.com\""), "email"},
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "zipCode", `"\ud800"`), "zipCode"},
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "questions", `["\ufffd is fine", "\udc00 is not"]`), "questions"},
			{"POST", "/api/contact-requests/submit", `{"name":"Dana\u0000","phone":"801-555-0142","question":"Call me","preferredContact":"phone","contactConsent":true}`, "name"},
			{"PATCH", "/api/quote-requests/" + id + "/contact-info", `{"email":"a\u0000@b.co","preferredContactMethod":"email"}`, "email"},
			{"POST", "/api/uploads/presigned-url", `{"fileName":"a\u0000.pdf","fileType":"application/pdf"}`, "fileName"},
		} {
			res := srv.Do(t, c.method, c.path, c.body)
			if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)[c.field] == nil {
				t.Errorf("%s %s %s: %d %s, want 400 naming %s", c.method, c.path, c.field, res.Status, res.Body, c.field)
			}
		}
		// U+FFFD is a character like any other, written out or escaped
		// (issue 24 §8): only the decoder's stand-in for bad input is refused.
		ok := srv.Do(t, "POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "questions", "[\"escaped \\ufffd and \\uFFFD\", \"written \uFFFD\", \"not one: \\\\ufffd\"]"))
		if ok.Status != 201 && ok.Status != 200 {
			t.Fatalf("U+FFFD in questions: %d %s", ok.Status, ok.Body)
		}
		q := srv.Do(t, "GET", "/api/quote-requests/"+ok.JSON(t)["id"].(string), nil).JSON(t)["questions"]
		if want := []any{"escaped \uFFFD and \uFFFD", "written \uFFFD", `not one: \ufffd`}; fmt.Sprint(q) != fmt.Sprint(want) {
			t.Fatalf("questions stored as %q, want %q", q, want)
		}
		for _, path := range []string{"/api/quote-requests/%00", "/api/quote-requests/a%00b/analysis", "/api/quote-requests/%ff%fe", "/api/quote-requests/" + id + "%00"} {
			if res := srv.Do(t, "GET", path, nil); res.Status != 404 {
				t.Errorf("GET %s: %d %s, want 404", path, res.Status, res.Body)
			}
		}
		if res := srv.Do(t, "PATCH", "/api/quote-requests/%00/contact-info", `{"email":"a@b.co","preferredContactMethod":"email"}`); res.Status != 404 {
			t.Errorf("PATCH with a NUL id: %d %s, want 404", res.Status, res.Body)
		}
		if strings.Contains(srv.Logs.String(), `"level":"ERROR"`) {
			t.Errorf("an error was logged: %s", srv.Logs.String())
		}
	})
}

// withRaw sets one field of payload to a raw JSON text, so the test can send
// escapes and bytes a Go string would not marshal as is.
func withRaw(t *testing.T, payload map[string]any, field, raw string) string {
	t.Helper()
	delete(payload, field)
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "}") + `,"` + field + `":` + raw + "}"
}

// Every money, rate and APR figure, visitor's or broker's, has a documented
// range; 1e308 (which once made the visitor's analysis an empty 200) and
// other figures outside are a 400 naming the field.
func TestFiguresOutsideTheirRangesAreRefused(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	id := srv.Do(t, "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(nil)).JSON(t)["id"].(string)
	row := func(change map[string]any) map[string]any {
		q := map[string]any{"rate": 6.25, "lenderFees": 1200, "apr": 6.3}
		for k, v := range change {
			q[k] = v
		}
		return map[string]any{"analysis": map[string]any{"lender": "rocket", "recommendations": []string{"Lock it"}}, "quotes": []map[string]any{q}}
	}
	for _, c := range []struct {
		name, method, path string
		body               any
		field, message     string
	}{
		{"broker lender fees 1e308", "POST", "/api/admin/quote-requests/" + id + "/analysis", row(map[string]any{"lenderFees": 1e308}), "quotes.0.lenderFees", "Lender fees must be between -$1,000,000 and $1,000,000"},
		{"broker APR 1e308", "POST", "/api/admin/quote-requests/" + id + "/analysis", row(map[string]any{"apr": 1e308}), "quotes.0.apr", "APR must be between 0 and 100"},
		{"broker mortgage insurance 1e308", "POST", "/api/admin/quote-requests/" + id + "/analysis", row(map[string]any{"mortgageInsurance": 1e308}), "quotes.0.mortgageInsurance", "Mortgage insurance must be at most $10,000 a month"},
		{"broker rate 30", "POST", "/api/admin/quote-requests/" + id + "/analysis", row(map[string]any{"rate": 30}), "quotes.0.rate", "Rate must be at most 25%"},
		{"visitor rate 30", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"brokerRate": 30}), "brokerRate", "Interest rate must be at most 25%"},
		{"visitor fees 2,000,000", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"brokerLenderFees": -2e6}), "brokerLenderFees", "Lender fees must be between -$1,000,000 and $1,000,000"},
		{"visitor insurance 20,000", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"brokerMortgageInsurance": 20000}), "brokerMortgageInsurance", "Mortgage insurance must be at most $10,000 a month"},
		{"visitor quote fix 1e308", "PATCH", "/api/quote-requests/" + id + "/broker-quote", map[string]any{"broker_lender_fees": 1e308}, "broker_lender_fees", "Lender fees must be between -$1,000,000 and $1,000,000"},
		// Issue 25: nothing clamped silently, no figure that is not finite.
		{"visitor rate 1e-300", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"brokerRate": 1e-300}), "brokerRate", "Interest rate must be 0, or at least 0.001%"},
		{"broker rate 0.0001", "POST", "/api/admin/quote-requests/" + id + "/analysis", row(map[string]any{"rate": 0.0001}), "quotes.0.rate", "Rate must be 0, or at least 0.001%"},
		{"down payment of the whole price", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"purchasePrice": 100000, "downPayment": 150000}), "downPayment", "Down payment must be less than the purchase price"},
		{"balance above the home's value", "POST", "/api/quote-requests/submit", testsupport.RefinancePayload(map[string]any{"propertyValue": 300000, "remainingBalance": 450000}), "remainingBalance", "Remaining balance must not be more than the property value"},
		// Issue 25 §3's five, each refused with a message naming its field.
		{"150% down", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"downPayment": 675000, "downPaymentPercent": 150}), "downPayment", "Down payment must be less than the purchase price"},
		{"150% down, the percent", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"downPayment": 675000, "downPaymentPercent": 150}), "downPaymentPercent", "Down payment percent must be between 0 and 100"},
		{"a rate of -1%", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"brokerRate": -1}), "brokerRate", "Interest rate must be between 0 and 100"},
		{"fees of 99,999,999,999", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"brokerLenderFees": 99_999_999_999}), "brokerLenderFees", "Lender fees must be between -$1,000,000 and $1,000,000"},
		{"a $1,000 price with nothing down", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"purchasePrice": 1000, "downPayment": 0, "downPaymentPercent": 0}), "purchasePrice", "Purchase price must be at least $10,000"},
		{"a $1,000 home to refinance", "POST", "/api/quote-requests/submit", testsupport.RefinancePayload(map[string]any{"propertyValue": 1000, "remainingBalance": 900, "cashOut": false}), "propertyValue", "Property value must be at least $10,000"},
		{"a price above $100,000,000", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"purchasePrice": 100_000_001}), "purchasePrice", "Purchase price must be at most $100,000,000"},
		{"current rate 26", "POST", "/api/quote-requests/submit", testsupport.RefinancePayload(map[string]any{"refi_intent": "get_notified", "email": "o@example.com",
			"current_mortgage_rate": 26, "current_monthly_payment": 2200, "current_mortgage_program": "30-year-fixed"}), "current_mortgage_rate", "Current rate must be at most 25%"},
	} {
		res := srv.DoAs(t, admin, c.method, c.path, c.body)
		if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)[c.field] != c.message {
			t.Errorf("%s: %d %s, want 400 with %s: %s", c.name, res.Status, res.Body, c.field, c.message)
		}
	}
	if res := srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil); len(res.Body) == 0 {
		t.Fatalf("the visitor's analysis answered %d with an empty body", res.Status)
	}
}

// Another site's page cannot make its visitors' browsers write here: a body
// not declared JSON is a 415 and a foreign Origin a 403, on every public
// write; this site's own pages (and tools sending no Origin) still write.
func TestPublicWritesRefuseOtherSites(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, withSiteFile(t, operatorSiteFile), func(c *config.Config) { c.PublicURL = "https://quotes.example" })
	body := `{"name":"Dana","phone":"801-555-0142","question":"Call me","preferredContact":"phone","contactConsent":true}`
	send := func(contentType, origin, payload string) testsupport.Response {
		return srv.DoWith(t, "POST", "/api/contact-requests/submit", payload, func(r *http.Request) {
			r.Header.Del("Content-Type")
			if contentType != "" {
				r.Header.Set("Content-Type", contentType)
			}
			if origin != "" {
				r.Header.Set("Origin", origin)
			}
		})
	}
	for _, c := range []struct {
		name, contentType, origin string
		status                    int
	}{
		{"text/plain (a cross-site form or no-cors fetch)", "text/plain", "", 415},
		{"form encoded", "application/x-www-form-urlencoded", "", 415},
		{"multipart", "multipart/form-data; boundary=x", "", 415},
		{"no content type with a body", "", "", 415},
		{"JSON from another site", "application/json", "https://evil.example", 403},
		{"JSON from a look-alike host", "application/json", "https://quotes.example.evil.example", 403},
		{"JSON from an opaque origin", "application/json", "null", 403},
		{"form from another site", "text/plain", "https://evil.example", 403},
		{"JSON from the public URL", "application/json", "https://quotes.example", 201},
		{"JSON from the server's own host", "application/json", srv.URL, 201},
		{"JSON with a charset and no Origin", "application/json; charset=utf-8", "", 201},
	} {
		res := send(c.contentType, c.origin, body)
		if res.Status != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, res.Status, res.Body, c.status)
		}
		if c.status == 415 && res.JSON(t)["error"] != "The request body must be JSON (Content-Type: application/json)" {
			t.Errorf("%s: %s", c.name, res.Body)
		}
		if c.status == 403 && res.JSON(t)["error"] != "Requests from other sites are not accepted" {
			t.Errorf("%s: %s", c.name, res.Body)
		}
	}
	// The viewed event has no body and no type; it still counts.
	if res := srv.DoWith(t, "POST", "/api/analysis/unknown/viewed", nil, nil); res.Status == 415 || res.Status == 403 {
		t.Fatalf("an empty write was refused: %d %s", res.Status, res.Body)
	}
}

// Lenient input is refused, not stored as something else: Go's number
// syntax, a phone that is only text with digits in it, any file type.
func TestLenientInputIsRefused(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := srv.Do(t, "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(nil)).JSON(t)["id"].(string)
	for _, c := range []struct {
		name, method, path string
		body               any
		field, message     string
	}{
		{"underscored number", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"purchasePrice": "1_000"}), "purchasePrice", "Purchase price must be a number"},
		{"hex float", "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"purchasePrice": "0x1p18"}), "purchasePrice", "Purchase price must be a number"},
		{"phone in words", "PATCH", "/api/quote-requests/" + id + "/contact-info", map[string]any{"preferredContactMethod": "text", "phone": "call me at 11 maybe"}, "phone", "Please enter a valid phone number"},
		{"any file type", "POST", "/api/uploads/presigned-url", map[string]any{"fileName": "quote.pdf", "fileType": "text/html"}, "fileType", "File type must be one of: .pdf, .jpg, .jpeg, .png, .xlsx, .xls, .doc, .docx"},
	} {
		res := srv.Do(t, c.method, c.path, c.body)
		if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)[c.field] != c.message {
			t.Errorf("%s: %d %s, want 400 with %s: %s", c.name, res.Status, res.Body, c.field, c.message)
		}
	}
	res := srv.Do(t, "PATCH", "/api/quote-requests/"+id+"/contact-info", map[string]any{"preferredContactMethod": "text", "phone": "+1 (801) 555-0142", "contactConsent": true})
	if res.Status != 200 || res.JSON(t)["phone"] != "+18015550142" {
		t.Fatalf("phone stored as %s", res.Body)
	}
}

// A quote request id opens the visitor's contact details: like a password,
// it never appears in the logs, whatever the visitor and the broker do.
func TestRequestIDsStayOutOfLogs(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	id := srv.Do(t, "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"email": "ann@example.com"})).JSON(t)["id"].(string)
	srv.Do(t, "PATCH", "/api/quote-requests/"+id+"/contact-info", map[string]any{"preferredContactMethod": "email", "email": "ann@example.com"})
	srv.Do(t, "GET", "/api/quote-requests/"+id, nil)
	srv.Do(t, "POST", "/api/contact-requests/submit", map[string]any{"name": "Ann", "email": "ann@example.com", "question": "Q", "preferredContact": "email", "quoteRequestId": id})
	res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", map[string]any{
		"analysis": map[string]any{"lender": "rocket", "recommendations": []string{"Lock it"}}, "quotes": []map[string]any{{"rate": 6.25, "lenderFees": 1200, "apr": 6.3}}})
	if res.Status != 200 {
		t.Fatalf("analysis: %d %s", res.Status, res.Body)
	}
	srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil)
	if res := srv.DoAs(t, admin, "POST", "/api/send-email", map[string]any{"to": "visitor@example.com", "subject": "Hi there", "message": "Hello"}); res.Status >= 300 {
		t.Fatalf("send e-mail: %d %s", res.Status, res.Body)
	}
	logs := srv.Logs.String()
	if strings.Contains(logs, id) || !strings.Contains(logs, `"msg":"quote request submitted"`) {
		t.Fatalf("logs name the request id %s: %s", id, logs)
	}
	// The broker's sign-in subject (here an e-mail address) is hashed in
	// every line, as in "signed in" (issue 24 §6).
	if strings.Contains(logs, "broker@example.com") || !strings.Contains(logs, `"msg":"analysis saved"`) || !strings.Contains(logs, `"msg":"broker e-mail queued"`) {
		t.Fatalf("logs name the broker's subject: %s", logs)
	}
}

// Strict-Transport-Security goes with every answer when the site is https,
// and never on plain http.
func TestHSTSOnlyOverHTTPS(t *testing.T) {
	t.Parallel()
	secure := testsupport.StartServer(t, withSiteFile(t, operatorSiteFile), func(c *config.Config) { c.PublicURL = "https://quotes.example" })
	for _, path := range []string{"/api/health", "/", "/api/nope"} {
		if got := secure.Do(t, "GET", path, nil).Header.Get("Strict-Transport-Security"); got != "max-age=31536000" {
			t.Errorf("GET %s: Strict-Transport-Security %q", path, got)
		}
	}
	plain := testsupport.StartServer(t)
	if got := plain.Do(t, "GET", "/api/health", nil).Header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("plain http sent Strict-Transport-Security %q", got)
	}
}

// A body that has not arrived by the server's read deadline is a 408 for the
// client and, however many there are, at most one WARN a minute in the log,
// never an ERROR line each (issue 24 §6).
func TestSlowBodiesAre408WithOneWarning(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	slow := httptest.NewUnstartedServer(srv.App.Handler)
	slow.Config.ReadTimeout = 300 * time.Millisecond
	slow.Start()
	t.Cleanup(slow.Close)
	for range 3 {
		conn, err := net.Dial("tcp", slow.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /api/quote-requests/submit HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\":", slow.Listener.Addr())
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		conn.Close()
		if res.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), "took too long to arrive") {
			t.Fatalf("slow body: %d %s", res.StatusCode, body)
		}
	}
	logs := srv.Logs.String()
	if strings.Contains(logs, `"level":"ERROR"`) || strings.Count(logs, "request bodies arrived too slowly") != 1 {
		t.Fatalf("logs after three slow bodies: %s", logs)
	}
}
