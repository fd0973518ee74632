package testsupport

import (
	"net/url"
	"regexp"
	"testing"
)

var confirmLink = regexp.MustCompile(`/refi-buddy/confirm\?token=([A-Za-z0-9_%-]+)`)

// ConfirmToken reads the token of the Refi Buddy confirmation link in a
// received e-mail, as the homeowner's click would send it.
func ConfirmToken(t testing.TB, m Received) string {
	t.Helper()
	msg, err := ParseMessage(m.Data)
	if err != nil {
		t.Fatal(err)
	}
	match := confirmLink.FindStringSubmatch(msg.Parts["text/plain"])
	if match == nil {
		t.Fatalf("no confirmation link in %q", msg.Parts["text/plain"])
	}
	token, err := url.QueryUnescape(match[1])
	if err != nil {
		t.Fatal(err)
	}
	return token
}
