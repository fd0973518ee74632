package httpapi

import (
	"net/http"

	"quotegrade/internal/api"
)

// getProfile answers the signed-in broker's loan officer profile (officer
// null until set): the admin area's Profile page, and its notice that saving
// and sending wait for one.
func (s *Server) getProfile(w http.ResponseWriter, r *http.Request) {
	email := currentUser(r.Context()).Email
	p, err := s.sessions.Profile(r.Context(), email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, p)
}

// setProfile sets the signed-in broker's own name and NMLS ID, shown as
// "Reviewed by NAME, NMLS #ID" on the analyses they save from now on.
func (s *Server) setProfile(w http.ResponseWriter, r *http.Request) {
	var in api.LoanOfficerInput
	if err := decode(w, r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.sessions.SetProfile(r.Context(), currentUser(r.Context()).Email, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
