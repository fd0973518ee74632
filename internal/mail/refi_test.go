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
	a := store.RefiAlert{ID: "a1", QuoteRequestID: "req-1", Email: "ann@example.com",
		RefiFigures: store.RefiFigures{MarketWeek: time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC), NewRate: 6.1,
			NewPayment: 1817.96, MonthlySavings: 125, ClosingCosts: 3950, BreakEvenMonths: 32}}
	m, err := mail.RefiAlert(a, "https://quotegrade.example", mail.RefiAlertLinks{Token: "tok/en",
		Reason: "You asked for an alert when refinancing would save at least $100 a month: today it would save about $125 a month.",
		Loans:  mail.RefiLoans{CurrentRate: 6.875, CurrentPayment: 1942.5, CurrentMonthsLeft: 322, NewProgram: "30-year-fixed", NewTermMonths: 360, NewAPR: ptr(6.1834)}})
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
	// Both loans' rate, APR and term, and the term starting again
	// (12 CFR 1026.24(d), issue 26), in both parts.
	for _, want := range []string{
		"Your loan today: 6.88%, the note rate you gave us (not an APR: we do not know your loan's APR), with principal and interest of about $1,942.50 a month " +
			"and about 26 years and 10 months of payments left (322 monthly payments, estimated from your balance, rate and payment).",
		"The new loan in this estimate: 6.10% (6.183% APR), a 30-year fixed loan of 360 monthly payments of about $1,817.96 in principal and interest, " +
			"with no down payment: it refinances your balance. The rate is the weekly market average above; the APR is estimated for it, " +
			"counting the estimated closing costs of $3,950 as finance charges. Taxes and insurance are not included.",
		"A new 30-year loan starts your term again: you would pay for 30 years from now, not the 26 years and 10 months you have left. " +
			"A lower payment spread over more years can cost more interest in all.",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Text)
		}
		if !strings.Contains(m.HTML, "<p>"+strings.ReplaceAll(want, "'", "&#39;")+"</p>") {
			t.Errorf("HTML part lacks %q:\n%s", want, m.HTML)
		}
	}
	if strings.Contains(m.Text, "may increase") {
		t.Errorf("a fixed-rate watch is said to be adjustable:\n%s", m.Text)
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

// An alert whose APR or months left are not known says so plainly, and a
// watched ARM says its rate may increase.
func TestRefiAlertWithoutAnAPROrMonthsLeft(t *testing.T) {
	a := store.RefiAlert{ID: "a2", Email: "ann@example.com",
		RefiFigures: store.RefiFigures{MarketWeek: time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC), NewRate: 5.5, NewPayment: 2451.25, ClosingCosts: 3950}}
	m, err := mail.RefiAlert(a, "https://x.example", mail.RefiAlertLinks{Token: "t", Reason: "Rates fell.",
		Loans: mail.RefiLoans{CurrentRate: 7, CurrentPayment: 1500, CurrentARM: true, NewProgram: "15-year-fixed", NewTermMonths: 180}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Your loan today: 7.00%, the note rate you gave us (not an APR: we do not know your loan's APR), with principal and interest of about $1,500 a month.",
		"Your loan today is an adjustable-rate mortgage: the rate may increase after the fixed period.",
		"The new loan in this estimate: a 15-year fixed loan at the market average above, 180 monthly payments of about $2,451.25 in principal and interest (its APR could not be estimated).",
		"A new 15-year loan starts your term again: you would pay for 15 years from now, however long is left on your loan today.",
	} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, strings.ReplaceAll(want, "'", "&#39;")) {
			t.Errorf("alert lacks %q:\n%s\n%s", want, m.Text, m.HTML)
		}
	}
}
