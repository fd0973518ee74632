package testsupport

import (
	"net/url"
	"regexp"
	"testing"
)

var (
	confirmLink = regexp.MustCompile(`/refi-buddy/confirm\?token=([A-Za-z0-9_%-]+)`)
	manageLink  = regexp.MustCompile(`/refi-buddy/manage\?token=([A-Za-z0-9_%-]+)`)
)

// ConfirmToken reads the token of the Refi Buddy confirmation link in a
// received e-mail, as the homeowner's click would send it.
func ConfirmToken(t testing.TB, m Received) string {
	t.Helper()
	return linkToken(t, m, confirmLink)
}

// ManageToken reads the token of the manage page's link (/refi-buddy/manage)
// that every Refi Buddy e-mail carries.
func ManageToken(t testing.TB, m Received) string {
	t.Helper()
	return linkToken(t, m, manageLink)
}

func linkToken(t testing.TB, m Received, link *regexp.Regexp) string {
	t.Helper()
	msg, err := ParseMessage(m.Data)
	if err != nil {
		t.Fatal(err)
	}
	match := link.FindStringSubmatch(msg.Parts["text/plain"])
	if match == nil {
		t.Fatalf("no link %s in %q", link, msg.Parts["text/plain"])
	}
	token, err := url.QueryUnescape(match[1])
	if err != nil {
		t.Fatal(err)
	}
	return token
}
