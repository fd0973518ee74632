package mail

import (
	"fmt"
	"math"
	"net/url"
	"strings"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// SubjectRefiConfirm is the subject of Refi Buddy's confirmation e-mail.
const SubjectRefiConfirm = "Confirm your Refi Buddy alerts"

// RefiConfirmURL is the page a confirmation link opens.
func RefiConfirmURL(publicURL, token string) string {
	return publicURL + "/refi-buddy/confirm?token=" + url.QueryEscape(token)
}

// RefiUnsubscribeURL is the one-click unsubscribe of RFC 8058 (the
// List-Unsubscribe header); RefiUnsubscribePageURL is the page the alert's
// body links to, with a "Stop alerts" button.
func RefiUnsubscribeURL(publicURL, token string) string {
	return publicURL + "/api/refi-buddy/unsubscribe?token=" + url.QueryEscape(token)
}

// RefiUnsubscribePageURL: see RefiUnsubscribeURL.
func RefiUnsubscribePageURL(publicURL, token string) string {
	return publicURL + "/refi-buddy/unsubscribe?token=" + url.QueryEscape(token)
}

// RefiManageURL is the page where a homeowner sees their watch, sets its
// trigger, pauses, resumes or unsubscribes; every Refi Buddy e-mail links to it.
func RefiManageURL(publicURL, token string) string {
	return publicURL + "/refi-buddy/manage?token=" + url.QueryEscape(token)
}

// RefiConfirmation asks to before any alert whether they want Refi Buddy's
// alerts; token is the confirmation link's secret, manageToken the manage
// page's.
func RefiConfirmation(to, publicURL, token, manageToken string) (Message, error) {
	return Render("refi-confirm-"+vocab.NewID(), to, SubjectRefiConfirm, "refi-confirm",
		struct{ ConfirmURL, ManageURL string }{RefiConfirmURL(publicURL, token), RefiManageURL(publicURL, manageToken)})
}

// RefiAlertLinks are an alert's secrets and the sentence saying why it fired.
type RefiAlertLinks struct {
	// Token is the alert's secret: its unsubscribe link stops every watch of
	// the address, its manage link opens the page of the alert's watch.
	Token string
	// Reason is the trigger and the figures that made it fire (refi.Reason).
	Reason string
}

// refiAlertView carries the alert's figures already formatted: a Refi Buddy
// run renders tens of thousands of alerts, and printf and Format called
// from the templates (through reflection) were most of that time
// (docs/performance.md).
type refiAlertView struct {
	NewRate, NewPayment, MonthlySavings, ClosingCosts, MarketWeek string
	BreakEvenMonths                                               int
	// ReasonNamesRates: the reason names rates, so the alert says which
	// are averages (12 CFR 1026.24: no rate passes for an APR or an offer).
	ReasonNamesRates                                  bool
	Reason, ResultsURL, UnsubscribePageURL, ManageURL string
}

// RefiAlert tells an owner that refinancing pays now, why, and where to
// change what triggers the alerts.
func RefiAlert(a store.RefiAlert, publicURL string, l RefiAlertLinks) (Message, error) {
	subject := "Refinancing could save you $" + amount(a.MonthlySavings, 0) + " a month"
	m, err := Render("refi-alert-"+a.ID, a.Email, subject, "refi-alert", refiAlertView{
		NewRate: fmt.Sprintf("%.2f", a.NewRate), NewPayment: amount(a.NewPayment, 2),
		MonthlySavings: amount(a.MonthlySavings, 0), ClosingCosts: amount(a.ClosingCosts, 0),
		MarketWeek: a.MarketWeek.Format("January 2, 2006"), BreakEvenMonths: a.BreakEvenMonths,
		ResultsURL: ResultsURL(publicURL, a.QuoteRequestID), UnsubscribePageURL: RefiUnsubscribePageURL(publicURL, l.Token),
		Reason: l.Reason, ReasonNamesRates: strings.Contains(l.Reason, "%"), ManageURL: RefiManageURL(publicURL, l.Token)})
	m.Unsubscribe = RefiUnsubscribeURL(publicURL, l.Token)
	m.QuoteRequestID = a.QuoteRequestID
	return m, err
}

// amount is a dollar figure with thousands separators, in cents or (decimals
// 0) whole dollars, without the dollar sign the templates write ("2,242.40",
// not "2242.40": issue 25).
func amount(v float64, decimals int) string {
	if decimals == 0 {
		v = math.Round(v)
	}
	return strings.TrimPrefix(mortgage.Dollars(v), "$")
}
