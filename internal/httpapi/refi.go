package httpapi

import (
	"net/http"
)

// refiUnsubscribe is the one-click unsubscribe of RFC 8058: mail clients
// POST "List-Unsubscribe=One-Click" (form-encoded) to the link in the
// List-Unsubscribe header; the page linked from the e-mail body posts here too.
func (s *Server) refiUnsubscribe(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := s.refi.Unsubscribe(r.Context(), r.URL.Query().Get("token")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"unsubscribed": true})
}

// refiConfirm follows the link of Refi Buddy's confirmation e-mail (the
// /refi-buddy/confirm page posts its token here): alerts to the address start.
func (s *Server) refiConfirm(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := s.refi.Confirm(r.Context(), r.URL.Query().Get("token")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"confirmed": true})
}

// refiRun evaluates the watches now (admins; the job also runs every 6 hours).
func (s *Server) refiRun(w http.ResponseWriter, r *http.Request) {
	res, err := s.refi.Run(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"watches": res.Watches, "alerts": res.Created, "queued": res.Queued})
}

type refiWatchJSON struct {
	QuoteRequestID string         `json:"quote_request_id"`
	Email          string         `json:"email"`
	Balance        float64        `json:"balance"`
	CurrentRate    float64        `json:"current_rate"`
	CurrentPayment float64        `json:"current_payment"`
	LoanProgram    *string        `json:"loan_program"`
	LastAlert      *refiAlertJSON `json:"last_alert"`
}

type refiAlertJSON struct {
	MarketWeek string  `json:"market_week"`
	NewRate    float64 `json:"new_rate"`
	CreatedAt  string  `json:"created_at"`
}

// refiWatches lists the active watches for brokers.
func (s *Server) refiWatches(w http.ResponseWriter, r *http.Request) {
	watches, err := s.refi.Watches(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]refiWatchJSON, 0, len(watches))
	for _, x := range watches {
		j := refiWatchJSON{QuoteRequestID: x.QuoteRequestID, Email: x.Email, Balance: x.Balance, CurrentRate: x.Current.Rate,
			CurrentPayment: x.Current.MonthlyPayment, LoanProgram: x.Current.LoanProgram}
		if a := x.LastAlert; a != nil {
			j.LastAlert = &refiAlertJSON{MarketWeek: a.MarketWeek.Format("2006-01-02"), NewRate: a.NewRate, CreatedAt: a.CreatedAt.Format("2006-01-02T15:04:05Z")}
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}
