package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/api"
	"quotegrade/internal/secret"
)

func (s *Server) listRequests(analysed bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := s.results.QuoteRequests(r.Context(), analysed)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
	}
}

func (s *Server) adminAnalysis(w http.ResponseWriter, r *http.Request) {
	out, err := s.results.AdminAnalysis(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) saveAnalysis(w http.ResponseWriter, r *http.Request) {
	var sub api.AnalysisSubmission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.results.SaveAnalysis(r.Context(), chi.URLParam(r, "id"), currentUser(r.Context()).Email, sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "analysis saved", "quote_request", secret.LogName(out.QuoteRequestID), "by", secret.LogName(currentUser(r.Context()).ID))
	writeJSON(w, http.StatusOK, out)
}

// previewAnalysis answers what the visitor would see if the editor's values
// were submitted now; nothing is stored or sent.
func (s *Server) previewAnalysis(w http.ResponseWriter, r *http.Request) {
	var sub api.AnalysisPreviewSubmission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.results.Preview(r.Context(), chi.URLParam(r, "id"), sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) adminUpdateBrokerQuote(w http.ResponseWriter, r *http.Request) {
	var u api.BrokerQuoteUpdate
	if err := decode(w, r, &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.results.CorrectBrokerQuote(r.Context(), chi.URLParam(r, "id"), u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) suggestions(w http.ResponseWriter, r *http.Request) {
	out, err := s.suggestionsOf.SuggestionsAnswer(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) listContactRequests(w http.ResponseWriter, r *http.Request) {
	out, err := s.contacts.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) markContactRequestAnswered(w http.ResponseWriter, r *http.Request) {
	if err := s.contacts.MarkAnswered(r.Context(), chi.URLParam(r, "id"), currentUser(r.Context()).Email); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// sendEmail queues a broker's e-mail; 202: it is stored and will be retried
// until the mail server takes it.
func (s *Server) sendEmail(w http.ResponseWriter, r *http.Request) {
	var form api.BrokerEmail
	if err := decode(w, r, &form, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The e-mail reaches a visitor from a loan officer: one without a
	// profile is refused, as for saving an analysis.
	if err := s.sessions.RequireLoanOfficer(r.Context(), currentUser(r.Context()).Email); err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := s.mail.Send(r.Context(), form, currentUser(r.Context()).Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "broker e-mail queued", "message_id", id, "by", secret.LogName(currentUser(r.Context()).ID))
	writeJSON(w, http.StatusAccepted, idAnswer{ID: id})
}

func (s *Server) outbox(w http.ResponseWriter, r *http.Request) {
	out, err := s.outboxList.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// emailCopy is the admin page's Email Copy block: the words of the
// "analysis is ready" notice, for a broker who sends it by hand.
func (s *Server) emailCopy(w http.ResponseWriter, r *http.Request) {
	out, err := s.results.EmailCopy(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
