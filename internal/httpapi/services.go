package httpapi

import (
	"context"
	"net/http"
	"time"

	"quotegrade/internal/api"
)

// What the HTTP layer needs of each service, declared here where it is used
// (docs/decisions/0014): the handlers speak to the services in the API's
// payloads and answers (internal/api) only, so this package depends on
// neither the store nor the mortgage arithmetic. internal/app passes the
// concrete services.

// Answers is the read side (results.Service): every answer with its figures,
// and the writes that answer with a record. The admin lists without figures
// and the uploads' answers come from the services that own them (Contacts,
// Outbox, Suggestions, RefiBuddy, MarketData, Sessions, Uploads).
type Answers interface {
	Health(ctx context.Context) (api.Health, error)
	QuoteRequest(ctx context.Context, id string) (api.Answer[api.QuoteRequest], error)
	Analysis(ctx context.Context, requestID string) (api.Answer[api.Analysis], error)
	// UpdateContactInfo's from is the client's address, kept with a consent to calls and texts.
	UpdateContactInfo(ctx context.Context, id string, u api.ContactInfoUpdate, from string) (api.ContactInfo, error)
	UpdateBrokerQuote(ctx context.Context, id string, u api.BrokerQuoteUpdate) (api.QuoteRequest, error)
	CorrectBrokerQuote(ctx context.Context, id string, u api.BrokerQuoteUpdate) (api.QuoteRequest, error)
	AdminAnalysis(ctx context.Context, requestID string) (api.Analysis, error)
	SaveAnalysis(ctx context.Context, requestID, reviewerEmail string, sub api.AnalysisSubmission) (api.Analysis, error)
	Preview(ctx context.Context, requestID string, sub api.AnalysisPreviewSubmission) (api.Preview, error)
	QuoteRequests(ctx context.Context, analysed bool) ([]api.QuoteRequest, error)
	// AdminQuoteRequest is QuoteRequest for brokers: the full e-mail and phone.
	AdminQuoteRequest(ctx context.Context, id string) (api.QuoteRequest, error)
	EmailCopy(ctx context.Context, requestID string) (api.EmailCopy, error)
}

// QuoteRequests takes a visitor's quote request (quoterequest.Service).
type QuoteRequests interface {
	Submit(ctx context.Context, sub api.QuoteRequestSubmission) (string, error)
	RecordView(ctx context.Context, analysisID string, viewer *string) error
}

// Contacts takes the contact form and campaign visits, and lists the
// questions for brokers (contact.Service).
type Contacts interface {
	// Submit's from is the client's address, kept with a consent to calls and texts.
	Submit(ctx context.Context, sub api.ContactSubmission, from string) (string, error)
	List(ctx context.Context) ([]api.ContactRequest, error)
	TrackCampaign(ctx context.Context, v api.CampaignVisit) error
	MarkAnswered(ctx context.Context, id, by string) error
}

// BrokerMail queues a broker's e-mail and answers its id (mail.BrokerMail).
type BrokerMail interface {
	Send(ctx context.Context, form api.BrokerEmail, sender string) (string, error)
}

// Outbox lists the e-mails kept instead of sent (mail.Outbox).
type Outbox interface {
	List(ctx context.Context) ([]api.OutboxEmail, error)
}

// Suggestions are the phrases brokers used most (analysis.Service).
type Suggestions interface {
	SuggestionsAnswer(ctx context.Context) (api.Suggestions, error)
}

// Uploads hands out upload links, checks and reads a file just uploaded,
// and answers a request's stored upload for the broker (upload.Service).
type Uploads interface {
	Presign(ctx context.Context, r api.UploadRequest, client string) (api.UploadLink, error)
	CheckUpload(ctx context.Context, r api.CheckUpload) (api.CheckedUpload, error)
	QuoteFileLinks(ctx context.Context, requestID string) (api.QuoteFileLink, error)
	LoanEstimateReview(ctx context.Context, requestID string) (api.LoanEstimateReview, error)
}

// NationalRates answers the latest survey figures (rates.Service).
type NationalRates interface {
	Latest(ctx context.Context) ([]api.NationalRate, error)
}

// MarketData imports a broker's market-data file (rates.Service): the
// preview stores nothing, the apply stores the whole file or nothing; and
// answers the dashboard's chart of the weekly rates.
type MarketData interface {
	MarketRateHistory(ctx context.Context, series string, weeks int) (api.MarketRateHistory, error)
	StoredWeeks(ctx context.Context) (api.StoredMarketWeeks, error)
	DeleteWeek(ctx context.Context, week string) error
	PreviewImport(ctx context.Context, file []byte) (api.MarketDataPreview, error)
	ApplyImport(ctx context.Context, file []byte) (api.MarketDataPreview, error)
}

// RefiBuddy confirms and ends Refi Buddy alerts, answers the manage page a
// link in its e-mails opens, and lists and runs the watches for brokers
// (refi.Service).
type RefiBuddy interface {
	WatchList(ctx context.Context) ([]api.RefiWatch, error)
	RunNow(ctx context.Context) (api.RefiRun, error)
	Confirm(ctx context.Context, token string) error
	Unsubscribe(ctx context.Context, token string) error
	Manage(ctx context.Context, token string) (api.RefiManage, error)
	SetTrigger(ctx context.Context, token string, t api.RefiTrigger) (api.RefiManage, error)
	Act(ctx context.Context, token string, a api.RefiManageAction) (api.RefiManage, error)
}

// Calculator computes one loan's figures (figures.Service).
type Calculator interface {
	Calculate(c api.Calculation) (api.Calculated, error)
}

// Sessions signs brokers in and out, checks bearer tokens and reads a user
// (auth.Sessions).
type Sessions interface {
	User(ctx context.Context, id string) (api.User, error)
	SignIn(ctx context.Context, id api.Identity) (string, error)
	SignInAsAdmin(ctx context.Context, id api.Identity) (string, error)
	MintToken(ctx context.Context, cookie string) (api.BearerToken, api.User, error)
	Authenticate(ctx context.Context, bearer string) (api.User, error)
	SignOut(ctx context.Context, cookie string) error
	// The signed-in broker's loan officer profile (auth.Sessions).
	Profile(ctx context.Context, email string) (api.LoanOfficerProfile, error)
	SetProfile(ctx context.Context, email string, in api.LoanOfficerInput) (api.LoanOfficerProfile, error)
	RequireLoanOfficer(ctx context.Context, email string) error
	// The second factor (decision 0039), on the session cookie.
	SecondFactorStatus(ctx context.Context, cookie string) (api.SecondFactorStatus, error)
	StartEnrolment(ctx context.Context, cookie string) (api.SecondFactorEnrolment, error)
	ConfirmEnrolment(ctx context.Context, cookie, code string) ([]string, error)
	VerifySecondFactor(ctx context.Context, cookie, code string) error
	// Admins lists the brokers and who has enrolled a second factor.
	Admins(ctx context.Context) ([]api.AdminAccount, error)
}

// SignInProvider is the identity provider's sign-in (auth.OIDC).
type SignInProvider interface {
	AuthURL(state, nonce, verifier string) string
	Exchange(ctx context.Context, code, verifier, nonce string) (api.Identity, error)
	// HostedDomain is the only Google Workspace domain admitted, or "".
	HostedDomain() string
}

// RequestMetrics counts requests for /metrics (metrics.Metrics).
type RequestMetrics interface {
	RateLimited()
	ObserveRequest(route, method string, status int, took time.Duration)
	Handler() http.Handler
}
