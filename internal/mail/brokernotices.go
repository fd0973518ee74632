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
			Received: r.CreatedAt.UTC().Format("Jan 2, 15:04 MST"), Link: AdminRequestURL(publicURL, r.ID)})
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
