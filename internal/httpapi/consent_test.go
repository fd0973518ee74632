package httpapi_test

import (
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/vocab"
)

// A visitor who asks the notify-me form for a text or a call agrees to it
// first, and the broker sees what they agreed to (TCPA, 47 CFR 64.1200;
// issue 26 section 3), on both databases.
func TestNotifyConsent(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		notifyConsent(t, testsupport.StartServer(t))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		url := testsupport.PostgresURL(t)
		notifyConsent(t, testsupport.StartServer(t, func(c *config.Config) { c.DatabaseURL = url }))
	})
}

func notifyConsent(t *testing.T, srv *testsupport.Server) {
	id := submit(t, srv, p(nil))
	path := "/api/quote-requests/" + id + "/contact-info"
	broker := srv.SignIn(t, "broker@example.com", true)
	stored := func() map[string]any {
		t.Helper()
		return srv.DoAs(t, broker, "GET", "/api/admin/quote-requests/"+id, nil).JSON(t)
	}
	refused := map[string]string{"contactConsent": quoterequest.MsgContactConsent}
	run(t, srv, []scenario{
		{name: "text without consent", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "text", "phone": "801-555-0142"},
			status: 400, fields: refused},
		{name: "phone call with the box unticked", method: "PATCH", path: path,
			body: map[string]any{"preferredContactMethod": "phone", "phone": "801-555-0142", "contactConsent": false}, status: 400, fields: refused},
		{name: "only a phone, no method", method: "PATCH", path: path, body: map[string]any{"phone": "801-555-0142"}, status: 400, fields: refused},
		{name: "consent that is not a yes or no", method: "PATCH", path: path,
			body: map[string]any{"preferredContactMethod": "text", "phone": "801-555-0142", "contactConsent": "yes"}, status: 400, fields: refused},
	})
	if got := stored(); got["phone"] != nil || got["preferred_contact_method"] != nil || got["contact_consent"] != nil {
		t.Fatalf("a refused request stored phone %v, method %v, consent %v", got["phone"], got["preferred_contact_method"], got["contact_consent"])
	}

	// An e-mail needs no consent, and none is recorded.
	if res := srv.Do(t, "PATCH", path, map[string]any{"preferredContactMethod": "email", "email": "jane@example.com"}); res.Status != 200 {
		t.Fatalf("e-mail: %d %s", res.Status, res.Body)
	}
	if got := stored(); got["email"] != "jane@example.com" || got["contact_consent"] != nil {
		t.Fatalf("e-mail stored as %v with consent %v", got["email"], got["contact_consent"])
	}

	// With the box ticked the words, the time and the client's address are
	// kept. The words are the server's own, naming the site file's legal name
	// and the number as typed, whatever else the client sends.
	res := srv.Do(t, "PATCH", path, map[string]any{"preferredContactMethod": "text", "phone": " 801-555-0142 ", "contactConsent": true})
	if res.Status != 200 {
		t.Fatalf("text with consent: %d %s", res.Status, res.Body)
	}
	legalName := srv.Do(t, "GET", "/api/site", nil).JSON(t)["brokerageName"].(string)
	got := stored()
	consent, _ := got["contact_consent"].(map[string]any)
	if got["phone"] != "8015550142" || got["preferred_contact_method"] != "text" || consent == nil {
		t.Fatalf("stored phone %v, method %v, consent %v", got["phone"], got["preferred_contact_method"], got["contact_consent"])
	}
	if want := vocab.ConsentText(legalName, "801-555-0142"); consent["text"] != want {
		t.Errorf("consent text %q, want %q", consent["text"], want)
	}
	if consent["address"] != "127.0.0.1" {
		t.Errorf("consent address %v, want the client's 127.0.0.1", consent["address"])
	}
	if _, err := time.Parse(time.RFC3339, consent["at"].(string)); err != nil {
		t.Errorf("consent time %v: %v", consent["at"], err)
	}
	// The visitor's own answer leaves it out: its words carry the whole number.
	if visitor := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t); visitor["contact_consent"] != nil {
		t.Errorf("the visitor's answer shows the consent: %v", visitor["contact_consent"])
	}
	// Choosing e-mail afterwards takes the consent away with the call.
	if res := srv.Do(t, "PATCH", path, map[string]any{"preferredContactMethod": "email", "email": "jane@example.com"}); res.Status != 200 {
		t.Fatalf("back to e-mail: %d %s", res.Status, res.Body)
	}
	if got := stored(); got["contact_consent"] != nil {
		t.Errorf("consent kept after choosing e-mail: %v", got["contact_consent"])
	}
}
