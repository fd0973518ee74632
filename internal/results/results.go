// Package results is quotegrade's read side: it answers a quote request with
// its figures and instant grade, an analysis with its figures, the analysis
// editor's preview and the dashboard's list of requests, in the shapes of
// shapes.go. The
// HTTP layer calls it and encodes what it returns; it never reads the store
// or computes a figure itself.
//
// Figures depend only on the request, its analysis, the market data and the
// day (a market figure's age). They are cached under those versions, and the
// versions make the answer's ETag, so an unchanged answer is a 304.
package results

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"quotegrade/internal/analysis"
	"quotegrade/internal/api"
	"quotegrade/internal/figures"
	"quotegrade/internal/mail"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
)

// Reader is what results reads from the store directly (the dashboard's
// list of requests with their figures, and a ping); one record at a time it
// goes through the domain services, which name a missing record in the
// product's words. The other admin lists, and the uploads' answers, come
// from the services that own them (contact, mail, analysis, refi, rates,
// auth, upload), not through results.
type Reader interface {
	Ping(ctx context.Context) error
	GetQuoteRequest(ctx context.Context, id string) (store.QuoteRequest, error)
	ListQuoteRequests(ctx context.Context, analysed bool, limit int) ([]store.QuoteRequest, error)
	VisitorViews(ctx context.Context, quoteRequestIDs []string) (map[string]store.VisitorViews, error)
}

// Deps are the services results reads through.
type Deps struct {
	Store    Reader
	Quotes   *quoterequest.Service
	Analyses *analysis.Service
	Figures  *figures.Service
	Rates    *rates.Service
	// PublicURL is the site's address as browsers see it (links in e-mails).
	PublicURL string
	// Version is the running build, for the health answer.
	Version string
	// Now is the clock: a market figure's age is counted in its days.
	Now func() time.Time
	Log *slog.Logger
}

// Service answers the API's reads.
type Service struct {
	Deps
	cache *figureCache
}

// NewService returns the read side over d.
func NewService(d Deps) (*Service, error) {
	c, err := newFigureCache(cacheSize)
	if err != nil {
		return nil, fmt.Errorf("figure cache: %w", err)
	}
	return &Service{Deps: d, cache: c}, nil
}

// AdminListLimit bounds the dashboard tables; a broker works the newest first.
const AdminListLimit = api.AdminListLimit

// Answer is api.Answer (internal/api).
type Answer[T any] = api.Answer[T]

// QuoteRequest is the results page's read: a request, its figures and
// whether a broker has analysed it. The last answer of each request is kept
// with the stamp it was read at; while the market data and the day are the
// same, one read of the stamp (store.RequestStamp, bumped by the database on
// every write the answer shows) decides whether it is still true, instead
// of reading the whole request again (decision 0028). On a database this
// server alone serves, nothing it has not committed can change the answer,
// so while its commit count is the same it answers without asking the
// database at all, for at most othersWrites (decision 0029).
func (s *Service) QuoteRequest(ctx context.Context, id string) (Answer[api.QuoteRequest], error) {
	m, err := s.Rates.Markets(ctx)
	if err != nil {
		return Answer[api.QuoteRequest]{}, err
	}
	now := s.Now()
	market, day := m.Version(), dayOf(now)
	// Counted before reading: a write committed after this read moves the
	// count past the one kept with what was read.
	commits, sole := s.Quotes.Commits()
	if kept, ok := s.cache.answers.Get(id); ok && kept.market == market && kept.day == day {
		if sole && kept.commits == commits && now.Sub(kept.checked) < othersWrites {
			return kept.answer, nil
		}
		stamp, err := s.Quotes.Stamp(ctx, id)
		if err != nil {
			return Answer[api.QuoteRequest]{}, err
		}
		if stamp == kept.stamp {
			kept.commits, kept.checked = commits, now
			s.cache.answers.Add(id, kept)
			return kept.answer, nil
		}
	}
	r, analysed, stamp, err := s.Quotes.GetForResults(ctx, id)
	if err != nil {
		return Answer[api.QuoteRequest]{}, err
	}
	v := s.requestVersion(r, m)
	out := maskedContact(quoteRequestOf(r, s.requestFigures(r, m, v)))
	out.Analyzed = &analysed
	answer := Answer[api.QuoteRequest]{Body: out, ETag: etag(v, fmt.Sprint(analysed))}
	s.cache.answers.Add(id, keptAnswer{stamp: stamp, market: market, day: day, commits: commits, checked: now, answer: answer})
	return answer, nil
}

// Analysis is the visitor's read of their request's analysis.
func (s *Service) Analysis(ctx context.Context, requestID string) (Answer[api.Analysis], error) {
	a, err := s.Quotes.Analysis(ctx, requestID)
	if err != nil {
		return Answer[api.Analysis]{}, err
	}
	return s.analysisAnswer(ctx, a)
}

// AdminAnalysis is the broker's read of a request's analysis.
func (s *Service) AdminAnalysis(ctx context.Context, requestID string) (api.Analysis, error) {
	a, err := s.Analyses.ForRequest(ctx, requestID)
	if err != nil {
		return api.Analysis{}, err
	}
	out, err := s.analysisAnswer(ctx, a)
	return out.Body, err
}

// SaveAnalysis saves a broker's analysis, reviewed by the broker signed in as
// reviewerEmail (analysis.Service does the write and queues the notice), and
// answers it with its figures.
func (s *Service) SaveAnalysis(ctx context.Context, requestID, reviewerEmail string, sub analysis.Submission) (api.Analysis, error) {
	a, err := s.Analyses.Save(ctx, requestID, reviewerEmail, sub)
	if err != nil {
		return api.Analysis{}, err
	}
	out, err := s.analysisAnswer(ctx, a)
	return out.Body, err
}

func (s *Service) analysisAnswer(ctx context.Context, a store.Analysis) (Answer[api.Analysis], error) {
	r, err := s.Store.GetQuoteRequest(ctx, a.QuoteRequestID)
	if err != nil {
		return Answer[api.Analysis]{}, fmt.Errorf("request of an analysis: %w", err)
	}
	v := s.analysisVersion(r, a)
	return Answer[api.Analysis]{Body: analysisOf(a, s.analysisFigures(r, a, v)), ETag: etag(v)}, nil
}

// UpdateBrokerQuote records the visitor's own quote and answers the request
// with its new figures.
func (s *Service) UpdateBrokerQuote(ctx context.Context, id string, u quoterequest.BrokerQuoteUpdate) (api.QuoteRequest, error) {
	r, err := s.Quotes.UpdateBrokerQuote(ctx, id, u)
	if err != nil {
		return api.QuoteRequest{}, err
	}
	out, err := s.withFigures(ctx, r)
	return maskedContact(out), err
}

// AdminQuoteRequest is the broker's read of a request: the results page's
// answer with the full e-mail and phone, never kept (each read is audited),
// and whether the visitor has viewed the analysis, as the dashboard says.
func (s *Service) AdminQuoteRequest(ctx context.Context, id string) (api.QuoteRequest, error) {
	r, analysed, _, err := s.Quotes.GetForResults(ctx, id)
	if err != nil {
		return api.QuoteRequest{}, err
	}
	out, err := s.withFigures(ctx, r)
	if err != nil {
		return out, err
	}
	out.Analyzed = &analysed
	views, err := s.Store.VisitorViews(ctx, []string{r.ID})
	if err != nil {
		return out, err
	}
	out.VisitorViews = visitorViewsOf(views[r.ID])
	return out, nil
}

// UpdateContactInfo is the notify-me form: quoterequest writes how the
// visitor asked to be told, and the answer is what was stored.
// from is the client's address, kept with a consent to calls and texts.
func (s *Service) UpdateContactInfo(ctx context.Context, id string, u quoterequest.ContactInfoUpdate, from string) (api.ContactInfo, error) {
	c, err := s.Quotes.UpdateContactInfo(ctx, id, u, from)
	if err != nil {
		return api.ContactInfo{}, err
	}
	return api.ContactInfo{Email: c.Email, Phone: c.Phone, PreferredContactMethod: c.PreferredContactMethod}, nil
}

// CorrectBrokerQuote is a broker's correction of the visitor's quote.
func (s *Service) CorrectBrokerQuote(ctx context.Context, id string, u quoterequest.BrokerQuoteUpdate) (api.QuoteRequest, error) {
	r, err := s.Quotes.CorrectBrokerQuote(ctx, id, u)
	if err != nil {
		return api.QuoteRequest{}, err
	}
	return s.withFigures(ctx, r)
}

func (s *Service) withFigures(ctx context.Context, r store.QuoteRequest) (api.QuoteRequest, error) {
	m, err := s.Rates.Markets(ctx)
	if err != nil {
		return api.QuoteRequest{}, err
	}
	return quoteRequestOf(r, s.requestFigures(r, m, s.requestVersion(r, m))), nil
}

// Preview is what the visitor would see if the editor's values were
// submitted now, computed as the ordinary reads compute them; nothing is
// stored, sent or cached.
func (s *Service) Preview(ctx context.Context, requestID string, sub analysis.PreviewSubmission) (api.Preview, error) {
	p, err := s.Analyses.Preview(ctx, requestID, sub)
	if err != nil {
		return api.Preview{}, err
	}
	m, err := s.Rates.Markets(ctx)
	if err != nil {
		return api.Preview{}, err
	}
	return api.Preview{QuoteRequest: quoteRequestOf(p.Request, s.Figures.Request(p.Request, m)),
		Analysis: analysisOf(p.Analysis, s.Figures.Analysis(p.Request, p.Analysis))}, nil
}

// QuoteRequests is the dashboard's list of pending (or analysed) requests.
func (s *Service) QuoteRequests(ctx context.Context, analysed bool) ([]api.QuoteRequest, error) {
	list, err := s.Store.ListQuoteRequests(ctx, analysed, AdminListLimit)
	if err != nil {
		return nil, err
	}
	m, err := s.Rates.Markets(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(list))
	for i, r := range list {
		ids[i] = r.ID
	}
	views, err := s.Store.VisitorViews(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]api.QuoteRequest, 0, len(list))
	for _, r := range list {
		q := quoteRequestOf(r, s.requestFigures(r, m, s.requestVersion(r, m)))
		q.VisitorViews = visitorViewsOf(views[r.ID])
		out = append(out, q)
	}
	return out, nil
}

// visitorViewsOf is a request's views by its visitor as the dashboard shows
// them: no first time until there is one.
func visitorViewsOf(v store.VisitorViews) *api.VisitorViews {
	out := &api.VisitorViews{Count: v.Count}
	if v.Count > 0 {
		out.FirstViewedAt = &v.FirstAt
	}
	return out
}

// EmailCopy is the admin page's Email Copy block: the words of the
// "analysis is ready" notice, for a broker who sends it by hand.
func (s *Service) EmailCopy(ctx context.Context, requestID string) (api.EmailCopy, error) {
	r, err := s.Quotes.Get(ctx, requestID)
	if err != nil {
		return api.EmailCopy{}, err
	}
	subject, body := mail.AnalysisReadyCopy(r, s.PublicURL)
	if compared := comparisonCopy(r, s.Figures.Comparison(r, figures.Markets{})); compared != "" {
		see := "See your results: " + mail.ResultsURL(s.PublicURL, r.ID)
		body = strings.Replace(body, see, compared+see, 1)
	}
	return api.EmailCopy{Subject: subject, Body: body, ResultsURL: mail.ResultsURL(s.PublicURL, r.ID)}, nil
}

// comparisonCopy is the Email Copy's paragraphs on a request's quotes side
// by side (issue 29): how many, which is cheapest at the visitor's horizon,
// and where each pair's ranking changes; empty with fewer than two quotes
// with a rate. The market figures only grade quotes, which the copy does
// not repeat, so none are read for it.
func comparisonCopy(r store.QuoteRequest, cmp *api.QuotesCompared) string {
	if cmp == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You sent us %d quotes to compare. %s\n\n", len(figures.VisitorQuotes(r)), cmp.Summary)
	for _, pair := range cmp.BreakEvens {
		b.WriteString(pair.Summary + "\n")
	}
	if len(cmp.BreakEvens) > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// ErrDatabaseDown: the health check's database did not answer.
var ErrDatabaseDown = api.ErrDatabaseDown

// Health pings the database and tells the market data's age, so monitoring
// notices a rates source that stopped updating; the age is null before any
// rates are stored, and a failure to read it is logged, not an outage.
func (s *Service) Health(ctx context.Context) (api.Health, error) {
	if err := s.Store.Ping(ctx); err != nil {
		return api.Health{}, fmt.Errorf("%w: %w", ErrDatabaseDown, err)
	}
	age, err := s.Rates.Age(ctx)
	if err != nil {
		s.Log.WarnContext(ctx, "health: market data age unknown", "err", err)
	}
	return api.Health{Status: "ok", Version: s.Version, MarketData: age}, nil
}
