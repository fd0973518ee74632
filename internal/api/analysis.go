package api

import (
	"encoding/json"
	"quotegrade/internal/jsonfield"
)

// Submission is the analysis editor's payload.
type AnalysisSubmission struct {
	Analysis struct {
		Grade           jsonfield.String  `json:"grade"`
		Pros            jsonfield.Strings `json:"pros"`
		Cons            jsonfield.Strings `json:"cons"`
		Recommendations jsonfield.Strings `json:"recommendations"`
		Notes           jsonfield.Strings `json:"notes"`
		Lender          jsonfield.String  `json:"lender"`
		// Mode is the editor's choice: "refinance" (a list of notes) or
		// "recommendation" (one overall recommendation); absent means the
		// request's default (RefinanceMode).
		Mode jsonfield.String `json:"mode"`
		// Answers are the broker's answers to the visitor's questions, in
		// their order; a blank answer keeps its place.
		Answers json.RawMessage `json:"answers"`
		// RecommendationReason says why the recommended quote is recommended.
		RecommendationReason jsonfield.String `json:"recommendationReason"`
		// QuoteVerdicts are the broker's verdict on each of the visitor's
		// quotes, in their order (issue 29); absent or empty for one quote.
		QuoteVerdicts jsonfield.List[QuoteVerdictRow] `json:"quoteVerdicts"`
	} `json:"analysis"`
	Quotes []QuoteRow `json:"quotes"`
}

// QuoteVerdictRow is the broker's verdict on one of the visitor's quotes.
type QuoteVerdictRow struct {
	Grade       jsonfield.String  `json:"grade"`
	Pros        jsonfield.Strings `json:"pros"`
	Cons        jsonfield.Strings `json:"cons"`
	Recommended jsonfield.Bool    `json:"recommended"`
}

// QuoteRow is one alternative quote in the editor.
type QuoteRow struct {
	Rate              jsonfield.Number `json:"rate"`
	LenderFees        jsonfield.Number `json:"lenderFees"`
	MortgageInsurance jsonfield.Number `json:"mortgageInsurance"`
	APR               jsonfield.Number `json:"apr"`
	IsRecommended     jsonfield.Bool   `json:"isRecommended"`
}

// PreviewSubmission is the editor's values as they stand: the analysis as
// Save takes it and, when the broker edited the visitor's quote, that quote
// as a submit would PATCH it first (absent: the request's own).
type AnalysisPreviewSubmission struct {
	AnalysisSubmission
	BrokerQuote *BrokerQuoteUpdate `json:"broker_quote"`
}
