package httpapi

import (
	"errors"
	"net/http"

	"quotegrade/internal/api"
)

// The second factor's routes (decision 0039) work on the session cookie,
// which only /api/auth sees: a session waiting for its second factor has no
// bearer token to show.

// secondFactorRefusal is POST /api/auth/token's 403 for a broker who has not
// passed the second factor yet: the app sends them to /second-factor.
type secondFactorRefusal struct {
	Error        string `json:"error"`
	SecondFactor bool   `json:"second_factor"`
}

// sessionCookieOf answers the session cookie, or writes the 401 and answers "".
func sessionCookieOf(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
		return ""
	}
	return c.Value
}

// writeSessionError answers a 401 for a session that is gone, else as writeError.
func (s *Server) writeSessionError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, api.ErrNoUser) {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
		return
	}
	s.writeError(w, r, err)
}

func (s *Server) secondFactorStatus(w http.ResponseWriter, r *http.Request) {
	cookie := sessionCookieOf(w, r)
	if cookie == "" {
		return
	}
	st, err := s.sessions.SecondFactorStatus(r.Context(), cookie)
	if err != nil {
		s.writeSessionError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) startEnrolment(w http.ResponseWriter, r *http.Request) {
	cookie := sessionCookieOf(w, r)
	if cookie == "" {
		return
	}
	e, err := s.sessions.StartEnrolment(r.Context(), cookie)
	if err != nil {
		s.writeSessionError(w, r, err)
		return
	}
	// The secret is shown once and must not linger in any cache.
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, e)
}

func (s *Server) confirmEnrolment(w http.ResponseWriter, r *http.Request) {
	var body api.SecondFactorCode
	if err := decode(w, r, &body, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	cookie := sessionCookieOf(w, r)
	if cookie == "" {
		return
	}
	codes, err := s.sessions.ConfirmEnrolment(r.Context(), cookie, body.Code)
	if err != nil {
		s.writeSessionError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, api.RecoveryCodes{RecoveryCodes: codes})
}

func (s *Server) verifySecondFactor(w http.ResponseWriter, r *http.Request) {
	var body api.SecondFactorCode
	if err := decode(w, r, &body, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	cookie := sessionCookieOf(w, r)
	if cookie == "" {
		return
	}
	if err := s.sessions.VerifySecondFactor(r.Context(), cookie, body.Code); err != nil {
		s.writeSessionError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// admins lists the brokers and who has enrolled a second factor.
func (s *Server) admins(w http.ResponseWriter, r *http.Request) {
	list, err := s.sessions.Admins(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"admins": list})
}
