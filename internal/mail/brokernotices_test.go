package mail_test

import (
	"strings"
	"testing"
	"time"

	"quotegrade/internal/mail"
)

// The notice's id is its first request's, so a retried job is the same
// message; the text a visitor typed is escaped in the HTML part.
func TestNewRequestsNotice(t *testing.T) {
	r := mail.NewRequest{ID: "r<1>", Summary: "Purchase, current loan <b>arm</b>, UT, loan scenario",
		CreatedAt: time.Date(2026, 11, 24, 20, 5, 0, 0, time.UTC)}
	m, err := mail.NewRequests([]mail.NewRequest{r}, "brokers@quotegrade.test", "https://quotegrade.example")
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "new-requests-r<1>" || m.Subject != "1 new quote request waiting for analysis" || m.To != "brokers@quotegrade.test" {
		t.Fatalf("message = %+v", m)
	}
	if !strings.Contains(m.Text, "A new quote request is waiting for analysis") || !strings.Contains(m.Text, "(received Nov 24, 20:05 UTC)") ||
		!strings.Contains(m.Text, "https://quotegrade.example/admin/analysis/r%3C1%3E") {
		t.Fatalf("text:\n%s", m.Text)
	}
	if strings.Contains(m.HTML, "<b>arm</b>") || !strings.Contains(m.HTML, "&lt;b&gt;arm&lt;/b&gt;") {
		t.Fatalf("html not escaped:\n%s", m.HTML)
	}
	if _, err := mail.NewRequests(nil, "brokers@quotegrade.test", "https://quotegrade.example"); err == nil {
		t.Fatal("a notice of no request was made")
	}
}

// Each request says whether the broker may call or text its visitor (TCPA).
func TestNewRequestsNoticeNamesConsent(t *testing.T) {
	at := time.Date(2026, 11, 24, 20, 1, 0, 0, time.UTC)
	m, err := mail.NewRequests([]mail.NewRequest{{ID: "r1", Summary: "Purchase", CreatedAt: at},
		{ID: "r2", Summary: "Refinance", CreatedAt: at, ConsentAt: &at}}, "brokers@quotegrade.test", "https://quotegrade.example")
	if err != nil {
		t.Fatal(err)
	}
	for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
		for _, want := range []string{"Calls and texts: no consent given. Do not call or text this visitor; reply by e-mail.",
			"Calls and texts: the visitor agreed on Nov 24, 2026 20:01 UTC to be called or texted at their number (the words they agreed to are on the request&#39;s page)."} {
			if part == "text" {
				want = strings.ReplaceAll(want, "&#39;", "'")
			}
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q:\n%s", part, want, body)
			}
		}
	}
}
