package httpapi

import (
	"context"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"golang.org/x/oauth2"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/secret"
)

const (
	sessionCookie = "qg_session"
	signInCookie  = "qg_signin"
	// Cookies are scoped to the sign-in endpoints: no other request carries them.
	authCookiePath = "/api/auth"
)

// LocalAdmin is the development-mode broker.
var LocalAdmin = api.Identity{Subject: "local|admin", Email: "admin@quotegrade.localhost", Name: "Local admin"}

type ctxKey int

const userKey ctxKey = 0

// currentUser is the signed-in user set by requireUser.
func currentUser(ctx context.Context) api.User {
	u, _ := ctx.Value(userKey).(api.User)
	return u
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "Bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// requireUser lets through only requests with a valid bearer token.
func (s *Server) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := s.sessions.Authenticate(r.Context(), bearer(r))
		if errors.Is(err, api.ErrNoUser) {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
			return
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey, u)))
	})
}

// signedInUser is the user noticeSignIn or requireUser found, if any.
func signedInUser(ctx context.Context) (api.User, bool) {
	u, ok := ctx.Value(userKey).(api.User)
	return u, ok
}

// noticeSignIn notes who is signed in, if anyone, and lets every request
// through: for routes anyone may call that record a signed-in caller.
func (s *Server) noticeSignIn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, err := s.sessions.Authenticate(r.Context(), bearer(r)); err == nil {
			r = r.WithContext(context.WithValue(r.Context(), userKey, u))
		}
		next.ServeHTTP(w, r)
	})
}

// requireAdmin lets through only signed-in admins; admin status comes from
// the database on every request.
func (s *Server) requireAdmin(next http.Handler) http.Handler {
	return s.requireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !currentUser(r.Context()).IsAdmin {
			writeJSON(w, http.StatusForbidden, errorBody{Error: "Only brokers can do this"})
			return
		}
		next.ServeHTTP(w, r)
	}))
}

func (s *Server) authConfig(w http.ResponseWriter, _ *http.Request) {
	cfg := map[string]any{"google": s.oidc != nil, "local_admin": s.localAdmin}
	if s.oidc != nil && s.oidc.HostedDomain() != "" {
		cfg["hosted_domain"] = s.oidc.HostedDomain()
	}
	writeJSON(w, http.StatusOK, cfg)
}

// signInState travels in a short-lived HttpOnly cookie from login to callback.
type signInState struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	ReturnTo string `json:"r"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if s.oidc == nil {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "Google sign-in is not configured on this server"})
		return
	}
	st := signInState{Verifier: oauth2.GenerateVerifier(), ReturnTo: localPath(r.URL.Query().Get("return_to"))}
	var err error
	if st.State, err = secret.New(); err == nil {
		st.Nonce, err = secret.New()
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	raw, _ := json.Marshal(st)
	s.setCookie(w, signInCookie, base64.RawURLEncoding.EncodeToString(raw), 10*time.Minute)
	http.Redirect(w, r, s.oidc.AuthURL(st.State, st.Nonce, st.Verifier), http.StatusFound)
}

func (s *Server) callback(w http.ResponseWriter, r *http.Request) {
	st, ok := readSignInState(r)
	s.setCookie(w, signInCookie, "", -1)
	q := r.URL.Query()
	if !ok || subtle.ConstantTimeCompare([]byte(st.State), []byte(q.Get("state"))) != 1 || q.Get("code") == "" {
		s.log.WarnContext(r.Context(), "sign-in callback refused: state missing or wrong", "provider_error", q.Get("error"))
		http.Redirect(w, r, "/login?error=signin", http.StatusFound)
		return
	}
	id, err := s.oidc.Exchange(r.Context(), q.Get("code"), st.Verifier, st.Nonce)
	if err != nil {
		s.log.WarnContext(r.Context(), "sign-in refused", "err", err)
		reason := "signin"
		if errors.Is(err, api.ErrOtherDomain) {
			reason = "domain"
		}
		http.Redirect(w, r, "/login?error="+reason, http.StatusFound)
		return
	}
	session, err := s.startSession(w, r, id, s.sessions.SignIn)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// A broker who must pass the second factor does so before the page asked for.
	if sf, err := s.sessions.SecondFactorStatus(r.Context(), session); err == nil && !sf.Passed {
		http.Redirect(w, r, "/second-factor?return_to="+url.QueryEscape(st.ReturnTo), http.StatusFound)
		return
	}
	http.Redirect(w, r, st.ReturnTo, http.StatusFound)
}

func readSignInState(r *http.Request) (signInState, bool) {
	var st signInState
	c, err := r.Cookie(signInCookie)
	if err != nil {
		return st, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil || json.Unmarshal(raw, &st) != nil || st.State == "" {
		return st, false
	}
	return st, true
}

// msgLocalAdminOnly is the one refusal of local admin sign-in, whatever the reason.
const msgLocalAdminOnly = "Local admin sign-in is only available in development mode, without Google sign-in, on a loopback address"

func (s *Server) localAdminSignIn(w http.ResponseWriter, r *http.Request) {
	if !s.localAdmin || !fromThisMachine(r) {
		writeJSON(w, http.StatusForbidden, errorBody{Error: msgLocalAdminOnly})
		return
	}
	if _, err := s.startSession(w, r, LocalAdmin, s.sessions.SignInAsAdmin); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// startSession signs id in (signIn: as it is, or as an admin), sets the
// session cookie and answers its value.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, id api.Identity,
	signIn func(context.Context, api.Identity) (string, error)) (string, error) {
	session, err := signIn(r.Context(), id)
	if errors.Is(err, apperr.ErrConflict) {
		return "", apperr.Conflict("This e-mail address is already used by another account")
	}
	if err != nil {
		return "", err
	}
	s.setCookie(w, sessionCookie, session, api.SessionLifetime)
	// A subject may be an e-mail address: the log names it by a hash.
	s.log.InfoContext(r.Context(), "signed in", "subject", secret.LogName(id.Subject))
	return session, nil
}

// token mints a fresh 5-minute bearer token from the session cookie.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
		return
	}
	t, u, err := s.sessions.MintToken(r.Context(), c.Value)
	if errors.Is(err, api.ErrSecondFactorRequired) {
		writeJSON(w, http.StatusForbidden, secondFactorRefusal{Error: err.Error(), SecondFactor: true})
		return
	}
	if errors.Is(err, api.ErrNoUser) {
		s.setCookie(w, sessionCookie, "", -1)
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: api.ErrNoUser.Error()})
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.Token{AccessToken: t.Value, ExpiresAt: t.ExpiresAt, User: u})
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		if err := s.sessions.SignOut(r.Context(), c.Value); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	s.setCookie(w, sessionCookie, "", -1)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) setCookie(w http.ResponseWriter, name, value string, maxAge time.Duration) {
	c := &http.Cookie{Name: name, Value: value, Path: authCookiePath, HttpOnly: true, Secure: s.secureCookies,
		SameSite: http.SameSiteLaxMode, MaxAge: int(maxAge.Seconds())}
	if maxAge < 0 {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// localPath keeps a return address on this site; anything else goes home.
// Browsers forgive a lot in a Location header (a tab or newline is dropped,
// a backslash is a slash, "//" starts another host), so only a clean path is
// honoured: absolute, no scheme or host, no backslash, control character or space,
// no "//" or dot segments, in its raw form and in each decoded form.
func localPath(p string) string {
	if p == "" || len(p) > 500 {
		return "/"
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	form := p
	for decoded := 0; ; decoded++ {
		if !cleanPathForm(form) || decoded == 3 {
			return "/"
		}
		next, err := url.PathUnescape(form)
		if err != nil {
			return "/"
		}
		if next == form {
			break
		}
		form = next
	}
	if c := path.Clean(u.Path); c != u.Path && c+"/" != u.Path {
		return "/"
	}
	return p
}

func cleanPathForm(f string) bool {
	return strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "//") && !strings.Contains(f, `\`) &&
		utf8.ValidString(f) && !strings.ContainsFunc(f, func(r rune) bool { return !unicode.IsGraphic(r) || unicode.IsSpace(r) })
}

// syncUser is the spec's POST /users after sign-in: the caller may only
// speak for themselves, and the answer says whether they are an admin.
func (s *Server) syncUser(w http.ResponseWriter, r *http.Request) {
	var body struct {
		ID string `json:"id"`
	}
	if err := decode(w, r, &body, true); err != nil {
		s.writeError(w, r, err)
		return
	}
	u := currentUser(r.Context())
	if body.ID != "" && body.ID != u.ID {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "You can only update your own user"})
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	me := currentUser(r.Context())
	uid := chi.URLParam(r, "uid")
	if uid != me.ID && !me.IsAdmin {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "You can only read your own user"})
		return
	}
	u, err := s.sessions.User(r.Context(), uid)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}
