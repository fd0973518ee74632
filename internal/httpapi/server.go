// Package httpapi is quotegrade's HTTP layer: routing, middleware and handlers
// that decode a request, call one service method and write the answer. It also
// serves the embedded single-page app and the OpenAPI document.
package httpapi

import (
	"context"
	_ "embed"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	lru "github.com/hashicorp/golang-lru/v2"

	"quotegrade/internal/blob"
	"quotegrade/internal/site"
)

//go:embed openapi.json
var openAPIDocument []byte

// Deps is what the HTTP layer needs: services to call, never the store.
type Deps struct {
	// Results answers every read with its figures (internal/results).
	Results  Answers
	Quotes   QuoteRequests
	Contacts Contacts
	Mail     BrokerMail
	// Outbox lists the e-mails kept when no SMTP server is configured.
	Outbox Outbox
	// Suggestions are the analysis editor's phrases.
	Suggestions Suggestions
	Uploads     Uploads
	Rates       NationalRates
	// MarketData imports the broker's FRED or Freddie Mac file (admin Market data page).
	MarketData MarketData
	Refi       RefiBuddy
	// Figures computes one loan's payment, APR and fees (POST /api/calculate).
	Figures Calculator
	// PublicWrites counts public writes when copies share the write limit.
	PublicWrites PublicWriteCounter
	// Now is the clock (rate-limit windows, request timings).
	Now func() time.Time
	// LocalBlobs answers signed upload links when files live in the data dir.
	LocalBlobs *blob.Local
	Sessions   Sessions
	// OIDC signs brokers in; nil when no identity provider is configured.
	OIDC SignInProvider
	// LocalAdmin offers "Sign in as local admin" (development, loopback only).
	LocalAdmin bool
	// PublicURL is the site's address as browsers see it (links in e-mails).
	PublicURL string
	// SecureCookies marks sign-in cookies Secure (the site is served over https).
	SecureCookies bool
	Log           *slog.Logger
	Version       string
	// Web is the built single-page app (index.html and assets/); nil serves
	// a note that the web app was not built.
	Web fs.FS
	// Pages is the app's route table: other paths answer 404.
	Pages PageRoutes
	// WriteLimit is how many public writes one client address may make a
	// minute; 0 means the default.
	WriteLimit int

	// UploadOrigin is where browsers PUT files when they live elsewhere (S3).
	UploadOrigin string

	// TrustedProxies may name the client in X-Forwarded-For or Forwarded.
	TrustedProxies []netip.Prefix
	// SharedWriteLimit counts the write limit in the database, for copies
	// sharing one PostgreSQL database.
	SharedWriteLimit bool
	// Metrics counts requests for /metrics; nil measures nothing.
	Metrics RequestMetrics
	// MetricsElsewhere means /metrics is served on --metrics-addr, not here.
	MetricsElsewhere bool
	// Site is the operator's brokerage, contacts and lenders (GET /api/site).
	Site site.Site
	// Records deletes, holds and exports requests and keeps the audit trail.
	Records Records
}

// PublicWriteCounter counts a client's public writes in the database, in
// fixed windows (writelimit.Counter does): the window's count so far, when
// it ends, and the time it was counted at.
type PublicWriteCounter interface {
	Count(ctx context.Context, key string, window time.Duration) (n int, reset, now time.Time, err error)
}

// DefaultWriteLimit allows a visitor a full wizard, notify form and contact
// question many times over, and stops a script.
const DefaultWriteLimit = 30

// Server holds the handlers' dependencies.
type Server struct {
	results       Answers
	publicWrites  PublicWriteCounter
	now           func() time.Time
	quotes        QuoteRequests
	contacts      Contacts
	mail          BrokerMail
	outboxList    Outbox
	suggestionsOf Suggestions
	uploads       Uploads
	rates         NationalRates
	marketData    MarketData
	refi          RefiBuddy
	figures       Calculator
	sessions      Sessions
	oidc          SignInProvider
	localAdmin    bool
	secureCookies bool
	publicURL     string
	log           *slog.Logger
	version       string
	// clients names who sent a request (for the write limit and /metrics).
	clients          clientAddresses
	sharedWriteLimit bool
	metrics          RequestMetrics
	site             site.Site
	records          Records
	// answers are encoded revalidated answers by ETag (writeRevalidated).
	answers *lru.Cache[string, []byte]
	// healthAnswers is the last health answer, encoded.
	healthAnswers healthAnswers
	// slowBodies paces the log line about bodies that arrive too slowly.
	slowBodies sometimes
}

// New builds the whole HTTP handler: API under /api, the SPA for the rest.
func New(d Deps) http.Handler {
	s := &Server{results: d.Results, publicWrites: d.PublicWrites, now: d.Now, quotes: d.Quotes, contacts: d.Contacts, mail: d.Mail, outboxList: d.Outbox, suggestionsOf: d.Suggestions, uploads: d.Uploads, rates: d.Rates, marketData: d.MarketData, refi: d.Refi, figures: d.Figures, sessions: d.Sessions,
		oidc: d.OIDC, localAdmin: d.LocalAdmin, secureCookies: d.SecureCookies, publicURL: d.PublicURL, log: d.Log, version: d.Version,
		clients: newClientAddresses(d.TrustedProxies), sharedWriteLimit: d.SharedWriteLimit, metrics: d.Metrics, site: d.Site,
		records: d.Records, answers: newAnswerCache()}
	limit := d.WriteLimit
	if limit <= 0 {
		limit = DefaultWriteLimit
	}
	r := chi.NewRouter()
	r.Use(s.recoverer, securityHeaders(contentSecurityPolicy(d.UploadOrigin), strings.HasPrefix(d.PublicURL, "https://")), s.requestLog)
	var scrape http.Handler
	if d.Metrics != nil && !d.MetricsElsewhere {
		scrape = d.Metrics.Handler()
	}
	r.Use(compress)
	r.Get("/metrics", s.serveMetrics(scrape))
	// One count of public writes per client, whichever route they use.
	publicLimit := s.rateLimit("public", limit, time.Minute)
	// The API's routes are registered with their whole paths on the one
	// router, not on a router mounted at /api: a mount walks a second tree and
	// sets a wildcard on every request (docs/performance.md).
	r.Group(func(r chi.Router) {
		r.Get("/api/health", s.health)
		r.Get("/api/openapi.json", serveOpenAPI)
		r.Get("/api/site", s.getSite)
		r.Get("/api/quote-requests/{id}", s.getQuoteRequest)
		r.Get("/api/quote-requests/{id}/analysis", s.getQuoteRequestAnalysis)
		r.Get("/api/national-rates", s.nationalRates)
		r.Get("/api/refi-buddy/manage", s.refiManage)
		r.Post("/api/calculate", s.calculate)
		r.Group(func(r chi.Router) {
			r.Use(publicLimit, publicWrites(d.PublicURL))
			r.Post("/api/quote-requests/submit", s.submitQuoteRequest)
			r.With(s.noticeSignIn).Post("/api/analysis/{id}/viewed", s.recordAnalysisViewed)
			r.Patch("/api/quote-requests/{id}/contact-info", s.updateContactInfo)
			r.Patch("/api/quote-requests/{id}/broker-quote", s.updateBrokerQuote)
			r.Post("/api/contact-requests/submit", s.submitContactRequest)
			r.Post("/api/analytics/track-campaign", s.trackCampaign)
			r.Post("/api/uploads/presigned-url", s.presignUpload)
			r.Post("/api/uploads/check", s.checkUpload)
			r.Post("/api/refi-buddy/confirm", s.refiConfirm)
			r.Put("/api/refi-buddy/manage", s.refiSetTrigger)
			r.Post("/api/refi-buddy/manage", s.refiManageAction)
			r.Delete("/api/quote-requests/{id}", s.deleteQuoteRequest)
			r.Delete("/api/refi-buddy/manage", s.refiDeleteData)
		})
		// One-click unsubscribe comes from mail clients as a form post
		// (RFC 8058); the secret token in its URL is what guards it.
		r.With(publicLimit).Post("/api/refi-buddy/unsubscribe", s.refiUnsubscribe)
		if d.LocalBlobs != nil {
			local := d.LocalBlobs.Handler().ServeHTTP
			r.With(s.rateLimit("upload", limit, time.Minute)).Put("/api/uploads/local/*", local)
			r.Get("/api/uploads/local/*", local)
		}
		r.Get("/api/auth/config", s.authConfig)
		r.Get("/api/auth/login", s.login)
		r.Get("/api/auth/callback", s.callback)
		r.With(s.rateLimit("sign-in", limit, time.Minute)).Post("/api/auth/local-admin", s.localAdminSignIn)
		r.Post("/api/auth/token", s.token)
		r.Post("/api/auth/logout", s.logout)
		r.Get("/api/auth/second-factor", s.secondFactorStatus)
		r.Group(func(r chi.Router) {
			// Per address, on top of the per-broker lockout (decision 0039).
			r.Use(s.rateLimit("second-factor", limit, time.Minute), publicWrites(d.PublicURL))
			r.Post("/api/auth/second-factor/enrol", s.startEnrolment)
			r.Post("/api/auth/second-factor/confirm", s.confirmEnrolment)
			r.Post("/api/auth/second-factor/verify", s.verifySecondFactor)
		})
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser)
			r.Post("/api/users", s.syncUser)
			r.Get("/api/users/{uid}", s.getUser)
		})
		// Everything brokers use. Guarded as a group so a route added here
		// cannot ship unguarded; the permission matrix test checks it.
		r.Group(func(r chi.Router) {
			// Every broker read and change of visitor data is audited
			// (records.go lists which route is which).
			r.Use(s.requireAdmin, s.audit)
			r.Get("/api/admin/quote-requests/pending", s.listRequests(false))
			r.Get("/api/admin/quote-requests/analyzed", s.listRequests(true))
			r.Post("/api/admin/quote-requests/{id}/analysis", s.saveAnalysis)
			r.Post("/api/admin/quote-requests/{id}/analysis/preview", s.previewAnalysis)
			r.Patch("/api/admin/quote-requests/{id}/broker-quote", s.adminUpdateBrokerQuote)
			r.Get("/api/admin/contact-requests", s.listContactRequests)
			r.Post("/api/admin/contact-requests/{id}/answered", s.markContactRequestAnswered)
			r.Get("/api/analysis/request/{id}", s.adminAnalysis)
			r.Get("/api/analysis-suggestions", s.suggestions)
			r.Post("/api/send-email", s.sendEmail)
			r.Get("/api/admin/outbox", s.outbox)
			r.Get("/api/admin/market-rates", s.marketRateHistory)
			r.Get("/api/admin/market-rates/weeks", s.storedMarketWeeks)
			r.Delete("/api/admin/market-rates/{week}", s.deleteMarketWeek)
			r.Post("/api/admin/market-data/preview", s.previewMarketData)
			r.Post("/api/admin/market-data/apply", s.applyMarketData)
			r.Get("/api/admin/refi-watches", s.refiWatches)
			r.Post("/api/admin/refi-watches/run", s.refiRun)
			r.Get("/api/admin/quote-requests/{id}/upload", s.downloadUpload)
			r.Get("/api/admin/quote-requests/{id}/loan-estimate", s.loanEstimateReview)
			r.Get("/api/admin/quote-requests/{id}/email-copy", s.emailCopy)
			r.Get("/api/admin/quote-requests/{id}", s.adminQuoteRequest)
			r.Delete("/api/admin/quote-requests/{id}", s.adminDeleteQuoteRequest)
			r.Get("/api/admin/quote-requests/{id}/records", s.recordsStatus)
			r.Get("/api/admin/quote-requests/{id}/versions", s.analysisVersions)
			r.Get("/api/admin/quote-requests/{id}/emails", s.keptEmails)
			r.Get("/api/admin/quote-requests/{id}/export", s.exportQuoteRequest)
			r.Put("/api/admin/quote-requests/{id}/hold", s.holdQuoteRequest)
			r.Delete("/api/admin/quote-requests/{id}/hold", s.releaseQuoteRequest)
			r.Get("/api/admin/audit", s.auditTrail)
			r.Get("/api/admin/archive", s.pageArchive)
			r.Get("/api/admin/archive/{id}", s.archivedPage)
			r.Get("/api/admin/profile", s.getProfile)
			r.Put("/api/admin/profile", s.setProfile)
			r.Get("/api/admin/admins", s.admins)
		})
	})
	r.MethodNotAllowed(methodNotAllowed(r))
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		if isAPIPath(r.URL.Path) {
			apiNotFound(w, r)
			return
		}
		http.NotFound(w, r)
	})
	r.Get("/robots.txt", robots(d.PublicURL))
	r.Get("/sitemap.xml", sitemap(d.PublicURL, d.Pages))
	spa := pageOrAPINotFound(spaHandler(d.Web, d.Pages, d.Site, d.PublicURL))
	r.Get("/*", spa)
	r.Head("/*", spa)
	return r
}

// An unknown path under /api is answered in JSON, never with the web app's
// page, though the web app's route takes every other GET.
func apiNotFound(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusNotFound, errorBody{Error: "Not found"})
}

func pageOrAPINotFound(page http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if isAPIPath(r.URL.Path) {
			apiNotFound(w, r)
			return
		}
		page.ServeHTTP(w, r)
	}
}

// allMethods are the methods a route may take, in the order Allow lists them.
var allMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// methodNotAllowed answers a method a path does not take, with the methods
// it does (Allow). An API path that only the web app's route takes is
// unknown to the API: 404, as the API answers any unknown path.
func methodNotAllowed(routes chi.Routes) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !isAPIPath(r.URL.Path) {
			w.Header().Set("Allow", "GET, HEAD")
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		path := r.URL.RawPath
		if path == "" {
			path = r.URL.Path
		}
		var allow []string
		for _, m := range allMethods {
			if rc := chi.NewRouteContext(); routes.Match(rc, m, path) && rc.RoutePattern() != "/*" {
				allow = append(allow, m)
			}
		}
		if len(allow) == 0 {
			apiNotFound(w, r)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: "Method not allowed"})
	}
}

func serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(OpenAPIDocument())
}

// OpenAPIDocument is the API document this server serves at
// /api/openapi.json (the tests check every answer against it). The caller
// must not change it.
func OpenAPIDocument() []byte { return openAPIDocument }

func newAnswerCache() *lru.Cache[string, []byte] {
	c, err := lru.New[string, []byte](answerCacheSize)
	if err != nil {
		panic(err) // only a size below 1 fails
	}
	return c
}
