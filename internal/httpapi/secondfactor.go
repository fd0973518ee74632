package httpapi

import (
	"context"
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

// onSession runs call with the request's session cookie, answering 401
// without one or for a session that is gone, and any other error as
// writeError; ok is false when an answer was written.
func onSession[T any](s *Server, w http.ResponseWriter, r *http.Request,
	call func(ctx context.Context, cookie string) (T, error)) (v T, ok bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
		return v, false
	}
	v, err = call(r.Context(), c.Value)
	if errors.Is(err, api.ErrNoUser) {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
		return v, false
	}
	if err != nil {
		s.writeError(w, r, err)
		return v, false
	}
	return v, true
}

func (s *Server) secondFactorStatus(w http.ResponseWriter, r *http.Request) {
	if st, ok := onSession(s, w, r, s.sessions.SecondFactorStatus); ok {
		writeJSON(w, http.StatusOK, st)
	}
}

func (s *Server) startEnrolment(w http.ResponseWriter, r *http.Request) {
	e, ok := onSession(s, w, r, s.sessions.StartEnrolment)
	if !ok {
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
	codes, ok := onSession(s, w, r, func(ctx context.Context, cookie string) ([]string, error) {
		return s.sessions.ConfirmEnrolment(ctx, cookie, body.Code)
	})
	if !ok {
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
	if _, ok := onSession(s, w, r, func(ctx context.Context, cookie string) (struct{}, error) {
		return struct{}{}, s.sessions.VerifySecondFactor(ctx, cookie, body.Code)
	}); ok {
		w.WriteHeader(http.StatusNoContent)
	}
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
