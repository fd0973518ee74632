package httpapi

import (
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/httprate"
	"github.com/klauspost/compress/gzhttp"
)

// contentSecurityPolicy allows scripts only from this site. Styles may be
// inline because the toast library injects its stylesheet at run time. The
// browser may also send files to uploadOrigin (an S3 store's address; empty
// when the server keeps uploads itself).
func contentSecurityPolicy(uploadOrigin string) string {
	connect := "'self'"
	if uploadOrigin != "" {
		connect += " " + uploadOrigin
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data:; font-src 'self'; connect-src " + connect + "; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
}

// hstsHeader asks browsers to use https only, for a year; sent only when the
// public URL is https (on plain http it would be ignored, and on a developer's
// localhost it would be a nuisance).
const hstsHeader = "max-age=31536000"

// apiContentSecurityPolicy is the policy of an API answer (JSON, never
// rendered as a page): nothing may load from it and nothing may frame it
// (OWASP REST Security Cheat Sheet, decision 0028).
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

// headerSet is a fixed list of headers with their values, built once.
type headerSet struct {
	names  []string
	values []string
}

func newHeaderSet(headers [][2]string) headerSet {
	hs := headerSet{names: make([]string, len(headers)), values: make([]string, len(headers))}
	for i, kv := range headers {
		hs.names[i], hs.values[i] = kv[0], kv[1]
	}
	return hs
}

// apply sets every header. One allocation holds every value; each header gets
// its own full slice of it (len = cap), so a handler's Add copies, its Set
// replaces, and no response can change another's.
func (hs headerSet) apply(h http.Header) {
	own := make([]string, len(hs.values))
	copy(own, hs.values)
	for i, name := range hs.names {
		h[name] = own[i : i+1 : i+1]
	}
}

// securityHeaders sends documents (the web app's pages, anything outside
// /api) the full set a browser applies to a page, and API answers the short
// set that protects an answer no browser renders as a page (decision 0028):
// a page's policy, Permissions-Policy and Cross-Origin-Opener-Policy mean
// nothing on JSON, and net/http wrote them on every answer. API answers are
// never stored unless their handler says otherwise (Cache-Control: no-store;
// revalidated reads set private, no-cache).
func securityHeaders(csp string, https bool) func(http.Handler) http.Handler {
	// same-origin: a results URL carries the request id, which must never
	// leak to another site through the Referer header.
	document := [][2]string{
		{"Content-Security-Policy", csp},
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "same-origin"},
		{"X-Frame-Options", "DENY"},
		{"Cross-Origin-Opener-Policy", "same-origin"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"},
	}
	api := [][2]string{
		{"Cache-Control", "no-store"},
		{"Content-Security-Policy", apiContentSecurityPolicy},
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "same-origin"},
		{"X-Frame-Options", "DENY"},
	}
	if https {
		hsts := [2]string{"Strict-Transport-Security", hstsHeader}
		document, api = append(document, hsts), append(api, hsts)
	}
	documents, answers := newHeaderSet(document), newHeaderSet(api)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isAPIPath(r.URL.Path) {
				answers.apply(w.Header())
			} else {
				documents.apply(w.Header())
			}
			next.ServeHTTP(w, r)
		})
	}
}

func isAPIPath(path string) bool {
	return path == "/api" || strings.HasPrefix(path, "/api/")
}

// compress gzips answers over 1 KB (API answers, pages) for browsers that take
// it; the web app's assets arrive already compressed and pass through. A
// request that accepts no encoding (health probes, scripts) skips the
// compressing writer and gets the same answer with the same Vary: the
// writer's set-up cost more than a health check (docs/performance.md).
func compress(next http.Handler) http.Handler {
	gz := gzhttp.GzipHandler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := r.Header["Accept-Encoding"]; ok {
			gz.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h["Vary"] = append(h["Vary"], "Accept-Encoding")
		next.ServeHTTP(w, r)
	})
}

// requestLog logs one line per request: the route pattern (never the path, which
// holds ids), status, size and time. Bodies, with their e-mails and phone
// numbers, are never logged. It also counts the request in /metrics by its
// route pattern: one wrapper and one pattern for both, and none at all when
// neither is wanted (the wrapper and the pattern cost more than the health
// check they measured, docs/performance.md).
func (s *Server) requestLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logging := s.log.Enabled(r.Context(), slog.LevelInfo)
		if !logging && s.metrics == nil {
			next.ServeHTTP(w, r)
			return
		}
		start := s.now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		took := s.now().Sub(start)
		route := routePattern(r)
		if s.metrics != nil {
			s.metrics.ObserveRequest(route, r.Method, ww.Status(), took)
		}
		if logging {
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "http", slog.String("method", r.Method), slog.String("route", route),
				slog.Int("status", ww.Status()), slog.Int("bytes", ww.BytesWritten()), slog.Int64("ms", took.Milliseconds()))
		}
	})
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.writeError(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// rateLimit caps public writes per client address and answers 429 with
// Retry-After, X-RateLimit-* and the API's error body. One server alone counts
// in memory (a sliding window); copies sharing PostgreSQL count in the
// database, so a client gets its limit once for the whole site. scope keeps
// each guarded group's count apart, as separate limiters in memory would.
func (s *Server) rateLimit(scope string, perWindow int, window time.Duration) func(http.Handler) http.Handler {
	if s.sharedWriteLimit {
		return s.sharedRateLimit(scope, perWindow, window)
	}
	return httprate.LimitBy(perWindow, window, s.clients.key,
		httprate.WithLimitHandler(func(w http.ResponseWriter, r *http.Request) {
			if w.Header().Get("Retry-After") == "" {
				w.Header().Set("Retry-After", strconv.Itoa(int(window.Seconds())))
			}
			s.tooManyRequests(w)
		}))
}

// sharedRateLimit counts each write in the database in a fixed window per
// client (internal/writelimit).
func (s *Server) sharedRateLimit(scope string, perWindow int, window time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			client, _ := s.clients.key(r)
			n, reset, now, err := s.publicWrites.Count(r.Context(), scope+" "+client, window)
			if err != nil {
				s.writeError(w, r, fmt.Errorf("write limit: %w", err))
				return
			}
			h := w.Header()
			h.Set("X-RateLimit-Limit", strconv.Itoa(perWindow))
			h.Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
			if n > perWindow {
				h.Set("X-RateLimit-Remaining", "0")
				h.Set("Retry-After", strconv.Itoa(int(math.Ceil(reset.Sub(now).Seconds()))))
				s.tooManyRequests(w)
				return
			}
			h.Set("X-RateLimit-Remaining", strconv.Itoa(perWindow-n))
			next.ServeHTTP(w, r)
		})
	}
}

func (s *Server) tooManyRequests(w http.ResponseWriter) {
	if s.metrics != nil {
		s.metrics.RateLimited()
	}
	writeJSON(w, http.StatusTooManyRequests, errorBody{Error: "Too many requests. Please wait a minute and try again."})
}

// serveMetrics answers /metrics on the site's address to loopback and the
// trusted proxies only, and to nobody when --metrics-addr serves it apart;
// everyone else gets the same 404 as any unknown path.
func (s *Server) serveMetrics(h http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if h == nil || !s.clients.mayReadMetrics(r) {
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	}
}

// Refusals of a public write another site's page could make a browser send.
var (
	msgNotJSON     = "The request body must be JSON (Content-Type: application/json)"
	msgCrossOrigin = "Requests from other sites are not accepted"
)

// publicWrites guards the anonymous writes against other sites' pages: a body
// must be declared JSON (a cross-site form can only send form or text types,
// and fetch cannot send JSON cross-site without a preflight we never allow),
// and an Origin, when the browser sends one, must be this site's: the public
// URL's or the request's own host. A request with no body and no type (the
// viewed event) and one with no Origin (curl, a same-origin GET-made POST in
// old browsers) pass.
func publicWrites(publicURL string) func(http.Handler) http.Handler {
	public := ""
	if u, err := url.Parse(publicURL); err == nil && u.Host != "" {
		public = strings.ToLower(u.Scheme + "://" + u.Host)
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if origin := r.Header.Get("Origin"); origin != "" && !sameOrigin(origin, public, r.Host) {
				writeJSON(w, http.StatusForbidden, errorBody{Error: msgCrossOrigin})
				return
			}
			ct := r.Header.Get("Content-Type")
			hasBody := r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody
			if (ct != "" || hasBody) && !isJSON(ct) {
				writeJSON(w, http.StatusUnsupportedMediaType, errorBody{Error: msgNotJSON})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// sameOrigin: origin is the public URL's origin, or names the host the
// request was sent to ("null" and anything unparsable are foreign).
func sameOrigin(origin, public, host string) bool {
	if public != "" && strings.EqualFold(origin, public) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" {
		return false
	}
	return strings.EqualFold(u.Host, host)
}
