package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/api"
	"quotegrade/internal/secret"
)

type idAnswer struct {
	ID string `json:"id"`
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	// The store bounds its own ping (sqlstore.pingTimeout): a timer per
	// health check here cost more than the check, which mostly reuses the
	// last answer (docs/performance.md).
	ctx := r.Context()
	h, err := s.results.Health(ctx)
	if errors.Is(err, api.ErrDatabaseDown) {
		s.log.ErrorContext(ctx, "health: database does not answer", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: "The database is not answering"})
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if body, ok := s.healthAnswers.body(h); ok {
		writeEncoded(w, http.StatusOK, body)
		return
	}
	writeJSON(w, http.StatusOK, h)
}

// healthKey is everything a health answer holds, comparable.
type healthKey struct {
	status, version string
	hasAge          bool
	age             string // the market age, every series' included
}

func healthKeyOf(h api.Health) healthKey {
	k := healthKey{status: h.Status, version: h.Version, hasAge: h.MarketData != nil}
	if k.hasAge {
		k.age = fmt.Sprintf("%+v", *h.MarketData)
	}
	return k
}

// healthAnswer is a health answer's encoding.
type healthAnswer struct {
	key  healthKey
	body []byte
}

// healthAnswers keeps the last health answer's encoding: it changes once a
// day (the market data's age) or with the build, and encoding it anew was a
// tenth of a health check (docs/performance.md).
type healthAnswers struct{ last atomic.Pointer[healthAnswer] }

// body is h encoded, or false when it cannot be (writeJSON then answers
// the logged 500).
func (c *healthAnswers) body(h api.Health) ([]byte, bool) {
	key := healthKeyOf(h)
	if last := c.last.Load(); last != nil && last.key == key {
		return last.body, true
	}
	body, err := json.Marshal(h)
	if err != nil {
		return nil, false
	}
	body = append(body, '\n')
	c.last.Store(&healthAnswer{key: key, body: body})
	return body, true
}

func (s *Server) submitQuoteRequest(w http.ResponseWriter, r *http.Request) {
	var sub api.QuoteRequestSubmission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := s.quotes.Submit(r.Context(), sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "quote request submitted", "quote_request", secret.LogName(id))
	writeJSON(w, http.StatusCreated, idAnswer{ID: id})
}

func (s *Server) getQuoteRequest(w http.ResponseWriter, r *http.Request) {
	out, err := s.results.QuoteRequest(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeRevalidated(w, r, out.ETag, out.Body)
}

func (s *Server) getQuoteRequestAnalysis(w http.ResponseWriter, r *http.Request) {
	out, err := s.results.Analysis(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeRevalidated(w, r, out.ETag, out.Body)
}

// recordAnalysisViewed notes a view. The viewer is taken from a valid sign-in
// (the spec's viewed_by; noticeSignIn looked it up), never from the body,
// which anyone could fill in.
func (s *Server) recordAnalysisViewed(w http.ResponseWriter, r *http.Request) {
	var v api.AnalysisViewed
	if err := decode(w, r, &v, true); err != nil {
		s.writeError(w, r, err)
		return
	}
	var viewer *string
	if u, ok := signedInUser(r.Context()); ok {
		viewer = &u.Email
	}
	if err := s.quotes.RecordView(r.Context(), chi.URLParam(r, "id"), viewer); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) updateContactInfo(w http.ResponseWriter, r *http.Request) {
	var u api.ContactInfoUpdate
	if err := decode(w, r, &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.results.UpdateContactInfo(r.Context(), chi.URLParam(r, "id"), u, s.clients.address(r).String())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) updateBrokerQuote(w http.ResponseWriter, r *http.Request) {
	var u api.BrokerQuoteUpdate
	if err := decode(w, r, &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.results.UpdateBrokerQuote(r.Context(), chi.URLParam(r, "id"), u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) submitContactRequest(w http.ResponseWriter, r *http.Request) {
	var sub api.ContactSubmission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := s.contacts.Submit(r.Context(), sub, s.clients.address(r).String())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "contact request submitted", "contact_request", secret.LogName(id))
	writeJSON(w, http.StatusCreated, idAnswer{ID: id})
}

func (s *Server) trackCampaign(w http.ResponseWriter, r *http.Request) {
	var v api.CampaignVisit
	if err := decode(w, r, &v, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.contacts.TrackCampaign(r.Context(), v); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
