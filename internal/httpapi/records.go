package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/api"
	"quotegrade/internal/vocab"
)

// Records deletes, holds and exports requests and keeps the audit trail
// (records.Service; issue 27, docs/records.md).
type Records interface {
	DeleteByVisitor(ctx context.Context, id string) error
	DeleteByManageLink(ctx context.Context, token string) error
	DeleteByBroker(ctx context.Context, id, broker string, r api.RecordsReason) error
	Hold(ctx context.Context, id, broker string, r api.RecordsReason) (api.RecordsStatus, error)
	Release(ctx context.Context, id string) error
	Status(ctx context.Context, id string) (api.RecordsStatus, error)
	Export(ctx context.Context, id string) (api.RecordsExport, error)
	Versions(ctx context.Context, id string) ([]api.AnalysisVersion, error)
	Emails(ctx context.Context, id string) ([]api.KeptEmail, error)
	Record(ctx context.Context, e api.AuditEvent) error
	Audit(ctx context.Context, q api.AuditQuery) ([]api.AuditEvent, error)
	Archive(ctx context.Context) ([]api.ArchivedPage, error)
	ArchivedPage(ctx context.Context, id string) (api.ArchivedPage, string, error)
}

// auditedRoute is what the audit trail calls a broker route, and whether
// its {id} names a quote request.
type auditedRoute struct {
	action    string
	requestID bool
}

// bodyNamesRequest are the audited routes whose JSON body's
// quote_request_id names the request (an e-mail sent from its page).
var bodyNamesRequest = map[string]bool{"POST /api/send-email": true}

// idDetails name what the {id} of an audited route that is no request is.
var idDetails = map[string]string{"GET /api/admin/archive/{id}": "archived page "}

// auditedRoutes are the broker routes that read or change visitor data,
// by method and route pattern: each call is recorded (who, what, when, from
// where) before it is answered, and a call that cannot be recorded is not
// answered. TestEveryBrokerRouteAudited fails for a broker route in neither
// this list nor notAudited.
var auditedRoutes = map[string]auditedRoute{
	"GET /api/admin/quote-requests/pending":                {"read_list", false},
	"GET /api/admin/quote-requests/analyzed":               {"read_list", false},
	"GET /api/admin/quote-requests/{id}":                   {"read_request", true},
	"GET /api/analysis/request/{id}":                       {"read_analysis", true},
	"POST /api/admin/quote-requests/{id}/analysis":         {"edit", true},
	"POST /api/admin/quote-requests/{id}/analysis/preview": {"read_analysis", true},
	"PATCH /api/admin/quote-requests/{id}/broker-quote":    {"edit", true},
	"GET /api/admin/quote-requests/{id}/upload":            {"download_upload", true},
	"GET /api/admin/quote-requests/{id}/loan-estimate":     {"read_loan_estimate", true},
	"GET /api/admin/quote-requests/{id}/email-copy":        {"read_request", true},
	"GET /api/admin/quote-requests/{id}/export":            {"export", true},
	"GET /api/admin/quote-requests/{id}/records":           {"read_records", true},
	"GET /api/admin/quote-requests/{id}/versions":          {"read_analysis", true},
	"GET /api/admin/quote-requests/{id}/emails":            {"read_records", true},
	"PUT /api/admin/quote-requests/{id}/hold":              {"hold", true},
	"DELETE /api/admin/quote-requests/{id}/hold":           {"release_hold", true},
	"DELETE /api/admin/quote-requests/{id}":                {"delete", true},
	"GET /api/admin/contact-requests":                      {"read_list", false},
	"POST /api/admin/contact-requests/{id}/answered":       {"edit", false},
	"POST /api/send-email":                                 {"email", false},
	"GET /api/admin/outbox":                                {"read_list", false},
	"GET /api/admin/refi-watches":                          {"read_list", false},
	"GET /api/admin/audit":                                 {"read_audit", false},
	"GET /api/admin/archive":                               {"read_archive", false},
	"GET /api/admin/archive/{id}":                          {"read_archive", false},
}

// notAudited are the broker routes that touch no visitor's data: market
// figures, the editor's phrases, a Refi Buddy run (which e-mails by itself).
var notAudited = map[string]bool{
	"GET /api/analysis-suggestions":         true,
	"GET /api/admin/market-rates":           true,
	"POST /api/admin/market-data/preview":   true,
	"POST /api/admin/market-data/apply":     true,
	"GET /api/admin/market-rates/weeks":     true,
	"DELETE /api/admin/market-rates/{week}": true,
	"POST /api/admin/refi-watches/run":      true,
	// The broker's own loan officer profile.
	"GET /api/admin/profile": true,
	"PUT /api/admin/profile": true,
	// The brokers and who has enrolled a second factor: no visitor's data.
	"GET /api/admin/admins": true,
}

// audit records an audited broker route's call before answering it.
func (s *Server) audit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pattern := r.Method + " " + routePattern(r)
		route, ok := auditedRoutes[pattern]
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		e := api.AuditEvent{Actor: currentUser(r.Context()).Email, Action: route.action, Address: s.clients.address(r).String()}
		if id := chi.URLParam(r, "id"); id != "" {
			if route.requestID {
				e.QuoteRequestID = &id
			} else {
				e.Detail = "contact request " + id
				if name, ok := idDetails[pattern]; ok {
					e.Detail = name + id
				}
			}
		}
		if bodyNamesRequest[pattern] {
			e.QuoteRequestID = bodyQuoteRequestID(w, r)
		}
		if err := s.records.Record(r.Context(), e); err != nil {
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bodyQuoteRequestID reads the quote_request_id of a JSON body and puts the
// body back for the handler; nil when the body names none (or is not JSON:
// the handler refuses it).
func bodyQuoteRequestID(w http.ResponseWriter, r *http.Request) *string {
	limited := http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(limited)
	// What was read, then the reader's own error again (too large, too
	// slow): the handler answers it as it would without the peek.
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), limited))
	if err != nil {
		return nil
	}
	var named struct {
		QuoteRequestID any `json:"quote_request_id"`
	}
	if json.Unmarshal(body, &named) != nil {
		return nil
	}
	if id, ok := named.QuoteRequestID.(string); ok && id != "" {
		return &id
	}
	return nil
}

// deleteQuoteRequest is the visitor's "Delete my request": the request id
// in their results link is their key to it.
func (s *Server) deleteQuoteRequest(w http.ResponseWriter, r *http.Request) {
	if err := s.records.DeleteByVisitor(r.Context(), chi.URLParam(r, "id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// refiDeleteData is "Delete my data" on Refi Buddy's manage page.
func (s *Server) refiDeleteData(w http.ResponseWriter, r *http.Request) {
	if err := s.records.DeleteByManageLink(r.Context(), r.URL.Query().Get("token")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) adminQuoteRequest(w http.ResponseWriter, r *http.Request) {
	out, err := s.results.AdminQuoteRequest(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) adminDeleteQuoteRequest(w http.ResponseWriter, r *http.Request) {
	var reason api.RecordsReason
	if err := decode(w, r, &reason, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.records.DeleteByBroker(r.Context(), chi.URLParam(r, "id"), currentUser(r.Context()).Email, reason); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) recordsStatus(w http.ResponseWriter, r *http.Request) {
	out, err := s.records.Status(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// analysisVersions lists every save of the request's analysis.
func (s *Server) analysisVersions(w http.ResponseWriter, r *http.Request) {
	out, err := s.records.Versions(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

// keptEmails lists the e-mails sent about the request.
func (s *Server) keptEmails(w http.ResponseWriter, r *http.Request) {
	out, err := s.records.Emails(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) holdQuoteRequest(w http.ResponseWriter, r *http.Request) {
	var reason api.RecordsReason
	if err := decode(w, r, &reason, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.records.Hold(r.Context(), chi.URLParam(r, "id"), currentUser(r.Context()).Email, reason)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) releaseQuoteRequest(w http.ResponseWriter, r *http.Request) {
	if err := s.records.Release(r.Context(), chi.URLParam(r, "id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// exportQuoteRequest answers the request's records as a JSON download.
func (s *Server) exportQuoteRequest(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	out, err := s.records.Export(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="quote-request-`+out.QuoteRequest.ID+`.json"`)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) auditTrail(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	out, err := s.records.Audit(r.Context(), api.AuditQuery{Actor: q.Get("broker"), QuoteRequestID: q.Get("request"), From: q.Get("from"), To: q.Get("to")})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// pageArchive lists the kept versions of the public pages and the site file.
func (s *Server) pageArchive(w http.ResponseWriter, r *http.Request) {
	out, err := s.records.Archive(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// archivedPage sends one kept version as a plain-text download: the HTML is
// evidence to read, never a page to run in the admin origin.
func (s *Server) archivedPage(w http.ResponseWriter, r *http.Request) {
	p, content, err := s.records.ArchivedPage(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	name := "site-file"
	if p.Path != vocab.ArchivedSiteFile {
		name = prerenderedName(p.Path)
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name+"-"+p.FirstServedAt.UTC().Format("2006-01-02")+"-"+p.Hash[:min(12, len(p.Hash))]+".txt"))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, content)
}
