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
