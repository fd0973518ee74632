// Package contact holds visitors' questions for a mortgage professional,
// requests for updated rates, and visits through campaign links.
package contact

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/mail"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Service stores contact requests and campaign visits.
type Service struct {
	store       Store
	brokerEmail string
	publicURL   string
	// brokerage is the legal name the consent to calls and texts names.
	brokerage string
	log       *slog.Logger
	now       func() time.Time
}

// Store is where contact requests and campaign visits are kept (store.Store
// in production).
type Store interface {
	ListContactRequests(ctx context.Context, limit int) ([]store.ContactRequest, error)
	RecordCampaignVisit(ctx context.Context, v store.CampaignVisit) error
	MarkContactRequestAnswered(ctx context.Context, id, by string, at time.Time) error
	// InTx: a contact request and the brokers' e-mail about it are stored together.
	InTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// NewService returns a Service over st. Each new contact request is e-mailed
// to brokerEmail (when set), queued in the transaction that stores it.
func NewService(st Store, brokerEmail, publicURL string, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, brokerEmail: brokerEmail, publicURL: publicURL, brokerage: "this brokerage", log: log, now: now}
}

// WithBrokerage names the brokerage (the site file's legal name) in the
// consent a visitor gives to calls and texts.
func (s *Service) WithBrokerage(legalName string) *Service {
	s.brokerage = legalName
	return s
}

// ConsentText is the consent to calls and texts the contact form shows
// beside its checkbox (web/src/features/contact: consentText); the server
// stores these words with the request (TCPA, 47 CFR 64.1200, issue 26).
func ConsentText(brokerage, phone string) string { return vocab.ConsentText(brokerage, phone) }

// MsgContactConsent refuses a phone number given without consent to calls and texts.
const MsgContactConsent = "Please agree to be called or texted at this number, or leave the phone number out"

// Submission is api.ContactSubmission (internal/api).
type Submission = api.ContactSubmission

// Kinds of contact request: a question, or 'Request Updated Rates'.
const (
	KindQuestion    = "question"
	KindUpdateRates = "update_rates"
)

// contactPhone is the contact form's rule: 10 or more digits, spaces or dashes
// with an optional leading plus.
var contactPhone = regexp.MustCompile(`^\+?[\d\s-]{10,}$`)

const (
	maxName     = 200
	maxQuestion = 5000
	// maxAboutQuote holds a lender's name and a rate with its APR, with room to spare.
	maxAboutQuote = 200
)

// MsgAboutQuoteTooLong refuses a quote reference longer than maxAboutQuote.
const MsgAboutQuoteTooLong = "Please keep the quote this is about under 200 characters"

// Validate applies the contact form's rules (spec section 5).
func Validate(s Submission) (store.ContactRequest, error) {
	f := apperr.Fields{}
	c := store.ContactRequest{Kind: KindQuestion, State: "UT"}
	if v := s.Kind.Value; s.Kind.Invalid || (v != nil && *v != KindQuestion && *v != KindUpdateRates) {
		f.Add("kind", "Please choose question or update_rates")
	} else if v != nil {
		c.Kind = *v
	}
	switch {
	case s.Name.Invalid || s.Name.Value == nil:
		f.Add("name", "Name is required")
	case utf8.RuneCountInString(*s.Name.Value) > maxName:
		f.Add("name", "Please keep your name under 200 characters")
	default:
		c.Name = *s.Name.Value
	}
	if s.Email.Value == nil && s.Phone.Value == nil && !s.Email.Invalid && !s.Phone.Invalid {
		f.Add("email", "Please provide either email or phone number")
	}
	if v := s.Email.Value; s.Email.Invalid || (v != nil && !vocab.ValidEmail(*v)) {
		f.Add("email", vocab.MsgInvalidEmail)
	} else {
		c.Email = v
	}
	if v := s.Phone.Value; s.Phone.Invalid || (v != nil && !contactPhone.MatchString(*v)) {
		f.Add("phone", vocab.MsgInvalidPhone)
	} else {
		c.Phone = v
	}
	switch q := s.Question; {
	case q.Invalid || (q.Value == nil && c.Kind == KindQuestion):
		f.Add("question", "Please enter your question")
	case q.Value != nil && utf8.RuneCountInString(*q.Value) > maxQuestion:
		f.Add("question", "Please keep your question under 5000 characters")
	default:
		c.Question = q.Or("")
	}
	c.PreferredContact = preferredContact(f, s.PreferredContact, c)
	if v := s.State.Value; s.State.Invalid || (v != nil && !vocab.ValidState(*v)) {
		f.Add("state", "Please choose a US state")
	} else if v != nil {
		c.State = strings.ToUpper(*v)
	}
	if s.QuoteRequestID.Invalid {
		f.Add("quoteRequestId", "Quote request not found")
	}
	// No call or text without the visitor's consent: a phone number comes with the ticked box.
	if s.ContactConsent.Invalid || (c.Phone != nil && (s.ContactConsent.Value == nil || !*s.ContactConsent.Value)) {
		f.Add("contactConsent", MsgContactConsent)
	}
	c.QuoteRequestID = s.QuoteRequestID.Value
	switch v := s.AboutQuote.Value; {
	case s.AboutQuote.Invalid:
		f.Add("aboutQuote", "Please name the quote as text")
	case v != nil && utf8.RuneCountInString(*v) > maxAboutQuote:
		f.Add("aboutQuote", MsgAboutQuoteTooLong)
	case v != nil && strings.TrimSpace(*v) != "":
		about := strings.TrimSpace(*v)
		c.AboutQuote = &about
	}
	return c, f.Err("Please check the form")
}

// The preferred method must be one the visitor gave a detail for, so the
// broker never reads "Email: None, Prefers email" (issue 14, defect 5). The
// words are the contact modal's, which names its choices so.
const (
	MsgPreferredEmailMissing = "Please add your email, or choose Phone call or Text message"
	MsgPreferredPhoneMissing = "Please add your phone number, or choose Email"
)

// preferredContact defaults to whichever detail the visitor gave, and refuses
// a method whose detail is missing. With neither detail given the e-mail
// field already says so.
func preferredContact(f apperr.Fields, v jsonfield.String, c store.ContactRequest) string {
	if v.Invalid || (v.Value != nil && *v.Value != "email" && *v.Value != "phone" && *v.Value != "text") {
		f.Add("preferredContact", "Please choose email, phone or text")
		return ""
	}
	if v.Value != nil {
		given := c.Email != nil || c.Phone != nil
		switch {
		case given && *v.Value == "email" && c.Email == nil:
			f.Add("preferredContact", MsgPreferredEmailMissing)
		case given && *v.Value != "email" && c.Phone == nil:
			f.Add("preferredContact", MsgPreferredPhoneMissing)
		}
		return *v.Value
	}
	if c.Email == nil && c.Phone != nil {
		return "phone"
	}
	return "email"
}

// Submit validates and stores a contact request and returns its id; from is
// the client's address, kept with a consent to calls and texts.
func (s *Service) Submit(ctx context.Context, sub Submission, from string) (string, error) {
	c, err := Validate(sub)
	if err != nil {
		return "", err
	}
	c.ID, c.CreatedAt = vocab.NewID(), s.now().UTC()
	if c.Phone != nil {
		c.Consent = &store.ContactConsent{Text: ConsentText(s.brokerage, *c.Phone), At: c.CreatedAt, Address: from}
	}
	err = s.store.InTx(ctx, func(tx store.Tx) error {
		if err := tx.CreateContactRequest(ctx, c); err != nil {
			return err
		}
		return s.tellBrokers(ctx, tx, c)
	})
	if errors.Is(err, apperr.ErrNotFound) {
		return "", apperr.Fields{"quoteRequestId": "Quote request not found"}.Err("Please check the form")
	}
	if err != nil {
		return "", fmt.Errorf("submit contact request: %w", err)
	}
	return c.ID, nil
}

// tellBrokers queues the brokers' e-mail in tx, the transaction that stores
// the question: both are kept, or neither (and the visitor may send again).
func (s *Service) tellBrokers(ctx context.Context, tx store.Tx, c store.ContactRequest) error {
	if s.brokerEmail == "" {
		return nil
	}
	m, err := mail.NewContactRequest(c, s.brokerEmail, s.publicURL)
	if err != nil {
		return err
	}
	if c.QuoteRequestID != nil {
		m.QuoteRequestID = *c.QuoteRequestID
	}
	return tx.QueueEmails(ctx, m)
}

// CampaignVisit is api.CampaignVisit (internal/api).
type CampaignVisit = api.CampaignVisit

var campaignID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// TrackCampaign stores one visit. The destination must be a path on this site.
func (s *Service) TrackCampaign(ctx context.Context, v CampaignVisit) error {
	f := apperr.Fields{}
	if id := v.CampaignID.Value; v.CampaignID.Invalid || id == nil || !campaignID.MatchString(*id) {
		f.Add("campaignId", "Campaign id must be 1 to 64 letters, digits, dashes or underscores")
	}
	if to := v.ResolvedTo.Value; v.ResolvedTo.Invalid || to == nil || !strings.HasPrefix(*to, "/") ||
		strings.HasPrefix(*to, "//") || len(*to) > 200 {
		f.Add("resolved_to", "The destination must be a path on this site")
	}
	if err := f.Err("Please check the campaign visit"); err != nil {
		return err
	}
	err := s.store.RecordCampaignVisit(ctx, store.CampaignVisit{
		ID: vocab.NewID(), CampaignID: *v.CampaignID.Value, ResolvedTo: *v.ResolvedTo.Value, VisitedAt: s.now().UTC(),
	})
	if err != nil {
		return fmt.Errorf("track campaign: %w", err)
	}
	return nil
}

// MarkAnswered records that broker by answered contact request id, now.
func (s *Service) MarkAnswered(ctx context.Context, id, by string) error {
	return s.store.MarkContactRequestAnswered(ctx, id, by, s.now())
}

// List is the brokers' list of visitors' questions, newest first.
func (s *Service) List(ctx context.Context) ([]api.ContactRequest, error) {
	list, err := s.store.ListContactRequests(ctx, api.AdminListLimit)
	if err != nil {
		return nil, err
	}
	out := make([]api.ContactRequest, 0, len(list))
	for _, c := range list {
		out = append(out, api.ContactRequest{ID: c.ID, Kind: c.Kind, Name: c.Name, Email: c.Email, Phone: c.Phone, Question: c.Question,
			PreferredContact: c.PreferredContact, State: c.State, QuoteRequestID: c.QuoteRequestID, AboutQuote: c.AboutQuote, CreatedAt: c.CreatedAt,
			AnsweredAt: c.AnsweredAt, AnsweredBy: c.AnsweredBy, ContactConsent: consentAnswer(c.Consent)})
	}
	return out, nil
}

func consentAnswer(c *store.ContactConsent) *api.ContactConsent {
	if c == nil {
		return nil
	}
	return &api.ContactConsent{Text: c.Text, At: c.At, Address: c.Address}
}
