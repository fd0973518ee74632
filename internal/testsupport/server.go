package testsupport

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"testing/fstest"

	"quotegrade/internal/app"
	"quotegrade/internal/config"
)

// Server is the real product on a temporary SQLite data dir, served by httptest.
type Server struct {
	*httptest.Server
	App  *app.App
	Logs *LogBuffer
}

// WebFixture stands in for the built web app in API tests.
var WebFixture = fstest.MapFS{
	"index.html":           {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`)},
	"assets/app-abc123.js": {Data: []byte(`console.log("quotegrade")`)},
	"favicon.svg":          {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// StartServer starts quotegrade with cfg's defaults on a fresh data dir;
// tune may change the config first.
func StartServer(t testing.TB, tune ...func(*config.Config)) *Server {
	t.Helper()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), WriteRateLimit: 1000, LogFormat: "json"}
	cfg.DatabaseURL = "sqlite:" + filepath.Join(cfg.DataDir, "quotegrade.db")
	for _, f := range tune {
		f(&cfg)
	}
	logs := &LogBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	a, err := app.Open(t.Context(), cfg, log, WebFixture, "test")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler)
	t.Cleanup(func() {
		srv.Close()
		a.Close()
	})
	return &Server{Server: srv, App: a, Logs: logs}
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
