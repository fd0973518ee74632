// Package httpapi is quotegrade's HTTP layer: routing, middleware and handlers
// that decode a request, call one service method and write the answer. It also
// serves the embedded single-page app and the OpenAPI document.
package httpapi

import (
	_ "embed"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/contact"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/store"
)

//go:embed openapi.json
var openAPIDocument []byte

// Deps is what the HTTP layer needs.
type Deps struct {
	Store    store.Store
	Quotes   *quoterequest.Service
	Contacts *contact.Service
	Log      *slog.Logger
	Version  string
	// Web is the built single-page app (index.html and assets/); nil serves
	// a note that the web app was not built.
	Web fs.FS
	// WriteLimit is how many public writes one client address may make a
	// minute; 0 means the default.
	WriteLimit int
}

// DefaultWriteLimit allows a visitor a full wizard, notify form and contact
// question many times over, and stops a script.
const DefaultWriteLimit = 30

// Server holds the handlers' dependencies.
type Server struct {
	store    store.Store
	quotes   *quoterequest.Service
	contacts *contact.Service
	log      *slog.Logger
	version  string
}

// New builds the whole HTTP handler: API under /api, the SPA for the rest.
func New(d Deps) http.Handler {
	s := &Server{store: d.Store, quotes: d.Quotes, contacts: d.Contacts, log: d.Log, version: d.Version}
	limit := d.WriteLimit
	if limit <= 0 {
		limit = DefaultWriteLimit
	}
	r := chi.NewRouter()
	r.Use(s.recoverer, securityHeaders, s.requestLog)
	r.Route("/api", func(r chi.Router) {
		r.Use(noStore)
		r.Get("/health", s.health)
		r.Get("/openapi.json", serveOpenAPI)
		r.Get("/quote-requests/{id}", s.getQuoteRequest)
		r.Get("/quote-requests/{id}/analysis", s.getQuoteRequestAnalysis)
		r.Group(func(r chi.Router) {
			r.Use(rateLimit(limit, time.Minute))
			r.Post("/quote-requests/submit", s.submitQuoteRequest)
			r.Post("/analysis/{id}/viewed", s.recordAnalysisViewed)
			r.Patch("/quote-requests/{id}/contact-info", s.updateContactInfo)
			r.Patch("/quote-requests/{id}/broker-quote", s.updateBrokerQuote)
			r.Post("/contact-requests/submit", s.submitContactRequest)
			r.Post("/analytics/track-campaign", s.trackCampaign)
		})
		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusNotFound, errorBody{Error: "Not found"})
		})
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: "Method not allowed"})
		})
	})
	spa := spaHandler(d.Web)
	r.Get("/*", spa)
	r.Head("/*", spa)
	return r
}

// Routes lists every API route the router registers, for tests that check the
// OpenAPI document and, later, the permission matrix against it.
func Routes(h http.Handler) ([][2]string, error) {
	var routes [][2]string
	err := chi.Walk(h.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		routes = append(routes, [2]string{method, route})
		return nil
	})
	return routes, err
}

func serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(openAPIDocument)
}
