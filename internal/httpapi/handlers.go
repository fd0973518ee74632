package httpapi

import (
	"context"
	"net/http"
	"quotegrade/internal/secret"
	"time"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/contact"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
)

type idAnswer struct {
	ID string `json:"id"`
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.ErrorContext(ctx, "health: database does not answer", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: "The database is not answering"})
		return
	}
	// The market data's age, so monitoring notices a rates source that
	// stopped updating; null before any rates are stored.
	age, err := s.rates.Age(ctx)
	if err != nil {
		s.log.WarnContext(ctx, "health: market data age unknown", "err", err)
	}
	writeJSON(w, http.StatusOK, healthJSON{Status: "ok", Version: s.version, MarketData: age})
}

func (s *Server) submitQuoteRequest(w http.ResponseWriter, r *http.Request) {
	var sub quoterequest.Submission
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
	req, analyzed, err := s.quotes.GetForResults(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.quoteRequestJSON(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out.Analyzed = &analyzed
	writeJSON(w, http.StatusOK, out)
}

// writeQuoteRequest answers a request with its figures and instant grade.
func (s *Server) writeQuoteRequest(w http.ResponseWriter, r *http.Request, req store.QuoteRequest) {
	out, err := s.quoteRequestJSON(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// writeAnalysis answers an analysis with its figures and refinance advice.
func (s *Server) writeAnalysis(w http.ResponseWriter, r *http.Request, a store.Analysis) {
	out, err := s.analysisJSON(r.Context(), a)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) getQuoteRequestAnalysis(w http.ResponseWriter, r *http.Request) {
	a, err := s.quotes.Analysis(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeAnalysis(w, r, a)
}

// recordAnalysisViewed notes a view. The viewer is taken from a valid sign-in
// (the spec's viewed_by), never from the body, which anyone could fill in.
func (s *Server) recordAnalysisViewed(w http.ResponseWriter, r *http.Request) {
	var v quoterequest.Viewed
	if err := decode(w, r, &v, true); err != nil {
		s.writeError(w, r, err)
		return
	}
	var viewer *string
	if u, err := s.sessions.Authenticate(r.Context(), bearer(r)); err == nil {
		viewer = &u.Email
	}
	if err := s.quotes.RecordView(r.Context(), chi.URLParam(r, "id"), viewer); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) updateContactInfo(w http.ResponseWriter, r *http.Request) {
	var u quoterequest.ContactInfoUpdate
	if err := decode(w, r, &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.quotes.UpdateContactInfo(r.Context(), chi.URLParam(r, "id"), u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, contactInfoJSON{Email: c.Email, Phone: c.Phone, PreferredContactMethod: c.PreferredContactMethod})
}

func (s *Server) updateBrokerQuote(w http.ResponseWriter, r *http.Request) {
	var u quoterequest.BrokerQuoteUpdate
	if err := decode(w, r, &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	req, err := s.quotes.UpdateBrokerQuote(r.Context(), chi.URLParam(r, "id"), u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeQuoteRequest(w, r, req)
}

func (s *Server) submitContactRequest(w http.ResponseWriter, r *http.Request) {
	var sub contact.Submission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := s.contacts.Submit(r.Context(), sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "contact request submitted", "contact_request", secret.LogName(id))
	writeJSON(w, http.StatusCreated, idAnswer{ID: id})
}

func (s *Server) trackCampaign(w http.ResponseWriter, r *http.Request) {
	var v contact.CampaignVisit
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

type healthJSON struct {
	Status     string     `json:"status"`
	Version    string     `json:"version"`
	MarketData *rates.Age `json:"market_data"`
}
