package analysis

import (
	"context"
	"errors"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/store"
)

// PreviewSubmission is api.AnalysisPreviewSubmission (internal/api).
type PreviewSubmission = api.AnalysisPreviewSubmission

// Preview is what would be stored if the submission were saved now: the
// request with the edited quote, and the analysis. Its figures are computed
// by internal/results, as for any stored request and analysis.
type Preview struct {
	Request  store.QuoteRequest
	Analysis store.Analysis
}

// Preview validates sub with Save's rules and messages and returns what
// would be stored. It writes nothing: no analysis, no quotes, no e-mail,
// no change to the visitor's quote.
func (s *Service) Preview(ctx context.Context, requestID string, sub PreviewSubmission) (Preview, error) {
	r, err := s.editable(ctx, requestID)
	if err != nil {
		return Preview{}, err
	}
	f := apperr.Fields{}
	if sub.BrokerQuote != nil {
		q, err := quoterequest.ValidateBrokerQuote(*sub.BrokerQuote)
		if addFields(f, "broker_quote.", err) {
			r.BrokerRate, r.BrokerLenderFees, r.BrokerMortgageInsurance = q.Rate, q.LenderFees, q.MortgageInsurance
		}
	}
	// The edited quote decides whether pros, cons and grade apply, as it
	// would once PATCHed before the submit.
	a, err := Validate(sub.AnalysisSubmission, r, s.figures.LenderIDs())
	if addFields(f, "", err) {
		for k, msg := range CheckAPRs(r, a.Quotes) {
			f.Add(k, msg)
		}
		for k, msg := range s.reasonGiven(r, a) {
			f.Add(k, msg)
		}
	}
	if err := f.Err(MsgInvalid); err != nil {
		return Preview{}, err
	}
	s.stamp(ctx, s.store, &a)
	return Preview{Request: r, Analysis: a}, nil
}

// addFields copies a validation error's field messages into f under prefix;
// it reports whether err was nil.
func addFields(f apperr.Fields, prefix string, err error) bool {
	var invalid *apperr.Invalid
	if errors.As(err, &invalid) {
		for k, msg := range invalid.Fields {
			f.Add(prefix+k, msg)
		}
	}
	return err == nil
}
