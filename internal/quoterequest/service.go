// Package quoterequest holds the rules of a visitor's quote request: what a
// valid submission is, how contact details and the lender's quote may change,
// and recording that an analysis was viewed. It knows nothing of HTTP or SQL.
package quoterequest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Service is the visitor-facing side of quote requests.
type Service struct {
	store   Store
	uploads UploadChecker
	signUps SignUps
	now     func() time.Time
	// brokerage is the legal name the consent to calls and texts names.
	brokerage string
}

// SignUps is told of every new request, and of a new e-mail address on one,
// inside the transaction that stores it (refi.Service: Refi Buddy's confirmation e-mail is queued in it, so a
// request and its e-mail are stored together or not at all).
type SignUps interface {
	SignUp(ctx context.Context, tx store.Tx, r store.QuoteRequest) error
}

// Store is what the service keeps requests in (store.Store in production).
type Store interface {
	GetQuoteRequest(ctx context.Context, id string) (store.QuoteRequest, error)
	GetQuoteRequestForResults(ctx context.Context, id string) (store.QuoteRequest, bool, store.RequestStamp, error)
	QuoteRequestStamp(ctx context.Context, id string) (store.RequestStamp, error)
	Commits() (n uint64, sole bool)
	UpdateBrokerQuote(ctx context.Context, id string, q store.BrokerQuote, onlyIfNotAnalysed bool) error
	GetAnalysisByQuoteRequest(ctx context.Context, quoteRequestID string) (store.Analysis, error)
	RecordAnalysisView(ctx context.Context, v store.AnalysisView) error
	// DeletedRequest tells a deleted request (410) from one never made (404).
	DeletedRequest(ctx context.Context, quoteRequestID string) (store.DeletedRequest, error)
	// InTx: a new request, or a changed address, and the Refi Buddy
	// confirmation it causes are stored together.
	InTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// WithSignUps makes s tell u of every new request.
func (s *Service) WithSignUps(u SignUps) *Service {
	s.signUps = u
	return s
}

// UploadChecker verifies an uploaded quote file before a request names it.
type UploadChecker interface {
	Attachable(ctx context.Context, key string) error
}

// TermsReader reads an uploaded Loan Estimate's terms (upload.Service).
type TermsReader interface {
	LoanEstimateTerms(ctx context.Context, key string) (store.QuoteTerms, error)
}

// NewService returns a Service over st; now is the clock (time.Now in production).
func NewService(st Store, uploads UploadChecker, now func() time.Time) *Service {
	return &Service{store: st, uploads: uploads, now: now, brokerage: "this brokerage"}
}

// WithBrokerage names the brokerage (the site file's legal name) in the
// consent a visitor gives to calls and texts.
func (s *Service) WithBrokerage(legalName string) *Service {
	s.brokerage = legalName
	return s
}

var errExampleReadOnly = apperr.Forbidden("The example quote request cannot be changed")

// Submit validates and stores a submission and returns the new request's id.
func (s *Service) Submit(ctx context.Context, sub Submission) (string, error) {
	r, err := ValidateSubmission(sub)
	if err != nil {
		return "", err
	}
	first := "uploadedFileUrl"
	if len(sub.Quotes.Values) > 0 {
		first = "quotes[0].uploadedFileUrl"
	}
	if err := s.checkUpload(ctx, first, r.UserUploadedQuoteURL); err != nil {
		return "", err
	}
	for i, q := range r.MoreQuotes {
		if err := s.checkUpload(ctx, fmt.Sprintf("quotes[%d].uploadedFileUrl", i+1), q.UploadKey); err != nil {
			return "", err
		}
	}
	r.BrokerTerms = s.terms(ctx, r.UserUploadedQuoteURL)
	for i := range r.MoreQuotes {
		r.MoreQuotes[i].Terms = s.terms(ctx, r.MoreQuotes[i].UploadKey)
	}
	r.ID, r.CreatedAt = vocab.NewID(), s.now().UTC()
	err = s.store.InTx(ctx, func(tx store.Tx) error {
		if err := tx.CreateQuoteRequest(ctx, r); err != nil {
			return err
		}
		if s.signUps == nil {
			return nil
		}
		return s.signUps.SignUp(ctx, tx, r)
	})
	if errors.Is(err, store.ErrUploadAttached) {
		return "", ErrUploadAttached
	}
	if err != nil {
		return "", fmt.Errorf("submit quote request: %w", err)
	}
	return r.ID, nil
}

// checkUpload turns a file that is missing, already used or failed its
// checks into a message on the upload field.
func (s *Service) checkUpload(ctx context.Context, field string, key *string) error {
	if key == nil {
		return nil
	}
	err := s.uploads.Attachable(ctx, *key)
	var invalid *apperr.Invalid
	var msg *apperr.Message
	switch {
	case err == nil:
		return nil
	case errors.As(err, &invalid):
		return apperr.Fields{field: invalid.Message}.Err(MsgSubmissionFailed)
	case errors.As(err, &msg) && errors.Is(err, apperr.ErrNotFound):
		return apperr.Fields{field: msg.Text}.Err(MsgSubmissionFailed)
	}
	return err
}

// terms are what the uploaded Loan Estimate key says of the rate lock and a
// prepayment penalty, so the comparison names where the quotes' terms differ
// for every quote, not only the one the wizard showed. They are read again
// here, not taken from the browser: the wizard only shows them. A file that
// cannot be read now (busy readers, no Loan Estimate) leaves them unknown,
// which the comparison says; it never fails the submission.
func (s *Service) terms(ctx context.Context, key *string) store.QuoteTerms {
	reader, ok := s.uploads.(TermsReader)
	if key == nil || !ok {
		return store.QuoteTerms{}
	}
	t, err := reader.LoanEstimateTerms(ctx, *key)
	if err != nil {
		return store.QuoteTerms{}
	}
	return t
}

// Get returns one quote request with its quotes.
func (s *Service) Get(ctx context.Context, id string) (store.QuoteRequest, error) {
	r, err := s.store.GetQuoteRequest(ctx, id)
	return r, s.missing(ctx, id, err)
}

// GetForResults returns a request and whether a broker has analysed it, so
// that the results page asks for the analysis only once there is one: a
// pending analysis is a normal state, not a 404 (issue 14, defect 13).
func (s *Service) GetForResults(ctx context.Context, id string) (store.QuoteRequest, bool, store.RequestStamp, error) {
	r, analysed, stamp, err := s.store.GetQuoteRequestForResults(ctx, id)
	return r, analysed, stamp, s.missing(ctx, id, err)
}

// Stamp reads only a request's stamp (store.RequestStamp): whether the
// results page's kept answer is still true.
func (s *Service) Stamp(ctx context.Context, id string) (store.RequestStamp, error) {
	stamp, err := s.store.QuoteRequestStamp(ctx, id)
	return stamp, s.missing(ctx, id, err)
}

// Commits is the store's count of its commits, and whether it is the
// database's only server (store.Store.Commits).
func (s *Service) Commits() (uint64, bool) { return s.store.Commits() }

// Analysis returns the broker's analysis of a request; vocab.ErrAnalysisNotFound until
// one is written, and vocab.ErrRequestNotFound for an unknown request.
func (s *Service) Analysis(ctx context.Context, requestID string) (store.Analysis, error) {
	a, err := s.store.GetAnalysisByQuoteRequest(ctx, requestID)
	if !errors.Is(err, apperr.ErrNotFound) {
		return a, err
	}
	if _, err := s.Get(ctx, requestID); err != nil {
		return a, err
	}
	return a, vocab.ErrAnalysisNotFound
}

// Viewed is api.AnalysisViewed (internal/api).
type Viewed = api.AnalysisViewed

// RecordView notes that an analysis was opened, by whom when signed in.
func (s *Service) RecordView(ctx context.Context, analysisID string, viewer *string) error {
	err := s.store.RecordAnalysisView(ctx, store.AnalysisView{
		ID: vocab.NewID(), AnalysisID: analysisID, ViewedBy: viewer, ViewedAt: s.now().UTC(),
	})
	return notFoundAs(err, vocab.ErrAnalysisNotFound)
}

// ContactInfoUpdate is api.ContactInfoUpdate (internal/api).
type ContactInfoUpdate = api.ContactInfoUpdate

// masked reports a value as the visitor's answer shows it (j•••@example.com,
// docs/records.md): sent back, it would replace the real address with its mask.
func masked(v string) bool { return strings.Contains(v, "•") }

// ValidateContactInfo applies the notify form's rules (spec section 5): the chosen method's
// detail is required, and whatever is given must be well formed. No method at
// all is allowed, as in the browser.
func ValidateContactInfo(u ContactInfoUpdate) (store.ContactInfo, error) {
	f := apperr.Fields{}
	c := store.ContactInfo{
		PreferredContactMethod: choice(f, "preferredContactMethod", u.PreferredContactMethod, ContactMethods, false, "Please choose email, text or phone"),
	}
	method := ""
	if c.PreferredContactMethod != nil {
		method = *c.PreferredContactMethod
	}
	switch {
	case u.Email.Invalid:
		f.Add("email", vocab.MsgInvalidEmail)
	case u.Email.Value == nil && method == "email":
		f.Add("email", vocab.MsgEmailRequired)
	case u.Email.Value != nil && (!vocab.ValidEmail(*u.Email.Value) || masked(*u.Email.Value)):
		f.Add("email", vocab.MsgInvalidEmail)
	default:
		c.Email = u.Email.Value
	}
	switch {
	case u.Phone.Invalid:
		f.Add("phone", vocab.MsgInvalidPhone)
	case u.Phone.Value == nil && (method == "phone" || method == "text"):
		f.Add("phone", MsgPhoneRequired)
	case u.Phone.Value != nil:
		if phone, ok := NormalizeNotifyPhone(*u.Phone.Value); ok {
			c.Phone = &phone
		} else {
			f.Add("phone", vocab.MsgInvalidPhone)
		}
	}
	// No call or text without the visitor's consent (TCPA, issue 26 section 3):
	// a phone number kept for a text or a call (or with no method chosen)
	// comes with the ticked box. An e-mail choice needs none; a missing or
	// malformed number is told first.
	if u.ContactConsent.Invalid || (reachedByPhone(c) && (u.ContactConsent.Value == nil || !*u.ContactConsent.Value)) {
		f.Add("contactConsent", MsgContactConsent)
	}
	return c, f.Err("Please check your contact details")
}

// reachedByPhone reports whether c keeps a phone number the broker would
// call or text: one given with any choice but e-mail.
func reachedByPhone(c store.ContactInfo) bool {
	return c.Phone != nil && (c.PreferredContactMethod == nil || *c.PreferredContactMethod != "email")
}

// MsgContactConsent refuses a text or a call asked for without consent.
const MsgContactConsent = "Please agree to be called or texted at this number, or choose Email"

// consent is the record of the visitor's agreement to calls and texts, when
// the update asks for them: the words are built here from the brokerage's
// legal name and the number as the visitor typed it (the checkbox showed that
// number, trimmed, before the server normalised it), never taken from the
// client; from is the client's address.
func (s *Service) consent(u ContactInfoUpdate, c store.ContactInfo, from string) *store.ContactConsent {
	if !reachedByPhone(c) {
		return nil
	}
	typed := strings.TrimSpace(*u.Phone.Value)
	return &store.ContactConsent{Text: vocab.ConsentText(s.brokerage, typed), At: s.now().UTC(), Address: from}
}

// UpdateContactInfo saves how the visitor wants to be told the analysis is ready.
// from is the client's address, kept with a consent to calls and texts.
func (s *Service) UpdateContactInfo(ctx context.Context, id string, u ContactInfoUpdate, from string) (store.ContactInfo, error) {
	c, err := ValidateContactInfo(u)
	if err != nil {
		return c, err
	}
	c.Consent = s.consent(u, c, from)
	if err := s.refuseExample(ctx, id); err != nil {
		return c, err
	}
	// An e-mail given now can make the request a Refi Buddy watch: its
	// confirmation is queued with the change, as for a new request.
	err = s.store.InTx(ctx, func(tx store.Tx) error {
		if err := tx.UpdateContactInfo(ctx, id, c); err != nil {
			return err
		}
		if s.signUps == nil || c.Email == nil {
			return nil
		}
		r, err := tx.GetQuoteRequest(ctx, id)
		if err != nil {
			return err
		}
		return s.signUps.SignUp(ctx, tx, r)
	})
	return c, notFoundAs(err, vocab.ErrRequestNotFound)
}

// BrokerQuoteUpdate is api.BrokerQuoteUpdate (internal/api).
type BrokerQuoteUpdate = api.BrokerQuoteUpdate

// ValidateBrokerQuote checks the figures.
func ValidateBrokerQuote(u BrokerQuoteUpdate) (store.BrokerQuote, error) {
	f := apperr.Fields{}
	q := store.BrokerQuote{
		Rate:              rate(f, "broker_rate", "Interest rate", u.Rate, false),
		LenderFees:        fees(f, "broker_lender_fees", "Lender fees", u.LenderFees),
		MortgageInsurance: insurance(f, "broker_mortgage_insurance", "Mortgage insurance", u.MortgageInsurance, false),
	}
	return q, f.Err("Please check the quote")
}

// UpdateBrokerQuote lets the visitor correct their quote until a broker has
// analysed it; after that the analysis would no longer match what it graded.
func (s *Service) UpdateBrokerQuote(ctx context.Context, id string, u BrokerQuoteUpdate) (store.QuoteRequest, error) {
	return s.setBrokerQuote(ctx, id, u, true)
}

// CorrectBrokerQuote is a broker's edit of the visitor's quote from the
// analysis editor; unlike the visitor, a broker may change it after analysing.
func (s *Service) CorrectBrokerQuote(ctx context.Context, id string, u BrokerQuoteUpdate) (store.QuoteRequest, error) {
	return s.setBrokerQuote(ctx, id, u, false)
}

func (s *Service) setBrokerQuote(ctx context.Context, id string, u BrokerQuoteUpdate, onlyIfNotAnalysed bool) (store.QuoteRequest, error) {
	q, err := ValidateBrokerQuote(u)
	if err != nil {
		return store.QuoteRequest{}, err
	}
	if err := s.refuseExample(ctx, id); err != nil {
		return store.QuoteRequest{}, err
	}
	err = s.store.UpdateBrokerQuote(ctx, id, q, onlyIfNotAnalysed)
	if errors.Is(err, apperr.ErrConflict) {
		return store.QuoteRequest{}, apperr.Conflict("This quote has already been analyzed and can no longer be changed")
	}
	if err != nil {
		return store.QuoteRequest{}, notFoundAs(err, vocab.ErrRequestNotFound)
	}
	return s.Get(ctx, id)
}

func (s *Service) refuseExample(ctx context.Context, id string) error {
	r, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if r.IsExample {
		return errExampleReadOnly
	}
	return nil
}

// ErrRequestDeleted answers a request that was deleted (410).
var ErrRequestDeleted = apperr.Gone("This request was deleted")

// missing names a store's not-found for the visitor: a request deleted on
// purpose is gone (410), any other was never here (404).
func (s *Service) missing(ctx context.Context, id string, err error) error {
	if !errors.Is(err, apperr.ErrNotFound) {
		return err
	}
	if _, derr := s.store.DeletedRequest(ctx, id); derr == nil {
		return ErrRequestDeleted
	} else if !errors.Is(derr, apperr.ErrNotFound) {
		return derr
	}
	return vocab.ErrRequestNotFound
}

// notFoundAs replaces a store's not-found with the visitor-facing error.
func notFoundAs(err, visible error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return visible
	}
	return err
}

// ErrUploadAttached: another submit attached the same file first (409).
var ErrUploadAttached = apperr.Conflict("This uploaded file is already attached to another quote request; please upload it again")
