package api

import (
	"quotegrade/internal/jsonfield"
)

// Submission is the contact form's payload (spec section 3).
type ContactSubmission struct {
	Name             jsonfield.String `json:"name"`
	Email            jsonfield.String `json:"email"`
	Phone            jsonfield.String `json:"phone"`
	Question         jsonfield.String `json:"question"`
	PreferredContact jsonfield.String `json:"preferredContact"`
	State            jsonfield.String `json:"state"`
	QuoteRequestID   jsonfield.String `json:"quoteRequestId"`
	// AboutQuote is the quote the question is about, as the visitor saw it
	// (lender and rate); null for no particular quote.
	AboutQuote jsonfield.String `json:"aboutQuote"`
	Kind       jsonfield.String `json:"kind"`
	// ContactConsent is the ticked box agreeing to calls and texts at Phone.
	ContactConsent jsonfield.Bool `json:"contactConsent"`
}

// CampaignVisit is the tracking payload of /c/{campaignId}.
type CampaignVisit struct {
	CampaignID jsonfield.String `json:"campaignId"`
	ResolvedTo jsonfield.String `json:"resolved_to"`
}
