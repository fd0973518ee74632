package mail

import (
	"fmt"
	"net/url"
	"time"
)

// AdminRequestURL is the broker's page of one quote request (the analysis editor).
func AdminRequestURL(publicURL, requestID string) string {
	return publicURL + "/admin/analysis/" + url.PathEscape(requestID)
}

// newRequestLine is one request in the new-requests notice: the scenario and
// the link to it, never the visitor's contact details (the admin page has them).
type newRequestLine struct {
	Summary  string
	Received string
	Link     string
	// CallsAndTexts says whether the visitor agreed to be called or texted,
	// and when (TCPA, issue 26).
	CallsAndTexts string
}

type newRequestsView struct {
	Requests     []newRequestLine
	DashboardURL string
}

// NewRequestsSubject names how many requests a notice lists.
func NewRequestsSubject(n int) string {
	if n == 1 {
		return "1 new quote request waiting for analysis"
	}
	return fmt.Sprintf("%d new quote requests waiting for analysis", n)
}

// NewRequest is one request as the new-requests notice names it: its id,
// its scenario in a few words (never the visitor's contact details: the
// admin page has them) and when it arrived.
type NewRequest struct {
	ID        string
	Summary   string
	CreatedAt time.Time
	// ConsentAt is when the visitor agreed to be called or texted at their
	// number (the request's contactConsent, TCPA); nil when they did not,
	// and then a broker may not call or text them.
	ConsentAt *time.Time
}

// CallsAndTextsLine tells a broker whether they may call or text the
// visitor of a request, and since when; the number and the words agreed to
// are on the request's page, not in an e-mail.
func CallsAndTextsLine(consentAt *time.Time) string {
	if consentAt == nil {
		return "Calls and texts: no consent given. Do not call or text this visitor; reply by e-mail."
	}
	return "Calls and texts: the visitor agreed on " + consentAt.UTC().Format("Jan 2, 2006 15:04 MST") +
		" to be called or texted at their number (the words they agreed to are on the request's page)."
}

// NewRequests tells the broker address about quote requests waiting for an
// analysis (reqs, oldest first, at least one). Its id is the first request's,
// which is in no other notice, so a retry is recognised as the same message.
func NewRequests(reqs []NewRequest, brokerEmail, publicURL string) (Message, error) {
	if len(reqs) == 0 {
		return Message{}, fmt.Errorf("a new-requests notice needs a request")
	}
	v := newRequestsView{DashboardURL: publicURL + "/admin"}
	for _, r := range reqs {
		v.Requests = append(v.Requests, newRequestLine{Summary: r.Summary,
			Received: r.CreatedAt.UTC().Format("Jan 2, 15:04 MST"), Link: AdminRequestURL(publicURL, r.ID),
			CallsAndTexts: CallsAndTextsLine(r.ConsentAt)})
	}
	return Render("new-requests-"+reqs[0].ID, brokerEmail, NewRequestsSubject(len(reqs)), "new-requests", v)
}

type staleRatesView struct {
	Week         string
	AgeDays      int
	DashboardURL string
}

// StaleRatesSubject says how old the market data is.
func StaleRatesSubject(ageDays int) string {
	return fmt.Sprintf("Market data is %d days old", ageDays)
}

// StaleRates tells the broker address that the newest market figure, of the
// survey week week, is ageDays old. One per week: the id names it.
func StaleRates(week time.Time, ageDays int, brokerEmail, publicURL string) (Message, error) {
	return Render("stale-rates-"+week.Format(time.DateOnly), brokerEmail, StaleRatesSubject(ageDays), "stale-rates",
		staleRatesView{Week: week.Format("January 2, 2006"), AgeDays: ageDays, DashboardURL: publicURL + "/admin"})
}
