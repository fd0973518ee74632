// Package store defines quotegrade's records and the one Store interface that
// every database implementation (sqlite, postgres) satisfies. The shared
// behaviour suite in storetest is what makes the implementations interchangeable.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"quotegrade/internal/apperr"
	"quotegrade/internal/vocab"
	"time"
)

// MsgUnstorableText answers text with a NUL character or bytes that are not
// UTF-8: every implementation refuses it with an *apperr.Invalid naming the
// field, and answers ErrNotFound for an id holding such text.
const MsgUnstorableText = "This field contains characters that are not allowed"

// ErrUploadAttached: CreateQuoteRequest named an upload key another request
// already has (a unique key in the database, so parallel submits cannot share it).
var ErrUploadAttached = fmt.Errorf("upload already attached to a quote request: %w", apperr.ErrConflict)

// Store is everything the product keeps. Methods return apperr.ErrNotFound
// (possibly wrapped) for a missing record.
type Store interface {
	// CreateQuoteRequest stores a new request; r.ID and r.CreatedAt must be set.
	// An existing id gives apperr.ErrConflict.
	CreateQuoteRequest(ctx context.Context, r QuoteRequest) error
	// GetQuoteRequest returns the request with its quotes, sorted by rate.
	GetQuoteRequest(ctx context.Context, id string) (QuoteRequest, error)
	// GetQuoteRequestForResults is GetQuoteRequest, whether a broker has
	// analysed the request and its stamp, read together (the results page's
	// read).
	GetQuoteRequestForResults(ctx context.Context, id string) (QuoteRequest, bool, RequestStamp, error)
	// QuoteRequestStamp reads only a request's stamp: whether a kept answer
	// of the results page is still true (decision 0028).
	QuoteRequestStamp(ctx context.Context, id string) (RequestStamp, error)
	// Commits is how many write transactions this process has committed,
	// counted once each is visible, and whether this process is the
	// database's only server (SQLite): then, apart from the command line's
	// writes, an unchanged count means nothing has changed (decision 0029).
	Commits() (n uint64, sole bool)
	// UpdateContactInfo replaces how the visitor wants to be told.
	UpdateContactInfo(ctx context.Context, id string, c ContactInfo) error
	// UpdateBrokerQuote replaces the lender's quote the visitor brought. When
	// onlyIfNotAnalysed is set it refuses (apperr.ErrConflict) once an analysis
	// exists, checked in the same statement so no race slips through.
	UpdateBrokerQuote(ctx context.Context, id string, q BrokerQuote, onlyIfNotAnalysed bool) error

	// SaveAnalysis creates or replaces the one analysis of a request,
	// replaces the request's quotes with a.Quotes, and keeps the whole
	// analysis as the request's next version (AnalysisVersions), in one
	// transaction.
	SaveAnalysis(ctx context.Context, a Analysis) error
	// GetAnalysisByQuoteRequest returns the analysis of a request with its quotes.
	GetAnalysisByQuoteRequest(ctx context.Context, quoteRequestID string) (Analysis, error)
	// RecordAnalysisView appends a view; an unknown analysis is apperr.ErrNotFound.
	RecordAnalysisView(ctx context.Context, v AnalysisView) error
	// CountAnalysisViews is how often an analysis was viewed, and how often
	// by a signed-in viewer.
	CountAnalysisViews(ctx context.Context, analysisID string) (all, signedIn int, err error)
	// VisitorViews are how often the visitor opened the analysis of each of
	// the requests quoteRequestIDs, and when first: every view but those by a
	// signed-in broker (an admin), who may open the results page to check it.
	// A request without such a view is absent from the map.
	VisitorViews(ctx context.Context, quoteRequestIDs []string) (map[string]VisitorViews, error)

	// CreateContactRequest stores a visitor's question or rate-update request.
	CreateContactRequest(ctx context.Context, c ContactRequest) error
	// GetContactRequest reads one contact request.
	GetContactRequest(ctx context.Context, id string) (ContactRequest, error)
	// RecordCampaignVisit stores one visit through a campaign link.
	RecordCampaignVisit(ctx context.Context, v CampaignVisit) error
	// CountCampaignVisits counts the visits of one campaign.
	CountCampaignVisits(ctx context.Context, campaignID string) (int, error)

	// ListQuoteRequests lists those with an analysis, newest first, when
	// analysed is set, else those still waiting for one, oldest first (the
	// longest wait is answered next). The example is left out. Each carries
	// its MoreQuotes, read for the whole list in one statement.
	ListQuoteRequests(ctx context.Context, analysed bool, limit int) ([]QuoteRequest, error)
	// ListContactRequests lists contact requests newest first.
	ListContactRequests(ctx context.Context, limit int) ([]ContactRequest, error)
	// MarkContactRequestAnswered records who answered a contact request and when.
	MarkContactRequestAnswered(ctx context.Context, id, by string, at time.Time) error
	// AnalysisSuggestions lists distinct pros, cons and recommendations of
	// earlier analyses, most used first.
	AnalysisSuggestions(ctx context.Context, limit int) (Suggestions, error)

	// UpsertUser creates the user or updates their e-mail and name.
	UpsertUser(ctx context.Context, u User) error
	// GetUser returns a user with IsAdmin decided by the admins table.
	GetUser(ctx context.Context, id string) (User, error)
	// GrantAdmin makes an e-mail address an admin (idempotent).
	GrantAdmin(ctx context.Context, email string, at time.Time) error
	// RevokeAdmin removes an admin; apperr.ErrNotFound when it was not one.
	RevokeAdmin(ctx context.Context, email string) error
	// SetLoanOfficer sets an admin's loan officer profile; apperr.ErrNotFound
	// when the e-mail is not an admin's.
	SetLoanOfficer(ctx context.Context, email string, o LoanOfficer) error
	// GetLoanOfficer is an admin's profile, zero when none was set;
	// apperr.ErrNotFound when the e-mail is not an admin's.
	GetLoanOfficer(ctx context.Context, email string) (LoanOfficer, error)
	// CreateSession stores a new sign-in session.
	CreateSession(ctx context.Context, s Session) error
	// SessionBySecret returns a live (unrevoked, unexpired at now) session and its user.
	SessionBySecret(ctx context.Context, secretHash string, now time.Time) (Session, User, error)
	// RevokeSession ends a session and so every access token minted from it.
	RevokeSession(ctx context.Context, id string, at time.Time) error
	// CreateAccessToken stores a short-lived bearer token of a session.
	CreateAccessToken(ctx context.Context, t AccessToken) error
	// UserByAccessToken returns the user of a token that is unexpired at now and
	// whose session is live and, for an admin, has passed the second factor
	// if it needs one; apperr.ErrNotFound otherwise.
	UserByAccessToken(ctx context.Context, tokenHash string, now time.Time) (User, error)
	// DeleteExpiredAccessTokens removes tokens expired before now.
	DeleteExpiredAccessTokens(ctx context.Context, now time.Time) (int, error)

	// SaveOutboxMessage keeps an e-mail in the outbox (no SMTP configured).
	SaveOutboxMessage(ctx context.Context, e Email) error
	// ListOutbox lists the outbox newest first.
	ListOutbox(ctx context.Context, limit int) ([]Email, error)
	// EmailSent reports whether the message with this id was delivered.
	EmailSent(ctx context.Context, id string) (bool, error)
	// MarkEmailSent records a delivery and keeps the message for the
	// retention period (SentEmails); idempotent by m.ID.
	MarkEmailSent(ctx context.Context, m OutgoingEmail, at time.Time) error

	// CreateUpload records an upload link handed out to u.Client, unless
	// that would take the bytes held past q: ErrClientQuota when the
	// client's uploads since q.Since would, ErrTotalQuota when all unattached
	// uploads would. A link not yet received counts as q.Reserve bytes, a
	// received file as its size, a rejected one (deleted) as nothing.
	CreateUpload(ctx context.Context, u Upload, q UploadQuota) error
	// GetUpload reads an upload; AttachedTo says which request names it.
	GetUpload(ctx context.Context, key string) (Upload, error)
	// MarkUploadReceived records a checked file's size, hash and time.
	MarkUploadReceived(ctx context.Context, key string, size int64, sha256 string, at time.Time) error
	// MarkUploadRejected records that the file failed the checks.
	MarkUploadRejected(ctx context.Context, key string) error
	// StaleUploads lists uploads created before cutoff that no request names.
	StaleUploads(ctx context.Context, cutoff time.Time, limit int) ([]Upload, error)
	// UncheckedUploads lists uploads created before cutoff whose file was
	// never received and checked (still pending) and that no request names.
	UncheckedUploads(ctx context.Context, cutoff time.Time, limit int) ([]Upload, error)
	// DeleteUpload forgets an upload.
	DeleteUpload(ctx context.Context, key string) error
	// SetUploadPages makes pages the other pictures of the Loan Estimate
	// whose first picture is key, in that order (none: key stands alone):
	// key and each page leave any group they were in. Pages are attached
	// with key, and count as attached while it is.
	SetUploadPages(ctx context.Context, key string, pages []string) error
	// UploadPages lists the other pictures of key's Loan Estimate, in order.
	UploadPages(ctx context.Context, key string) ([]Upload, error)

	// SaveMarketRates inserts or corrects weekly rates.
	SaveMarketRates(ctx context.Context, rates []MarketRate) error
	// LatestMarketRates returns the newest rate of each series dated on or
	// before notAfter (a week wrongly dated later is never the latest).
	LatestMarketRates(ctx context.Context, notAfter time.Time) ([]MarketRate, error)
	// DeleteMarketWeek removes every series' figure of the survey date week
	// and says how many there were.
	DeleteMarketWeek(ctx context.Context, week time.Time) (int, error)
	// MarketRateHistory returns a series' rates since a date, oldest first.
	MarketRateHistory(ctx context.Context, series string, since time.Time) ([]MarketRate, error)
	// SaveBenchmarkRates inserts or corrects daily benchmark figures (Optimal
	// Blue's indices by credit score and loan-to-value).
	SaveBenchmarkRates(ctx context.Context, rates []BenchmarkRate) error
	// LatestBenchmarkRates returns the newest figure of each benchmark series.
	LatestBenchmarkRates(ctx context.Context) ([]BenchmarkRate, error)

	// RefiWatches lists every watch (a request with a current mortgage, a
	// remaining balance and an e-mail) whose address is confirmed, with the
	// address' confirmation and unsubscribe times and its latest alert, in one
	// query. Whether a watch lapsed unconfirmed is refi's rule, not the store's.
	RefiWatches(ctx context.Context) ([]RefiWatch, error)
	// CreateRefiAlerts stores new alerts (with their unsubscribe token hashes,
	// as queued) and returns those stored: one for an address and market week
	// already there is skipped.
	CreateRefiAlerts(ctx context.Context, alerts []RefiAlert) ([]RefiAlert, error)
	// ClaimRefiConfirmation records that the confirmation e-mail c describes
	// goes out. It stores nothing and answers false when the address is
	// confirmed already or was sent a confirmation after c.NotBefore, when
	// its mailbox was, or when its domain had c.DomainCap confirmations on
	// c.At's day; two claims at once give one true.
	ClaimRefiConfirmation(ctx context.Context, c RefiConfirmationClaim) (bool, error)
	// ConfirmRefiAddress confirms the address of an unexpired confirmation
	// token at now; apperr.ErrNotFound for an unknown or expired token.
	ConfirmRefiAddress(ctx context.Context, tokenHash string, now time.Time) error
	// UnsubscribeRefi stops every watch of the address behind an alert's
	// unsubscribe token (it needs confirming again before any further alert);
	// apperr.ErrNotFound for an unknown token.
	UnsubscribeRefi(ctx context.Context, tokenHash string, at time.Time) error
	// RefiAlerts lists a request's alerts, newest first.
	RefiAlerts(ctx context.Context, quoteRequestID string) ([]RefiAlert, error)
	// RefiWatch reads one watch as RefiWatches does, whatever its address'
	// state (ConfirmedAt is zero while the address is unconfirmed);
	// apperr.ErrNotFound when the request is not a watch.
	RefiWatch(ctx context.Context, quoteRequestID string) (RefiWatch, error)
	// CreateRefiManageLink keeps the hash of the manage link a confirmation
	// e-mail carries (an alert's link carries the alert's own token, UnsubscribeTokenHash).
	CreateRefiManageLink(ctx context.Context, tokenHash, quoteRequestID string, at time.Time) error
	// RefiManageLink answers the watch a manage link names and when its
	// e-mail was made; apperr.ErrNotFound for a token never sent.
	RefiManageLink(ctx context.Context, tokenHash string) (quoteRequestID string, sentAt time.Time, err error)
	// SetRefiWatchSettings replaces a watch's trigger and paused state
	// (pausedAt nil: not paused); apperr.ErrNotFound for an unknown request.
	SetRefiWatchSettings(ctx context.Context, quoteRequestID string, trigger RefiTrigger, pausedAt *time.Time) error
	// UnsubscribeRefiAddress is UnsubscribeRefi for an address named directly.
	UnsubscribeRefiAddress(ctx context.Context, email string, at time.Time) error
	// UnsubscribedAt is when the address (any case) last unsubscribed from
	// our e-mails, nil when it never did or signed up again since.
	UnsubscribedAt(ctx context.Context, email string) (*time.Time, error)

	// ClaimNewRequestsNotice records that a notice of new quote requests
	// goes to the broker address at at, and answers the requests it lists:
	// those created after since, waiting for an analysis, neither the example
	// nor demo data, and in no earlier notice; oldest first, at most limit.
	// It stores nothing and answers none when there are none, or when a
	// notice went out after notBefore; of two claims at once, one gets them.
	ClaimNewRequestsNotice(ctx context.Context, at, notBefore, since time.Time, limit int) ([]QuoteRequest, error)
	// ClaimStaleRatesNotice records that the "market data is old" notice for
	// the newest survey week week goes out at at; false (and nothing stored)
	// when one for that week went out already.
	ClaimStaleRatesNotice(ctx context.Context, week, at time.Time) (bool, error)

	// CountPublicWrite adds one public write by client in the minute starting
	// at window and returns that minute's writes so far, this one included;
	// atomic, so every copy of the server on the database shares one count.
	CountPublicWrite(ctx context.Context, client string, window time.Time) (int, error)
	// ForgetPublicWrites removes the counts of minutes starting before before.
	ForgetPublicWrites(ctx context.Context, before time.Time) (int, error)
	// SiteCounts is what /metrics reports from the database.
	SiteCounts(ctx context.Context) (SiteCounts, error)
	// Operations: demo data and the server copies sharing the database.
	Operations
	// Records: deletions, legal holds, the audit trail and the purge.
	Records
	PageArchive
	// SecondFactors keeps brokers' second factors (secondfactor.go).
	SecondFactors
	// InTx runs fn with a Tx: the store whose methods all run in one
	// transaction, and which queues the e-mails the writes cause in it, so a
	// write and its e-mails happen together or not at all. An error from fn
	// rolls everything back.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// UseMailQueue names where a Tx's QueueEmails puts messages: the job
	// queue, which is opened after the store (it keeps its jobs in the same
	// database). Call it once, before the first InTx that queues mail.
	UseMailQueue(q MailQueue)

	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}

// Tx is the store inside one transaction (Store.InTx). A service writes
// through it and queues the e-mails its writes cause, without handling the
// transaction itself.
type Tx interface {
	Store
	// QueueEmails queues messages for delivery in the transaction: they are
	// sent only if it commits. A message with the id of one already waiting
	// or sent is not queued again.
	QueueEmails(ctx context.Context, ms ...OutgoingEmail) error
}

// MailQueue inserts e-mail jobs through a transaction of the store's own
// database (jobs.Queue; River keeps its jobs beside the product's tables).
type MailQueue interface {
	SendEmailsTx(ctx context.Context, tx *sql.Tx, ms []OutgoingEmail) error
}

// OutgoingEmail is one e-mail, ready to send (mail.Message). ID is stable
// across retries, so a message is recognised as already sent.
type OutgoingEmail struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
	// Unsubscribe, when set, is the RFC 8058 one-click unsubscribe URL
	// (List-Unsubscribe and List-Unsubscribe-Post headers).
	Unsubscribe string `json:"unsubscribe,omitempty"`
	// ReplyTo is where replies go (the brokerage's contact address; the
	// From address takes none): mail.Letterhead sets it.
	ReplyTo string `json:"replyTo,omitempty"`
	// QuoteRequestID is the request the message is about ("" for none): it
	// is kept with the request, and not sent once the request is deleted.
	QuoteRequestID string `json:"quoteRequestId,omitempty"`
	// SentBy is the address of the broker who sent it ("" when quotegrade
	// sent it by itself).
	SentBy string `json:"sentBy,omitempty"`
}

// QuoteRequest is a visitor's loan scenario, with or without a lender's quote.
type QuoteRequest struct {
	ID                      string
	LoanType                string // purchase or refinance
	PropertyType            string
	PropertyStyle           string
	MilitaryService         bool
	CreditScore             int
	ZipCode                 string
	State                   string
	PurchasePrice           *float64
	DownPayment             *float64
	DownPaymentPercent      *float64
	IsFirstHome             *bool
	PropertyValue           *float64
	RemainingBalance        *float64
	CashOut                 bool
	CashOutAmount           *float64
	InterestRate            *float64
	BrokerRate              *float64
	BrokerLenderFees        *float64
	BrokerMortgageInsurance *float64
	UserUploadedQuoteURL    *string
	// BrokerLenderName and BrokerPoints complete the first quote (issue 29).
	BrokerLenderName *string
	BrokerPoints     *float64
	// BrokerTerms are the first quote's terms, read from its Loan Estimate.
	BrokerTerms QuoteTerms
	// MoreQuotes are the visitor's second to fourth quotes; the broker_*
	// fields are the first.
	MoreQuotes []VisitorQuote
	// HorizonMonths is how long the visitor expects to keep the loan; nil
	// when they are not sure.
	HorizonMonths         *int
	Questions             []string
	RefiIntent            *string
	KeystoneConsideration *string
	CurrentMortgage       *CurrentMortgage
	ContactInfo
	IsExample bool
	// IsDemo is read, never written: the request is marked as demo data
	// (MarkDemoRequest), so the broker sees it is no visitor's.
	IsDemo    bool
	CreatedAt time.Time
	Quotes    []Quote
}

// VisitorQuote is one more lender's quote the visitor brought to compare
// (issue 29), as typed or read from its uploaded Loan Estimate.
type VisitorQuote struct {
	LenderName *string
	Rate       *float64
	// Points are discount points in percent of the loan amount.
	Points *float64
	// LenderFees are the lender's other fees less credits (negative: a credit).
	LenderFees        *float64
	MortgageInsurance *float64
	UploadKey         *string
	// Terms are read from the uploaded Loan Estimate when the request is
	// submitted; unknown without one.
	Terms QuoteTerms
}

// QuoteTerms are what a quote's Loan Estimate says that its figures do not
// price (issue 29): the comparison names where they differ.
type QuoteTerms struct {
	// RateLockUntil is the lock's last day (yyyy-mm-dd); nil when the rate
	// is not locked or it was not read.
	RateLockUntil *string
	// PrepaymentPenalty is nil when it was not read.
	PrepaymentPenalty *bool
}

// ContactInfo is how a visitor wants to hear that the analysis is ready.
type ContactInfo struct {
	Email                  *string
	Phone                  *string
	PreferredContactMethod *string
	// Consent is the visitor's agreement to be called or texted at Phone
	// (TCPA); nil when they chose e-mail. Each update replaces it.
	Consent *ContactConsent
}

// BrokerQuote is the rate quote a lender gave the visitor.
type BrokerQuote struct {
	Rate              *float64
	LenderFees        *float64
	MortgageInsurance *float64
}

// CurrentMortgage is a homeowner's existing loan, as told to Refi Buddy.
type CurrentMortgage struct {
	Rate              float64
	MonthlyPayment    float64
	LoanProgram       *string
	MortgageInsurance *float64
}

// Quote is one lender alternative in an analysis.
type Quote struct {
	ID                string
	Rate              float64
	LenderFees        float64
	MortgageInsurance *float64
	APR               *float64
	IsRecommended     bool
	Points            *float64
	TitleFees         *float64
	Source            vocab.QuoteSource
	LoanProgram       *string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// Analysis is a broker's verdict on a quote request.
type Analysis struct {
	ID              string
	QuoteRequestID  string
	Grade           *string
	Pros            []string
	Cons            []string
	Recommendations []string
	Notes           []string
	// Answers are the broker's answers to the request's questions, in their
	// order ("" for a question left unanswered).
	Answers []string
	// RecommendationReason is why the recommended quote is recommended; the
	// editor requires it when that quote is not the cheapest over 7 years.
	RecommendationReason string
	// QuoteVerdicts are the broker's verdict on each of the visitor's
	// quotes, in their order (issue 29); empty for a request with one
	// quote, whose verdict is Grade, Pros and Cons. The first, when given,
	// is Grade, Pros and Cons too.
	QuoteVerdicts []QuoteVerdict
	Lender        string
	// ReviewedBy is the loan officer who saved it (their profile then);
	// zero when the broker had none.
	ReviewedBy LoanOfficer
	// SavedBy is the address of the broker who saved it last ("" when
	// saved by quotegrade itself, as the example is).
	SavedBy   string
	CreatedAt time.Time
	UpdatedAt time.Time
	Quotes    []Quote
}

// QuoteVerdict is the broker's verdict on one of the visitor's quotes.
type QuoteVerdict struct {
	Grade *string
	Pros  []string
	Cons  []string
	// Recommended: the broker recommends this quote (at most one quote of
	// the analysis, a visitor's or an alternative, is recommended).
	Recommended bool
}

// AnalysisView is one time a visitor (or a signed-in user) opened an analysis.
type AnalysisView struct {
	ID         string
	AnalysisID string
	ViewedBy   *string
	ViewedAt   time.Time
}

// VisitorViews sums up the views of one request's analysis by its visitor.
type VisitorViews struct {
	Count   int
	FirstAt time.Time
}

// ContactRequest is a visitor's question, or a request for updated rates.
type ContactRequest struct {
	ID               string
	Kind             string // question or update_rates
	Name             string
	Email            *string
	Phone            *string
	Question         string
	PreferredContact string
	State            string
	QuoteRequestID   *string
	// AboutQuote is the quote the question is about, as the visitor saw it
	// (lender and rate); nil for no particular quote.
	AboutQuote *string
	CreatedAt  time.Time
	AnsweredAt *time.Time
	AnsweredBy *string
	// Consent is the visitor's agreement to be called or texted (TCPA); nil
	// when no phone number was given.
	Consent *ContactConsent
}

// ContactConsent is what a visitor agreed to, when, and from which address.
type ContactConsent struct {
	Text    string
	At      time.Time
	Address string
}

// CampaignVisit is one arrival through a /c/{campaignId} link.
type CampaignVisit struct {
	ID         string
	CampaignID string
	ResolvedTo string
	VisitedAt  time.Time
}

// Suggestions are texts brokers wrote in earlier analyses, offered again in
// the analysis editor.
type Suggestions struct {
	Recommendations []string
	Pros            []string
	Cons            []string
}

// LoanOfficer is the licensed person behind an analysis: their name and
// individual NMLS ID ("Reviewed by NAME, NMLS #ID").
type LoanOfficer struct {
	Name string
	NMLS string
}

// IsZero is true when no profile was set.
func (o LoanOfficer) IsZero() bool { return o.Name == "" && o.NMLS == "" }

// User is someone who signed in. IsAdmin is read from the admins table,
// never from anything the browser says.
type User struct {
	ID        string
	Email     string
	Name      string
	IsAdmin   bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Session is one sign-in of a user.
type Session struct {
	ID         string
	SecretHash string
	UserID     string
	CreatedAt  time.Time
	ExpiresAt  time.Time
	// NeedsSecondFactor: signed in outside development mode, so an admin
	// must pass the second factor (SecondFactorAt) before acting as one.
	NeedsSecondFactor bool
	SecondFactorAt    *time.Time
	// LastSeenAt is the last time the session minted a token (idle expiry);
	// nil until it first does.
	LastSeenAt *time.Time
}

// AccessToken is a bearer token, valid for minutes, minted from a session.
type AccessToken struct {
	TokenHash string
	SessionID string
	ExpiresAt time.Time
}

// Email is a message in the outbox.
type Email struct {
	ID        string
	To        string
	Subject   string
	Text      string
	HTML      string
	CreatedAt time.Time
}

// Upload is a file a visitor uploaded (or was given a link to upload).
type Upload struct {
	Key         string
	FileName    string
	ContentType string
	Status      string // pending, received or rejected
	Size        *int64
	SHA256      *string
	CreatedAt   time.Time
	ReceivedAt  *time.Time
	AttachedTo  *string
	// Client is who asked for the link (an address, or an IPv6 /64).
	Client string
	// PageOf is the first picture's key when this upload is another page
	// of the same Loan Estimate (SetUploadPages); AttachedTo is then the
	// first picture's.
	PageOf *string
}

// UploadQuota bounds the upload bytes held (CreateUpload).
type UploadQuota struct {
	// Reserve is what a link not yet received counts as: the most a file
	// may be.
	Reserve int64
	// PerClient bounds a client's uploads created since Since; Total bounds
	// all uploads no request names.
	PerClient, Total int64
	Since            time.Time
}

// Upload quota refusals (CreateUpload).
var (
	ErrClientQuota = errors.New("the client's upload quota is used up")
	ErrTotalQuota  = errors.New("the uploads' total quota is used up")
)

// RefiConfirmationClaim is a Refi Buddy confirmation e-mail about to be
// sent, with the keys it is counted by.
type RefiConfirmationClaim struct {
	// Email is the address as kept and sent to (refi.Address).
	Email string
	// Mailbox is the inbox it lands in (refi.Mailbox), for counting only;
	// Domain is that mailbox's domain.
	Mailbox, Domain string
	// DomainCap is how many confirmations Domain may get on At's day (UTC).
	DomainCap int
	// TokenHash is the SHA-256 of the link's token, valid until Expires.
	TokenHash string
	// At is now; NotBefore the start of the window (a day) in which the
	// address and the mailbox get one confirmation.
	At, NotBefore, Expires time.Time
}

// MarketRate is one weekly average of the market survey.
type MarketRate struct {
	Series    string // "30" or "15" (year fixed)
	Week      time.Time
	Rate      float64
	Source    string
	FetchedAt time.Time
}

// BenchmarkRate is one day of a daily benchmark series (an Optimal Blue
// index on FRED, named by its FRED series id).
type BenchmarkRate struct {
	Series    string
	Day       time.Time
	Rate      float64
	Source    string
	FetchedAt time.Time
}

// RefiWatch is a homeowner Refi Buddy watches for them.
type RefiWatch struct {
	QuoteRequestID string
	Email          string
	Balance        float64 // remaining balance plus cash out
	// CashOut is the cash-out part of Balance (0 without): the loan today
	// is Balance less CashOut.
	CashOut   float64
	Current   CurrentMortgage
	CreatedAt time.Time // when the request was made
	// ConfirmedAt is when the address was confirmed; UnsubscribedAt when it
	// last unsubscribed (nil if never).
	ConfirmedAt    time.Time
	UnsubscribedAt *time.Time
	// LastAlert is the address' latest alert, whichever watch it was for.
	LastAlert *RefiAlert
	// Trigger is what the homeowner chose should alert them; PausedAt when
	// they paused the watch (nil: not paused).
	Trigger  RefiTrigger
	PausedAt *time.Time
}

// RefiTrigger is what should trigger a watch's alert (docs/refi-alerts.md).
type RefiTrigger struct {
	Kind  string  // rule (the spec's, the default), savings or break_even
	Value float64 // dollars a month for savings, months for break_even; 0 for rule
}

// SiteCounts are the sizes an operator watches: the outbox, and Refi Buddy
// watches by state (awaiting_confirmation, watching, alerted, unsubscribed).
type SiteCounts struct {
	Outbox  int
	Watches map[string]int
	// UploadBytes is what files no request names hold, received and checked;
	// PendingUploads counts the links whose file is not yet checked.
	UploadBytes    int64
	PendingUploads int
}

// RefiAlert is one "refinancing makes sense now" decision.
type RefiAlert struct {
	ID             string
	QuoteRequestID string
	Email          string // the address, lower-cased
	// UnsubscribeTokenHash is the SHA-256 of the alert's token, which both
	// its unsubscribe link and its manage link carry.
	UnsubscribeTokenHash string
	// RefiFigures are the figures of the decision (refi.Decide) it was sent on.
	RefiFigures
	CreatedAt time.Time
	QueuedAt  *time.Time
}

// RefiFigures are what refinancing a watched loan at a market week's rate
// would do: refi.Decide computes them, an alert keeps them.
type RefiFigures struct {
	// MarketWeek is the week of the series compared with.
	MarketWeek      time.Time
	MarketRate      float64
	NewRate         float64
	NewPayment      float64
	MonthlySavings  float64
	ClosingCosts    float64
	BreakEvenMonths int
}

// RequestStamp names one state of everything the results page shows of a
// request: its row, its quotes, whether it is analysed and its demo mark.
// Version is bumped by the database's triggers on every such write, so no
// write path can forget (decision 0028); CreatedAt (Unix nanoseconds) tells a
// request from an earlier one that had its id.
type RequestStamp struct {
	Version   int64
	CreatedAt int64
}
