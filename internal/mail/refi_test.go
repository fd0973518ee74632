package mail_test

import (
	"strings"
	"testing"
	"time"

	"quotegrade/internal/mail"
	"quotegrade/internal/store"
)

// The Refi Buddy alert is a template like every other e-mail: the figures,
// the results button and both unsubscribe links come out in both parts.
func TestRefiAlert(t *testing.T) {
	a := store.RefiAlert{ID: "a1", QuoteRequestID: "req-1", Email: "ann@example.com", MarketWeek: time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC),
		NewRate: 6.1, NewPayment: 1817.96, MonthlySavings: 125, ClosingCosts: 3950, BreakEvenMonths: 32}
	m, err := mail.RefiAlert(a, "https://quotegrade.example", mail.RefiAlertLinks{Token: "tok/en",
		Reason: "You asked for an alert when refinancing would save at least $100 a month: today it would save about $125 a month."})
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "refi-alert-a1" || m.To != "ann@example.com" || m.Subject != "Refinancing could save you $125 a month" ||
		m.Unsubscribe != "https://quotegrade.example/api/refi-buddy/unsubscribe?token=tok%2Fen" {
		t.Fatalf("message = %+v", m)
	}
	for _, want := range []string{
		"Market rates for your loan are at about 6.10% (weekly average, week of May 14, 2026: an average interest rate, not an APR, not an offer).",
		// Thousands separators in every amount (issue 25).
		"about $1,817.96 a month, saving you about $125 a month. With estimated closing costs of $3,950, it pays for itself after about 32 months.",
		"See your results: https://quotegrade.example/rate-results/?qr=req-1",
		"https://quotegrade.example/refi-buddy/unsubscribe?token=tok%2Fen",
		"You asked for an alert when refinancing would save at least $100 a month: today it would save about $125 a month.",
		"Change what triggers your alerts, or pause them: https://quotegrade.example/refi-buddy/manage?token=tok%2Fen",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, `href="https://quotegrade.example/rate-results/?qr=req-1"`) ||
		!strings.Contains(m.HTML, `href="https://quotegrade.example/refi-buddy/unsubscribe?token=tok%2Fen"`) ||
		!strings.Contains(m.HTML, `href="https://quotegrade.example/refi-buddy/manage?token=tok%2Fen"`) {
		t.Errorf("HTML part lacks the results button or the unsubscribe link:\n%s", m.HTML)
	}
}

func TestRefiConfirmation(t *testing.T) {
	m, err := mail.RefiConfirmation("ann@example.com", "https://quotegrade.example", "a+b", "c/d")
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Confirm your Refi Buddy alerts" || !strings.HasPrefix(m.ID, "refi-confirm-") ||
		!strings.Contains(m.Text, "Turn on Refi Buddy alerts: https://quotegrade.example/refi-buddy/confirm?token=a%2Bb") ||
		!strings.Contains(m.Text, "the request lapses after 7 days") ||
		!strings.Contains(m.Text, "choose what triggers an alert: https://quotegrade.example/refi-buddy/manage?token=c%2Fd") ||
		!strings.Contains(m.HTML, `href="https://quotegrade.example/refi-buddy/manage?token=c%2Fd"`) {
		t.Fatalf("confirmation = %+v", m)
	}
}
