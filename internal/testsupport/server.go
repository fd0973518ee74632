package testsupport

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pquerna/otp/totp"

	"quotegrade/internal/app"
	"quotegrade/internal/apperr"
	"quotegrade/internal/auth"
	"quotegrade/internal/config"
	"quotegrade/internal/store"
	"quotegrade/web"
)

// Server is the real product on a temporary SQLite data dir, served by httptest.
type Server struct {
	*httptest.Server
	App  *app.App
	Logs *LogBuffer

	mu sync.Mutex
	// recoveryCodes are the unspent recovery codes of the admins SignIn
	// enrolled in the second factor, by e-mail.
	recoveryCodes map[string][]string
}

// WebFixture stands in for the built web app in API tests.
var WebFixture = fstest.MapFS{
	"index.html":              {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`)},
	"assets/app-abc123.js":    {Data: []byte(`console.log("quotegrade")`)},
	"assets/app-abc123.js.gz": {Data: gzipped(`console.log("quotegrade")`)},
	"assets/app-abc123.js.br": {Data: []byte("brotli stand-in")},
	"favicon.svg":             {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// StartServer starts quotegrade with cfg's defaults on a fresh data dir;
// tune may change the config first.
func StartServer(t testing.TB, tune ...func(*config.Config)) *Server {
	t.Helper()
	return StartServerWithWeb(t, WebFixture, tune...)
}

// StartServerWithWeb is StartServer serving files as the built web app (the
// real build, web.Dist(), for the prerendered pages' tests).
func StartServerWithWeb(t testing.TB, files fs.FS, tune ...func(*config.Config)) *Server {
	t.Helper()
	// Listen first, so the public URL (the sign-in redirect) is known to the config.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Config{Addr: ln.Addr().String(), DataDir: t.TempDir(), WriteRateLimit: 1000, LogFormat: "json", UploadQuotaMB: 100, UploadTotalMB: 2048,
		PublicURL: "http://" + ln.Addr().String(), MailFrom: "quotegrade <no-reply@quotegrade.test>"}
	defaultDB := "sqlite:" + filepath.Join(cfg.DataDir, "quotegrade.db")
	cfg.DatabaseURL = defaultDB
	for _, f := range tune {
		f(&cfg)
	}
	if cfg.DatabaseURL == defaultDB {
		if err := copySchema(cfg.SQLitePath()); err != nil {
			t.Fatal(err)
		}
	}
	var a *app.App
	logs := &LogBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	a, err = app.Open(t.Context(), cfg, log, app.WebApp{Files: files, RouteTable: web.RouteTable()}, "test")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(a.Handler)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	out := &Server{Server: srv, App: a, Logs: logs}
	validate(t, out)
	t.Cleanup(func() {
		srv.Close()
		a.Close()
	})
	return out
}

// Response is a finished HTTP exchange with its body read.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into a generic map.
func (r Response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response is not a JSON object: %v: %s", err, r.Body)
	}
	return m
}

// Do sends method path with body (a string, or anything JSON-encodable; nil for none).
func (s *Server) Do(t testing.TB, method, path string, body any) Response {
	t.Helper()
	return s.do(t, method, path, body, nil)
}

func (s *Server) do(t testing.TB, method, path string, body any, edit func(*http.Request)) Response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, s.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if edit != nil {
		edit(req)
	}
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Response{Status: res.StatusCode, Header: res.Header, Body: raw}
}

// DoWith is Do with a last edit of the request (headers a test sets itself).
func (s *Server) DoWith(t testing.TB, method, path string, body any, edit func(*http.Request)) Response {
	t.Helper()
	return s.do(t, method, path, body, edit)
}

// TestOfficer is the loan officer profile SignIn gives an admin: saving an
// analysis and sending an e-mail need one.
var TestOfficer = store.LoanOfficer{Name: "Test Loan Officer", NMLS: "7654321"}

// SignIn signs a user in through the real session service and returns a
// bearer token, as the browser gets it from POST /api/auth/token. An admin
// gets TestOfficer as their profile unless they have one (SignInWithoutProfile).
func (s *Server) SignIn(t testing.TB, email string, admin bool) string {
	t.Helper()
	tok := s.SignInWithoutProfile(t, email, admin)
	if admin {
		if o, err := s.App.Store.GetLoanOfficer(t.Context(), email); err != nil {
			t.Fatal(err)
		} else if o.IsZero() {
			if err := s.App.Store.SetLoanOfficer(t.Context(), email, TestOfficer); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tok
}

// SignInWithoutProfile is SignIn leaving an admin's loan officer profile as
// it is (none, for a new admin).
func (s *Server) SignInWithoutProfile(t testing.TB, email string, admin bool) string {
	t.Helper()
	ctx := t.Context()
	if admin {
		if err := s.App.Store.GrantAdmin(ctx, email, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	secret, err := s.App.Sessions.SignIn(ctx, auth.Identity{Subject: "test|" + email, Email: email, Name: "Test"})
	if err != nil {
		t.Fatal(err)
	}
	if admin {
		s.passSecondFactor(t, email, secret)
	}
	tok, _, err := s.App.Sessions.MintToken(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	return tok.Value
}

// passSecondFactor passes the second factor for an admin's new session where
// the server asks for one (outside loopback development mode), as a broker
// would: the first sign-in enrols an authenticator (a code computed from the
// secret the server answered), later ones spend a recovery code, since a
// TOTP code is never taken twice within its 30 seconds.
func (s *Server) passSecondFactor(t testing.TB, email, session string) {
	t.Helper()
	ctx := t.Context()
	s.mu.Lock()
	defer s.mu.Unlock()
	if codes := s.recoveryCodes[email]; len(codes) > 0 {
		if err := s.App.Sessions.VerifySecondFactor(ctx, session, codes[0]); err != nil {
			t.Fatalf("second factor for %s: %v", email, err)
		}
		s.recoveryCodes[email] = codes[1:]
		return
	}
	enrolment, err := s.App.Sessions.StartEnrolment(ctx, session)
	if errors.Is(err, apperr.ErrNotFound) {
		return // development mode: no second factor
	}
	if err != nil {
		t.Fatalf("second factor for %s: %v", email, err)
	}
	code, err := totp.GenerateCode(enrolment.Secret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	codes, err := s.App.Sessions.ConfirmEnrolment(ctx, session, code)
	if err != nil {
		t.Fatalf("second factor for %s: %v", email, err)
	}
	if s.recoveryCodes == nil {
		s.recoveryCodes = map[string][]string{}
	}
	s.recoveryCodes[email] = codes
}

// DoWithHeaders is Do with extra request headers (e.g. X-Forwarded-For).
func (s *Server) DoWithHeaders(t testing.TB, headers map[string]string, method, path string, body any) Response {
	t.Helper()
	return s.do(t, method, path, body, func(r *http.Request) {
		for k, v := range headers {
			r.Header.Set(k, v)
		}
	})
}

// DoAs is Do with a bearer token.
func (s *Server) DoAs(t testing.TB, token, method, path string, body any) Response {
	t.Helper()
	return s.do(t, method, path, body, func(r *http.Request) {
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
	})
}

// gzipped is s as a gzip file, for the fixture's precompressed asset.
func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}
