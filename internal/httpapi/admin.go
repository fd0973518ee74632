package httpapi

import (
	"net/http"
	"quotegrade/internal/secret"
	"time"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/analysis"
	"quotegrade/internal/mail"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/store"
)

// adminListLimit bounds the dashboard tables; a broker works the newest first.
const adminListLimit = 500

func (s *Server) listRequests(analysed bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		list, err := s.store.ListQuoteRequests(r.Context(), analysed, adminListLimit)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		markets, err := s.figures.Markets(r.Context())
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		out := make([]quoteRequestJSON, 0, len(list))
		for _, q := range list {
			out = append(out, s.quoteRequestWith(q, markets))
		}
		writeJSON(w, http.StatusOK, out)
	}
}

func (s *Server) adminAnalysis(w http.ResponseWriter, r *http.Request) {
	a, err := s.analyses.ForRequest(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeAnalysis(w, r, a)
}

func (s *Server) saveAnalysis(w http.ResponseWriter, r *http.Request) {
	var sub analysis.Submission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err := s.analyses.Save(r.Context(), chi.URLParam(r, "id"), sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "analysis saved", "quote_request", secret.LogName(a.QuoteRequestID), "by", currentUser(r.Context()).ID)
	s.writeAnalysis(w, r, a)
}

// previewAnalysis answers what the visitor would see if the editor's values
// were submitted now; nothing is stored or sent.
func (s *Server) previewAnalysis(w http.ResponseWriter, r *http.Request) {
	var sub analysis.PreviewSubmission
	if err := decode(w, r, &sub, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.analyses.Preview(r.Context(), chi.URLParam(r, "id"), sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, analysisPreviewJSON{QuoteRequest: toQuoteRequestJSON(p.Request, p.RequestFigures),
		Analysis: toAnalysisJSON(p.Analysis, p.AnalysisFigures)})
}

func (s *Server) adminUpdateBrokerQuote(w http.ResponseWriter, r *http.Request) {
	var u quoterequest.BrokerQuoteUpdate
	if err := decode(w, r, &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	req, err := s.quotes.CorrectBrokerQuote(r.Context(), chi.URLParam(r, "id"), u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeQuoteRequest(w, r, req)
}

type suggestionsJSON struct {
	Recommendations []string `json:"recommendations"`
	Pros            []string `json:"pros"`
	Cons            []string `json:"cons"`
}

func (s *Server) suggestions(w http.ResponseWriter, r *http.Request) {
	sg, err := s.analyses.Suggestions(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, suggestionsJSON{Recommendations: sg.Recommendations, Pros: sg.Pros, Cons: sg.Cons})
}

type contactRequestJSON struct {
	ID               string     `json:"id"`
	Kind             string     `json:"kind"`
	Name             string     `json:"name"`
	Email            *string    `json:"email"`
	Phone            *string    `json:"phone"`
	Question         string     `json:"question"`
	PreferredContact string     `json:"preferred_contact"`
	State            string     `json:"state"`
	QuoteRequestID   *string    `json:"quote_request_id"`
	CreatedAt        time.Time  `json:"created_at"`
	AnsweredAt       *time.Time `json:"answered_at"`
	AnsweredBy       *string    `json:"answered_by"`
}

func toContactRequestJSON(c store.ContactRequest) contactRequestJSON {
	return contactRequestJSON{ID: c.ID, Kind: c.Kind, Name: c.Name, Email: c.Email, Phone: c.Phone, Question: c.Question,
		PreferredContact: c.PreferredContact, State: c.State, QuoteRequestID: c.QuoteRequestID, CreatedAt: c.CreatedAt,
		AnsweredAt: c.AnsweredAt, AnsweredBy: c.AnsweredBy}
}

func (s *Server) listContactRequests(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.ListContactRequests(r.Context(), adminListLimit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]contactRequestJSON, 0, len(list))
	for _, c := range list {
		out = append(out, toContactRequestJSON(c))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) markContactRequestAnswered(w http.ResponseWriter, r *http.Request) {
	err := s.store.MarkContactRequestAnswered(r.Context(), chi.URLParam(r, "id"), currentUser(r.Context()).Email, time.Now())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// sendEmail queues a broker's e-mail; 202: it is stored and will be retried
// until the mail server takes it.
func (s *Server) sendEmail(w http.ResponseWriter, r *http.Request) {
	var form mail.BrokerEmail
	if err := decode(w, r, &form, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	m, err := form.Compose()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.mail.SendEmail(r.Context(), m); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "broker e-mail queued", "message_id", m.ID, "by", currentUser(r.Context()).ID)
	writeJSON(w, http.StatusAccepted, idAnswer{ID: m.ID})
}

type outboxJSON struct {
	ID        string    `json:"id"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	CreatedAt time.Time `json:"created_at"`
}

func (s *Server) outbox(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.ListOutbox(r.Context(), adminListLimit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]outboxJSON, 0, len(list))
	for _, e := range list {
		out = append(out, outboxJSON{ID: e.ID, To: e.To, Subject: e.Subject, Text: e.Text, HTML: e.HTML, CreatedAt: e.CreatedAt})
	}
	writeJSON(w, http.StatusOK, out)
}

// emailCopy is the admin page's Email Copy block: the words of the
// "analysis is ready" notice, for a broker who sends it by hand.
func (s *Server) emailCopy(w http.ResponseWriter, r *http.Request) {
	req, err := s.quotes.Get(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	subject, body := mail.AnalysisReadyCopy(req, s.publicURL)
	writeJSON(w, http.StatusOK, map[string]string{"subject": subject, "body": body, "results_url": mail.ResultsURL(s.publicURL, req.ID)})
}
