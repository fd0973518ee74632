package mail

import (
	"fmt"
	"math"
	"net/url"
	"strings"

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
	// Loans are both loans the alert compares (refi.Loans).
	Loans RefiLoans
}

// RefiLoans are the two loans an alert compares, each with its rate, APR
// and term (Regulation Z, 12 CFR 1026.24(d), issue 26); refi.Loans fills
// them. The homeowner's APR is never known: they give their note rate.
type RefiLoans struct {
	// CurrentRate and CurrentPayment are what the homeowner gave us: their
	// note rate and principal and interest a month.
	CurrentRate, CurrentPayment float64
	// CurrentMonthsLeft is the payments left on their loan, estimated from
	// its balance, rate and payment; 0 when that cannot be estimated.
	CurrentMonthsLeft int
	// CurrentARM: their loan is adjustable-rate.
	CurrentARM bool
	// NewProgram and NewTermMonths are the estimate's loan; NewAPR its APR
	// at the market rate with the estimated closing costs as prepaid
	// finance charges, nil when none describes it.
	NewProgram    vocab.Program
	NewTermMonths int
	NewAPR        *float64
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
	// Both loans, rate, APR and term (12 CFR 1026.24(d)): the paragraphs
	// on the loan today, the new loan, and the term starting again.
	CurrentLoan, NewLoan, TermRestarts string
	// RateMayIncrease: the watched loan is an ARM.
	RateMayIncrease string
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
		Reason: l.Reason, ReasonNamesRates: strings.Contains(l.Reason, "%"), ManageURL: RefiManageURL(publicURL, l.Token),
		CurrentLoan: currentLoan(l.Loans), NewLoan: newLoan(a, l.Loans), TermRestarts: termRestarts(l.Loans), RateMayIncrease: rateMayIncrease(l.Loans)})
	m.Unsubscribe = RefiUnsubscribeURL(publicURL, l.Token)
	m.QuoteRequestID = a.QuoteRequestID
	return m, err
}

// currentLoan is the paragraph on the homeowner's loan today: the rate they
// gave (their note rate, whose APR we do not know), their payment and the
// payments left.
func currentLoan(l RefiLoans) string {
	if l.CurrentRate <= 0 {
		return ""
	}
	s := fmt.Sprintf("Your loan today: %.2f%%, the note rate you gave us (not an APR: we do not know your loan's APR), "+
		"with principal and interest of about $%s a month", l.CurrentRate, amount(l.CurrentPayment, 2))
	if l.CurrentMonthsLeft > 0 {
		s += fmt.Sprintf(" and about %s of payments left (%d monthly payments, estimated from your balance, rate and payment)",
			duration(l.CurrentMonthsLeft), l.CurrentMonthsLeft)
	}
	return s + "."
}

// newLoan is the paragraph on the estimate's loan: its rate with its APR,
// its term and payments, and what the APR counts.
func newLoan(a store.RefiAlert, l RefiLoans) string {
	if l.NewTermMonths <= 0 {
		return ""
	}
	what := l.NewProgram.Label() + " loan"
	if l.NewAPR == nil {
		return fmt.Sprintf("The new loan in this estimate: a %s at the market average above, %d monthly payments of about $%s "+
			"in principal and interest (its APR could not be estimated).", what, l.NewTermMonths, amount(a.NewPayment, 2))
	}
	return fmt.Sprintf("The new loan in this estimate: %.2f%% (%s APR), a %s of %d monthly payments of about $%s in principal and interest, "+
		"with no down payment: it refinances your balance. The rate is the weekly market average above; the APR is estimated for it, "+
		"counting the estimated closing costs of $%s as finance charges. Taxes and insurance are not included.",
		a.NewRate, vocab.Percent(*l.NewAPR), what, l.NewTermMonths, amount(a.NewPayment, 2), amount(a.ClosingCosts, 0))
}

// termRestarts says that a new loan starts the term again, against the
// years the homeowner has left.
func termRestarts(l RefiLoans) string {
	if l.NewTermMonths <= 0 {
		return ""
	}
	years := duration(l.NewTermMonths)
	s := fmt.Sprintf("A new %s loan starts your term again: you would pay for %s from now", strings.Replace(years, " years", "-year", 1), years)
	switch {
	case l.CurrentMonthsLeft > 0 && l.NewTermMonths > l.CurrentMonthsLeft:
		return s + fmt.Sprintf(", not the %s you have left. A lower payment spread over more years can cost more interest in all.",
			duration(l.CurrentMonthsLeft))
	case l.CurrentMonthsLeft > 0:
		return s + fmt.Sprintf(", not the %s you have left.", duration(l.CurrentMonthsLeft))
	}
	return s + ", however long is left on your loan today."
}

// rateMayIncrease is said when the watched loan is adjustable-rate.
func rateMayIncrease(l RefiLoans) string {
	if !l.CurrentARM {
		return ""
	}
	return "Your loan today is an adjustable-rate mortgage: " + vocab.MsgRateMayIncrease + "."
}

// duration is a number of months in years and months: "30 years", "26
// years and 10 months", "1 year", "8 months".
func duration(months int) string {
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	y, m := months/12, months%12
	switch {
	case y == 0:
		return unit(m, "month")
	case m == 0:
		return unit(y, "year")
	}
	return unit(y, "year") + " and " + unit(m, "month")
}

// amount is a dollar figure with thousands separators, in cents or (decimals
// 0) whole dollars, without the dollar sign the templates write ("2,242.40",
// not "2242.40": issue 25).
func amount(v float64, decimals int) string {
	if decimals == 0 {
		v = math.Round(v)
	}
	return strings.TrimPrefix(vocab.Dollars(v), "$")
}
