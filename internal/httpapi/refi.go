package httpapi

import (
	"net/http"

	"quotegrade/internal/api"
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
	out, err := s.refi.RunNow(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// refiWatches lists the active watches for brokers.
func (s *Server) refiWatches(w http.ResponseWriter, r *http.Request) {
	out, err := s.refi.WatchList(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// refiManage answers the /refi-buddy/manage page of the watch its link names.
func (s *Server) refiManage(w http.ResponseWriter, r *http.Request) {
	out, err := s.refi.Manage(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// refiSetTrigger replaces what triggers the watch's alerts.
func (s *Server) refiSetTrigger(w http.ResponseWriter, r *http.Request) {
	var t api.RefiTrigger
	if err := decode(w, r, &t, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.refi.SetTrigger(r.Context(), r.URL.Query().Get("token"), t)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// refiManageAction pauses, resumes or unsubscribes.
func (s *Server) refiManageAction(w http.ResponseWriter, r *http.Request) {
	var a api.RefiManageAction
	if err := decode(w, r, &a, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.refi.Act(r.Context(), r.URL.Query().Get("token"), a)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
