package quoterequest

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/comparison"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/store"
)

// QuoteSubmission is api.QuoteSubmission (internal/api).
type QuoteSubmission = api.QuoteSubmission

// Limits of the quotes a visitor compares (issue 29).
const (
	MaxPoints        = 10
	MaxLenderNameLen = 100
)

// Messages of the quotes and the horizon.
const (
	MsgQuotesList     = "Quotes must be a list of up to 4 quotes, each with a rate or an uploaded Loan Estimate"
	MsgTooManyQuotes  = "Please compare at most 4 quotes"
	MsgQuotesAndFirst = "Please send the first quote either in quotes or in brokerRate, brokerLenderFees, brokerMortgageInsurance and uploadedFileUrl, not both"
	MsgQuoteNeedsRate = "Please enter the interest rate or upload the Loan Estimate"
	MsgSameFile       = "Each quote needs its own file; this one is already used by another quote"
	MsgHorizon        = "How long you expect to keep the loan must be a whole number of months between 12 and 360"
)

// quotes reads the submission's quotes into the request: the first into
// the broker_* fields (where the spec's single-quote fields put it), the
// others into MoreQuotes. Without quotes the single-quote fields stand.
func quotes(f apperr.Fields, s Submission, r *store.QuoteRequest) {
	r.HorizonMonths = horizon(f, s.HorizonMonths)
	list := s.Quotes
	switch {
	case list.Invalid:
		f.Add("quotes", MsgQuotesList)
		return
	case len(list.Values) == 0:
		return
	case len(list.Values) > comparison.MaxQuotes:
		f.Add("quotes", MsgTooManyQuotes)
		return
	case s.BrokerRate.Present() || s.BrokerLenderFees.Present() || s.BrokerMortgageInsurance.Present() || s.UploadedFileURL.Value != nil:
		f.Add("quotes", MsgQuotesAndFirst)
		return
	}
	files := map[string]bool{}
	for i, q := range list.Values {
		v := quote(f, fmt.Sprintf("quotes[%d].", i), q)
		if k := v.UploadKey; k != nil {
			if files[*k] {
				f.Add(fmt.Sprintf("quotes[%d].uploadedFileUrl", i), MsgSameFile)
			}
			files[*k] = true
		}
		if i == 0 {
			r.BrokerRate, r.BrokerLenderFees, r.BrokerMortgageInsurance = v.Rate, v.LenderFees, v.MortgageInsurance
			r.BrokerLenderName, r.BrokerPoints, r.UserUploadedQuoteURL = v.LenderName, v.Points, v.UploadKey
			continue
		}
		r.MoreQuotes = append(r.MoreQuotes, v)
	}
}

// quote checks one quote as the first is checked; prefix names its fields.
func quote(f apperr.Fields, prefix string, q QuoteSubmission) store.VisitorQuote {
	var v store.VisitorQuote
	v.UploadKey = uploadedFile(f, prefix+"uploadedFileUrl", q.UploadedFileURL)
	v.Rate = rate(f, prefix+"rate", "Interest rate", q.Rate, false)
	if !q.Rate.Present() && !q.Rate.Invalid && v.UploadKey == nil && q.UploadedFileURL.Value == nil {
		f.Add(prefix+"rate", MsgQuoteNeedsRate)
	}
	v.LenderFees = fees(f, prefix+"lenderFees", "Lender fees", q.LenderFees)
	v.MortgageInsurance = insurance(f, prefix+"mortgageInsurance", "Mortgage insurance", q.MortgageInsurance, false)
	if given(f, prefix+"points", "Points", q.Points, false) {
		if p := *q.Points.Value; p < 0 || p > MaxPoints {
			f.Add(prefix+"points", fmt.Sprintf("Points must be between 0 and %d", MaxPoints))
		} else {
			v.Points = q.Points.Value
		}
	}
	switch n := q.LenderName; {
	case n.Invalid:
		f.Add(prefix+"lenderName", "Lender name must be text")
	case n.Value != nil && utf8.RuneCountInString(*n.Value) > MaxLenderNameLen:
		f.Add(prefix+"lenderName", fmt.Sprintf("Lender name must be at most %d characters", MaxLenderNameLen))
	default:
		v.LenderName = n.Value
	}
	return v
}

// uploadedFile checks an upload key's shape, as for the first quote.
func uploadedFile(f apperr.Fields, field string, v jsonfield.String) *string {
	if v.Invalid || (v.Value != nil && (!uploadKey.MatchString(*v.Value) || strings.Contains(*v.Value, ".."))) {
		f.Add(field, "The uploaded file could not be found; please upload it again")
		return nil
	}
	return v.Value
}

// horizon checks how long the visitor expects to keep the loan; absent is
// "not sure".
func horizon(f apperr.Fields, n jsonfield.Number) *int {
	if n.Invalid {
		f.Add("horizonMonths", MsgHorizon)
		return nil
	}
	if n.Value == nil {
		return nil
	}
	v := *n.Value
	if v != math.Trunc(v) || v < comparison.MinHorizonMonths || v > comparison.MaxHorizonMonths {
		f.Add("horizonMonths", MsgHorizon)
		return nil
	}
	m := int(v)
	return &m
}
