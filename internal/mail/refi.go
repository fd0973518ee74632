package mail

import (
	"fmt"
	"net/url"

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
	// UnsubscribeToken stops every watch of the address; ManageToken opens
	// the manage page of the alert's watch.
	UnsubscribeToken, ManageToken string
	// Reason is the trigger and the figures that made it fire (refi.Reason).
	Reason string
}

type refiAlertView struct {
	store.RefiAlert
	Reason                                    string
	ResultsURL, UnsubscribePageURL, ManageURL string
}

// RefiAlert tells an owner that refinancing pays now, why, and where to
// change what triggers the alerts.
func RefiAlert(a store.RefiAlert, publicURL string, l RefiAlertLinks) (Message, error) {
	subject := fmt.Sprintf("Refinancing could save you $%.0f a month", a.MonthlySavings)
	m, err := Render("refi-alert-"+a.ID, a.Email, subject, "refi-alert", refiAlertView{RefiAlert: a, Reason: l.Reason,
		ResultsURL: ResultsURL(publicURL, a.QuoteRequestID), UnsubscribePageURL: RefiUnsubscribePageURL(publicURL, l.UnsubscribeToken),
		ManageURL: RefiManageURL(publicURL, l.ManageToken)})
	m.Unsubscribe = RefiUnsubscribeURL(publicURL, l.UnsubscribeToken)
	return m, err
}
