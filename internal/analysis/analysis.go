// Package analysis holds a broker's analysis of a quote request: the editor's
// validation rules (spec section 5, "Admin analysis") and saving it with its
// alternative quotes.
package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/figures"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/mail"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Grades a broker may give; blank means no grade (no broker quote to grade).
var Grades = []string{"A", "B", "C", "D", "F"}

// Messages in the spec's words.
const (
	MsgLender         = "Please select a lender"
	MsgPros           = "Pros are required when analyzing a broker quote"
	MsgCons           = "Cons are required when analyzing a broker quote"
	MsgGrade          = "Grade is required when analyzing a broker quote"
	MsgRecommendation = "Overall recommendation is required"
	// MsgReason asks why a quote that is not the cheapest over 7 years (the
	// horizon when the visitor is not sure) is recommended; ReasonMessage
	// names the visitor's own horizon.
	MsgReason = "Please say why you recommend this quote: it is not the cheapest over 7 years"
	// MsgVerdictGrade, MsgVerdictPros and MsgVerdictCons ask for the
	// broker's verdict on each of the visitor's quotes (issue 29).
	MsgVerdictGrade = "Please grade this quote"
	MsgVerdictPros  = "Please give at least one pro of this quote"
	MsgVerdictCons  = "Please give at least one con of this quote"
	// MsgOneRecommended: the analysis recommends one quote at most.
	MsgOneRecommended = "Please recommend one quote only"
	// MsgInvalid sums up a refused analysis.
	MsgInvalid = "Please correct the analysis"
)

// Submission is api.AnalysisSubmission (internal/api).
type Submission = api.AnalysisSubmission

// QuoteRow is api.QuoteRow (internal/api).
type QuoteRow = api.QuoteRow

// The editor's two modes (spec section 4, "Admin page").
const (
	ModeRefinance      = "refinance"
	ModeRecommendation = "recommendation"
)

// HasBrokerQuote: pros, cons and grade apply only when the visitor brought a
// quote (a broker rate or an uploaded file).
func HasBrokerQuote(r store.QuoteRequest) bool {
	return r.BrokerRate != nil || r.UserUploadedQuoteURL != nil
}

// RefinanceMode: a refinance with a current mortgage is analysed by default as
// a list of notes rather than one overall recommendation; the broker may
// switch modes in the editor.
func RefinanceMode(r store.QuoteRequest) bool {
	return r.LoanType == "refinance" && r.CurrentMortgage != nil
}

// Validate checks the submission for request r and returns the analysis to
// store; lenders are the partner lenders it may name (the site file's).
func Validate(s Submission, r store.QuoteRequest, lenders []string) (store.Analysis, error) {
	f := apperr.Fields{}
	in := s.Analysis
	a := store.Analysis{QuoteRequestID: r.ID, Pros: in.Pros.Values, Cons: in.Cons.Values,
		Recommendations: in.Recommendations.Values, Notes: in.Notes.Values}
	if v := in.Lender.Value; v == nil || !oneOf(*v, lenders) {
		f.Add("lender", MsgLender)
	} else {
		a.Lender = *v
	}
	if v := in.Grade.Value; in.Grade.Invalid || (v != nil && !oneOf(*v, Grades)) {
		f.Add("grade", "Grade must be one of A, B, C, D or F")
	} else {
		a.Grade = v
	}
	if HasBrokerQuote(r) && (len(a.Pros) > 0 || len(a.Cons) > 0 || a.Grade != nil) {
		if len(a.Pros) == 0 {
			f.Add("pros", MsgPros)
		}
		if len(a.Cons) == 0 {
			f.Add("cons", MsgCons)
		}
		if a.Grade == nil {
			f.Add("grade", MsgGrade)
		}
	}
	refinance := RefinanceMode(r)
	switch v := in.Mode.Value; {
	case in.Mode.Invalid || (v != nil && *v != ModeRefinance && *v != ModeRecommendation):
		f.Add("mode", "Mode must be refinance or recommendation")
	case v != nil:
		refinance = *v == ModeRefinance
	}
	if !refinance && len(a.Recommendations) == 0 {
		f.Add("recommendations", MsgRecommendation)
	}
	recommended := 0
	for i, row := range s.Quotes {
		q := validateQuoteRow(row, f, i)
		a.Quotes = append(a.Quotes, q)
		if q.IsRecommended {
			recommended++
		}
	}
	a.QuoteVerdicts = quoteVerdicts(f, in.QuoteVerdicts, r, &a)
	a.Answers = answers(f, in.Answers, len(r.Questions))
	switch v := in.RecommendationReason; {
	case v.Invalid:
		f.Add("recommendationReason", "The reason must be a text")
	case utf8.RuneCountInString(v.Or("")) > MaxText:
		f.Add("recommendationReason", fmt.Sprintf("Please keep the reason under %d characters", MaxText))
	default:
		a.RecommendationReason = strings.TrimSpace(v.Or(""))
	}
	for _, v := range a.QuoteVerdicts {
		if v.Recommended {
			recommended++
		}
	}
	if recommended > 1 && len(a.QuoteVerdicts) > 0 {
		f.Add("quoteVerdicts", MsgOneRecommended)
	}
	nilToEmpty(&a)
	return a, f.Err(MsgInvalid)
}

// quoteVerdicts reads the broker's verdict on each of the visitor's quotes
// (issue 29): one per quote in their order, each graded A to F with at least
// one pro and one con. The first quote's verdict is also the analysis'
// grade, pros and cons (the spec's single quote). One quote at most is
// recommended, a visitor's or an alternative.
func quoteVerdicts(f apperr.Fields, in jsonfield.List[api.QuoteVerdictRow], r store.QuoteRequest, a *store.Analysis) []store.QuoteVerdict {
	out := []store.QuoteVerdict{}
	if in.Invalid {
		f.Add("quoteVerdicts", "The verdicts must be a list")
		return out
	}
	if len(in.Values) == 0 {
		return out
	}
	quotes := len(figures.VisitorQuotes(r))
	if quotes < 2 || len(in.Values) != quotes {
		f.Add("quoteVerdicts", fmt.Sprintf("There are %d quotes to give a verdict on, not %d", quotes, len(in.Values)))
		return out
	}
	for i, row := range in.Values {
		key := func(name string) string { return "quoteVerdicts." + strconv.Itoa(i) + "." + name }
		v := store.QuoteVerdict{Pros: row.Pros.Values, Cons: row.Cons.Values}
		switch g := row.Grade.Value; {
		case row.Grade.Invalid || (g != nil && !oneOf(*g, Grades)):
			f.Add(key("grade"), "Grade must be one of A, B, C, D or F")
		case g == nil:
			f.Add(key("grade"), MsgVerdictGrade)
		default:
			v.Grade = g
		}
		if row.Pros.Invalid || len(v.Pros) == 0 {
			f.Add(key("pros"), MsgVerdictPros)
		}
		if row.Cons.Invalid || len(v.Cons) == 0 {
			f.Add(key("cons"), MsgVerdictCons)
		}
		v.Recommended = row.Recommended.Value != nil && *row.Recommended.Value
		if v.Pros == nil {
			v.Pros = []string{}
		}
		if v.Cons == nil {
			v.Cons = []string{}
		}
		out = append(out, v)
	}
	a.Grade, a.Pros, a.Cons = out[0].Grade, out[0].Pros, out[0].Cons
	return out
}

// validateQuoteRow applies the quote row rules: rate, lender fees and APR required;
// mortgage insurance optional. Empty numbers arrive as absent and count as 0
// where the editor turns them into 0.
func validateQuoteRow(row QuoteRow, f apperr.Fields, i int) store.Quote {
	key := func(name string) string { return "quotes." + strconv.Itoa(i) + "." + name }
	q := store.Quote{Source: vocab.SourceSystem}
	for _, c := range []struct {
		name, label string
		n           jsonfield.Number
		dst         *float64
	}{{"rate", "Rate", row.Rate, &q.Rate}, {"lenderFees", "Lender fees", row.LenderFees, &q.LenderFees}} {
		switch {
		case c.n.Invalid:
			f.Add(key(c.name), c.label+" must be a number")
		case c.n.Value == nil:
			f.Add(key(c.name), c.label+" is required")
		default:
			*c.dst = *c.n.Value
		}
	}
	if row.Rate.Value != nil {
		quoterequest.RateRange(f, key("rate"), "Rate", q.Rate)
	}
	if row.LenderFees.Value != nil {
		quoterequest.FeesRange(f, key("lenderFees"), "Lender fees", q.LenderFees)
	}
	switch {
	case row.APR.Invalid:
		f.Add(key("apr"), "APR must be a number")
	case row.APR.Value == nil:
		f.Add(key("apr"), "APR is required")
	case *row.APR.Value < 0 || *row.APR.Value > quoterequest.MaxAPR:
		f.Add(key("apr"), fmt.Sprintf("APR must be between 0 and %d", quoterequest.MaxAPR))
	default:
		q.APR = row.APR.Value
	}
	if row.MortgageInsurance.Invalid || (row.MortgageInsurance.Value != nil && *row.MortgageInsurance.Value < 0) {
		f.Add(key("mortgageInsurance"), "Mortgage insurance must be a number of 0 or more")
	} else if row.MortgageInsurance.Value != nil {
		quoterequest.InsuranceRange(f, key("mortgageInsurance"), "Mortgage insurance", *row.MortgageInsurance.Value)
	}
	q.MortgageInsurance = row.MortgageInsurance.Value
	q.IsRecommended = row.IsRecommended.Value != nil && *row.IsRecommended.Value
	return q
}

// MaxText bounds one answer or reason, like a visitor's question.
const MaxText = 5000

// answers reads one answer per question, in the questions' order; missing
// answers are blank, so the list always lines up with the questions.
func answers(f apperr.Fields, raw json.RawMessage, questions int) []string {
	out := make([]string, questions)
	if len(raw) == 0 || string(raw) == "null" {
		return out
	}
	var given []string
	if err := json.Unmarshal(raw, &given); err != nil {
		f.Add("answers", "Answers must be a list of texts")
		return out
	}
	if len(given) > questions {
		f.Add("answers", fmt.Sprintf("There are %d questions to answer, not %d", questions, len(given)))
		return out
	}
	for i, text := range given {
		if utf8.RuneCountInString(text) > MaxText {
			f.Add("answers."+strconv.Itoa(i), fmt.Sprintf("Please keep the answer under %d characters", MaxText))
		}
		out[i] = strings.TrimSpace(text)
	}
	return out
}

func nilToEmpty(a *store.Analysis) {
	for _, l := range []*[]string{&a.Pros, &a.Cons, &a.Recommendations, &a.Notes, &a.Answers} {
		if *l == nil {
			*l = []string{}
		}
	}
}

func oneOf(v string, allowed []string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

// Service saves analyses and tells the visitor when one is ready.
type Service struct {
	store     Store
	figures   *figures.Service
	publicURL string
	now       func() time.Time
}

// Store is where analyses are kept (store.Store in production).
type Store interface {
	GetQuoteRequest(ctx context.Context, id string) (store.QuoteRequest, error)
	GetAnalysisByQuoteRequest(ctx context.Context, quoteRequestID string) (store.Analysis, error)
	AnalysisSuggestions(ctx context.Context, limit int) (store.Suggestions, error)
	GetLoanOfficer(ctx context.Context, email string) (store.LoanOfficer, error)
	// InTx: an analysis and its "analysis is ready" notice are stored together.
	InTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// NewService returns a Service over st; notices carry links to publicURL,
// and fig checks the recommended quote's cost.
func NewService(st Store, fig *figures.Service, publicURL string, now func() time.Time) *Service {
	return &Service{store: st, figures: fig, publicURL: publicURL, now: now}
}

// Save validates and creates or replaces the analysis of request requestID,
// recorded as reviewed by the loan officer profile of the broker signed in
// as reviewerEmail (refused, vocab.ErrNoLoanOfficer, when they have none),
// and queues the "analysis is ready" notice in the same transaction: however
// many saves race, one analysis row and one notice (see notify).
func (s *Service) Save(ctx context.Context, requestID, reviewerEmail string, sub Submission) (store.Analysis, error) {
	r, err := s.editable(ctx, requestID)
	if err != nil {
		return store.Analysis{}, err
	}
	reviewer, err := s.reviewer(ctx, reviewerEmail)
	if err != nil {
		return store.Analysis{}, err
	}
	a, err := Validate(sub, r, s.figures.LenderIDs())
	if err != nil {
		return a, err
	}
	if err := CheckAPRs(r, a.Quotes).Err(MsgInvalid); err != nil {
		return a, err
	}
	if err := s.reasonGiven(r, a).Err(MsgInvalid); err != nil {
		return a, err
	}
	a.ReviewedBy = reviewer
	a.SavedBy = reviewerEmail
	var saved store.Analysis
	err = s.store.InTx(ctx, func(tx store.Tx) error {
		s.stamp(ctx, tx, &a)
		if err := tx.SaveAnalysis(ctx, a); err != nil {
			return fmt.Errorf("save analysis: %w", err)
		}
		// A save that raced this one may have stored the row first: its
		// id is the one kept, and the one the notice is named for.
		if saved, err = tx.GetAnalysisByQuoteRequest(ctx, requestID); err != nil {
			return err
		}
		return s.notify(ctx, tx, r, saved)
	})
	if err != nil {
		return a, err
	}
	return saved, nil
}

// reviewer is the profile of the broker saving: the visitor is told who
// reviewed the analysis (SAFE Act, 12 CFR 1007.105), so a broker without one,
// or not in the admins table, is refused until they set it (decision 0033,
// second addendum).
func (s *Service) reviewer(ctx context.Context, email string) (store.LoanOfficer, error) {
	o, err := s.store.GetLoanOfficer(ctx, email)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && o.IsZero()) {
		return store.LoanOfficer{}, vocab.ErrNoLoanOfficer
	}
	return o, err
}

// CheckAPRs refuses a typed APR more than figures.APRTolerance (1/8 point)
// from the one the row's own rate, fees and insurance give by Appendix J,
// naming the row, so no visitor is shown an APR the quote does not have.
func CheckAPRs(r store.QuoteRequest, quotes []store.Quote) apperr.Fields {
	f := apperr.Fields{}
	for i, q := range quotes {
		if q.APR == nil || q.Source == vocab.SourceBroker {
			continue
		}
		computed, ok := figures.QuoteAPR(r, q)
		if ok && math.Abs(*q.APR-computed) > figures.APRTolerance+1e-9 {
			f.Add("quotes."+strconv.Itoa(i)+".apr", fmt.Sprintf("Row %d: the APR %.3f%% is more than 1/8 point from %.3f%%, the APR of this row's rate, "+
				"lender fees and mortgage insurance (Regulation Z, Appendix J). Please check the APR or the row's figures", i+1, *q.APR, computed))
		}
	}
	return f
}

// ReasonMessage asks why a quote that is not the cheapest over months (the
// visitor's horizon) is recommended: "over 7 years", "over 30 months".
func ReasonMessage(months int) string {
	return "Please say why you recommend this quote: it is not the cheapest over " + HorizonWords(months)
}

// HorizonWords writes a horizon as the pages do: whole years in years
// ("1 year", "7 years"), anything else in months.
func HorizonWords(months int) string {
	switch {
	case months == 12:
		return "1 year"
	case months%12 == 0:
		return strconv.Itoa(months/12) + " years"
	}
	return strconv.Itoa(months) + " months"
}

// reasonGiven asks for the broker's reason when the recommended quote is not
// the cheapest at the visitor's horizon (horizonMonths; seven years when they
// are not sure), the visitor's own quote included, so the visitor is told why
// (issues 14 and 25); and when the recommended one of the visitor's own
// quotes is not the comparison's cheapest (issue 29).
func (s *Service) reasonGiven(r store.QuoteRequest, a store.Analysis) apperr.Fields {
	f := apperr.Fields{}
	var yours *figures.QuoteFigures
	if r.BrokerLenderFees != nil { // without its fees the visitor's quote's cost is not known
		yours = s.figures.BrokerQuote(r)
	}
	months := figures.HorizonMonths(r)
	if a.RecommendationReason == "" && (!figures.RecommendedIsCheapest(r, a.Quotes, s.figures.Quotes(r, a.Quotes, a.Lender), yours) ||
		!s.recommendedVisitorQuoteIsCheapest(r, a)) {
		f.Add("recommendationReason", ReasonMessage(months))
	}
	return f
}

// recommendedVisitorQuoteIsCheapest reports whether the visitor's quote the
// broker recommends (a quote verdict) is the cheapest of the visitor's
// quotes at their horizon, as the comparison ranks them (issue 29): the
// comparison the visitor sees names another quote cheapest, so they are told
// why this one. True when no visitor quote is recommended or the quotes are
// not compared (fewer than two with a rate).
func (s *Service) recommendedVisitorQuoteIsCheapest(r store.QuoteRequest, a store.Analysis) bool {
	c := s.figures.Comparison(r, figures.Markets{}) // the ranking only: no grades needed
	if c == nil {
		return true
	}
	for i, v := range a.QuoteVerdicts {
		if !v.Recommended {
			continue
		}
		for _, q := range c.Quotes {
			if q.Index == i && q.Rank > 1 {
				return false
			}
		}
	}
	return true
}

// editable is the request an analysis may be written for: any but the example.
func (s *Service) editable(ctx context.Context, requestID string) (store.QuoteRequest, error) {
	r, err := s.store.GetQuoteRequest(ctx, requestID)
	if errors.Is(err, apperr.ErrNotFound) {
		return r, vocab.ErrRequestNotFound
	}
	if err != nil {
		return r, err
	}
	if r.IsExample {
		return r, apperr.Forbidden("The example quote request cannot be changed")
	}
	return r, nil
}

// analyses reads the saved analysis of a request: the store, or the
// transaction saving a new one.
type analyses interface {
	GetAnalysisByQuoteRequest(ctx context.Context, quoteRequestID string) (store.Analysis, error)
}

// stamp gives a validated analysis and its quotes ids and times; a
// replacement keeps the saved analysis' id and creation time.
func (s *Service) stamp(ctx context.Context, st analyses, a *store.Analysis) {
	now := s.now().UTC()
	a.ID, a.CreatedAt, a.UpdatedAt = vocab.NewID(), now, now
	if existing, err := st.GetAnalysisByQuoteRequest(ctx, a.QuoteRequestID); err == nil {
		a.ID, a.CreatedAt = existing.ID, existing.CreatedAt
	}
	for i := range a.Quotes {
		a.Quotes[i].ID, a.Quotes[i].CreatedAt, a.Quotes[i].UpdatedAt = vocab.NewID(), now, now
	}
}

// notify queues the "analysis is ready" notice on every save, in the save's
// transaction tx. Its id is the stored analysis' id, one per request: the
// queue keeps one job per message id, and the worker sends an id once, so
// the visitor gets it once however often (or however concurrently) the
// broker saves; if it cannot be queued the save is undone too.
func (s *Service) notify(ctx context.Context, tx store.Tx, r store.QuoteRequest, a store.Analysis) error {
	if r.Email == nil {
		return nil
	}
	m, err := mail.AnalysisReady(r, a, s.compared(r, a), s.publicURL)
	if err != nil {
		return err
	}
	m.QuoteRequestID, m.SentBy = r.ID, a.SavedBy
	return tx.QueueEmails(ctx, m)
}

// compared is what the notice says of the visitor's quotes side by side
// (issue 29): how many, the cheapest at their horizon and the quote the
// broker recommends with its APR. The market figures only grade quotes,
// which the notice does not repeat, so none are read for it.
func (s *Service) compared(r store.QuoteRequest, a store.Analysis) mail.Compared {
	c := mail.Compared{Quotes: len(figures.VisitorQuotes(r))}
	if c.Quotes < 2 {
		return c
	}
	cmp := s.figures.Comparison(r, figures.Markets{})
	if cmp != nil {
		c.Cheapest = cmp.Summary
	}
	c.Verdicts = verdictLines(r, a, cmp)
	for _, v := range c.Verdicts {
		if v.Recommended {
			c.RecommendedRate, c.RecommendedAPR, c.RecommendedProgram = v.Rate, v.APR, v.Program
			return c
		}
	}
	for i, q := range a.Quotes {
		if q.IsRecommended {
			// The APR is required of every row and checked against its rate and fees.
			c.RecommendedRate, c.RecommendedAPR = &a.Quotes[i].Rate, q.APR
			if q.LoanProgram != nil {
				c.RecommendedProgram = vocab.Program(*q.LoanProgram)
			}
			break
		}
	}
	return c
}

// verdictLines are the broker's verdict on each of the visitor's quotes as
// the notice names them: the lender (or "Quote N"), the rate with its APR
// from the comparison (none for a quote it could not price).
func verdictLines(r store.QuoteRequest, a store.Analysis, cmp *figures.QuotesCompared) []mail.Verdict {
	quotes := figures.VisitorQuotes(r)
	out := make([]mail.Verdict, 0, len(a.QuoteVerdicts))
	for i, v := range a.QuoteVerdicts {
		line := mail.Verdict{Name: fmt.Sprintf("Quote %d", i+1), Grade: v.Grade, Pros: v.Pros, Cons: v.Cons, Recommended: v.Recommended}
		if i < len(quotes) {
			if n := quotes[i].LenderName; n != nil && strings.TrimSpace(*n) != "" {
				line.Name = strings.TrimSpace(*n)
			}
			line.Rate = quotes[i].Rate
		}
		if cmp != nil {
			for _, q := range cmp.Quotes {
				if q.Index == i {
					line.Name, line.Rate, line.APR, line.Program = q.Name, &q.Rate, q.APR, q.Program
				}
			}
		}
		out = append(out, line)
	}
	return out
}

// ForRequest returns the analysis of a request for the admin page.
func (s *Service) ForRequest(ctx context.Context, requestID string) (store.Analysis, error) {
	a, err := s.store.GetAnalysisByQuoteRequest(ctx, requestID)
	if errors.Is(err, apperr.ErrNotFound) {
		return a, vocab.ErrAnalysisNotFound
	}
	return a, err
}

// cannedRecommendations are offered before any analysis exists, and always.
var cannedRecommendations = []string{
	"Your quote is competitive. We recommend locking your rate soon.",
	"We found better options. Ask your lender to match the recommended quote below, or contact us to get it.",
	"Your rate is fair but the lender fees are high. Ask your lender to reduce or waive the origination fees.",
	"Rates are close to what you have today. Refinancing now would not pay for itself; we will keep watching rates for you.",
}

// Suggestions are the canned recommendations followed by texts from earlier
// analyses, most used first.
func (s *Service) Suggestions(ctx context.Context) (store.Suggestions, error) {
	sg, err := s.store.AnalysisSuggestions(ctx, 30)
	if err != nil {
		return sg, err
	}
	seen := map[string]bool{}
	recs := []string{}
	for _, r := range append(append([]string{}, cannedRecommendations...), sg.Recommendations...) {
		if !seen[r] {
			seen[r] = true
			recs = append(recs, r)
		}
	}
	sg.Recommendations = recs
	return sg, nil
}

// SuggestionsAnswer is Suggestions as the API answers them.
func (s *Service) SuggestionsAnswer(ctx context.Context) (api.Suggestions, error) {
	sg, err := s.Suggestions(ctx)
	if err != nil {
		return api.Suggestions{}, err
	}
	return api.Suggestions{Recommendations: sg.Recommendations, Pros: sg.Pros, Cons: sg.Cons}, nil
}
