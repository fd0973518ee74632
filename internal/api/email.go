package api

import (
	"quotegrade/internal/jsonfield"
)

// BrokerEmail is the admin Send Email form (spec: POST /send-email).
type BrokerEmail struct {
	To         jsonfield.String `json:"to"`
	Subject    jsonfield.String `json:"subject"`
	ButtonLink jsonfield.String `json:"button_link"`
	ButtonText jsonfield.String `json:"button_text"`
	Message    jsonfield.String `json:"message"`
	State      jsonfield.String `json:"state"`
	// QuoteRequestID names the request the e-mail is about, when sent from
	// its page: the e-mail is kept with it (docs/records.md).
	QuoteRequestID jsonfield.String `json:"quote_request_id"`
	// Marketing marks an e-mail that is not about the visitor's own request
	// (offers, rate news): refused to an address that unsubscribed.
	Marketing jsonfield.Bool `json:"marketing"`
}

// LoanOfficerProfile is the signed-in broker's loan officer profile (GET and
// PUT /admin/profile): Officer is null until they set it, and until then
// they cannot save an analysis nor send an e-mail.
type LoanOfficerProfile struct {
	Email   string    `json:"email"`
	Officer *Reviewer `json:"officer"`
}

// LoanOfficerInput is the profile form: the name as licensed and the
// individual NMLS ID.
type LoanOfficerInput struct {
	Name string `json:"name"`
	NMLS string `json:"nmls"`
}
