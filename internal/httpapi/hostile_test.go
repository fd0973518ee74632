package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// onEachDatabase runs fn against the product on SQLite and on PostgreSQL.
func onEachDatabase(t *testing.T, fn func(t *testing.T, srv *testsupport.Server)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		fn(t, testsupport.StartServer(t))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		url := testsupport.PostgresURL(t)
		fn(t, testsupport.StartServer(t, func(c *config.Config) { c.DatabaseURL = url }))
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
			{"POST", "/api/quote-requests/submit", withRaw(t, testsupport.PurchasePayload(nil), "zipCode", `"\ud800"`), "zipCode"},
			{"POST", "/api/contact-requests/submit", `{"name":"Dana\u0000","phone":"801-555-0142","question":"Call me","preferredContact":"phone"}`, "name"},
			{"PATCH", "/api/quote-requests/" + id + "/contact-info", `{"email":"a\u0000@b.co","preferredContactMethod":"email"}`, "email"},
			{"POST", "/api/uploads/presigned-url", `{"fileName":"a\u0000.pdf","fileType":"application/pdf"}`, "fileName"},
		} {
			res := srv.Do(t, c.method, c.path, c.body)
			if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)[c.field] == nil {
				t.Errorf("%s %s %s: %d %s, want 400 naming %s", c.method, c.path, c.field, res.Status, res.Body, c.field)
			}
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
