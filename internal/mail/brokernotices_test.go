package mail_test

import (
	"strings"
	"testing"
	"time"

	"quotegrade/internal/mail"
	"quotegrade/internal/store"
)

// A request is summed up by its scenario, never its visitor's details.
func TestScenarioSummary(t *testing.T) {
	for _, c := range []struct {
		r    store.QuoteRequest
		want string
	}{
		{store.QuoteRequest{LoanType: "purchase", State: "UT", PurchasePrice: ptr(500000.0), DownPayment: ptr(100000.0)},
			"Purchase, $400,000 loan, UT, loan scenario"},
		{store.QuoteRequest{LoanType: "refinance", State: "ID", RemainingBalance: ptr(300000.0), CashOut: true, CashOutAmount: ptr(25000.0),
			CurrentMortgage: &store.CurrentMortgage{LoanProgram: ptr("30-year-fixed")}, UserUploadedQuoteURL: ptr("k")},
			"Refinance, $325,000 loan, current loan 30-year-fixed, ID, lender's quote to grade"},
	} {
		if got := mail.ScenarioSummary(c.r); got != c.want {
			t.Errorf("summary = %q, want %q", got, c.want)
		}
	}
}

// The notice's id is its first request's, so a retried job is the same
// message; the text a visitor typed is escaped in the HTML part.
func TestNewRequestsNotice(t *testing.T) {
	r := store.QuoteRequest{ID: "r<1>", LoanType: "purchase", State: "UT", CreatedAt: time.Date(2026, 11, 24, 20, 5, 0, 0, time.UTC),
		CurrentMortgage: &store.CurrentMortgage{LoanProgram: ptr("<b>arm</b>")}}
	m, err := mail.NewRequests([]store.QuoteRequest{r}, "brokers@quotegrade.test", "https://quotegrade.example")
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
