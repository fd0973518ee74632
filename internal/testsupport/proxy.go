package testsupport

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"sync"
	"sync/atomic"
)

// BackendHeader names the copy that answered, on every answer of the
// FailoverProxy, so a test knows which copy a request reached.
const BackendHeader = "X-Test-Backend"

// FailoverProxy is the reverse proxy in front of copies of the server, as a
// brokerage runs them (docs/decisions/0009-several-copies.md): round robin,
// X-Forwarded-For set, and a request whose copy cannot be reached is sent to
// the next one (a connection that was refused carried nothing, so even a POST
// is safe to resend), as nginx's proxy_next_upstream does.
type FailoverProxy struct {
	mu       sync.Mutex
	backends []string
	next     atomic.Uint32
	// Retries counts requests resent to another copy.
	Retries atomic.Int32
	tr      *http.Transport
	handler http.Handler
}

// NewFailoverProxy returns a proxy with no copies yet (SetBackends).
func NewFailoverProxy() *FailoverProxy {
	p := &FailoverProxy{tr: &http.Transport{DisableKeepAlives: true}}
	p.handler = &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetXForwarded()
			pr.Out.URL.Scheme, pr.Out.URL.Host = "http", "backend"
		},
		Transport: p,
		ModifyResponse: func(res *http.Response) error {
			res.Header.Set(BackendHeader, res.Request.URL.Host)
			return nil
		},
	}
	return p
}

func (p *FailoverProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) { p.handler.ServeHTTP(w, r) }

// SetBackends names the copies' host:port addresses.
func (p *FailoverProxy) SetBackends(addrs ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.backends = addrs
}

// RoundTrip sends the request to the next copy, and on to the others while
// a copy refuses the connection.
func (p *FailoverProxy) RoundTrip(req *http.Request) (*http.Response, error) {
	p.mu.Lock()
	backends := p.backends
	p.mu.Unlock()
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
	}
	first := int(p.next.Add(1))
	var lastErr error
	for i := range backends {
		out := req.Clone(req.Context())
		out.URL.Host = backends[(first+i)%len(backends)]
		// As a real proxy does, an empty body stays empty rather than chunked.
		out.Body, out.ContentLength = http.NoBody, int64(len(body))
		if len(body) > 0 {
			out.Body = io.NopCloser(bytes.NewReader(body))
		}
		res, err := p.tr.RoundTrip(out)
		var opErr *net.OpError
		if err == nil || !errors.As(err, &opErr) || opErr.Op != "dial" {
			return res, err
		}
		p.Retries.Add(1)
		lastErr = err
	}
	return nil, fmt.Errorf("no copy reachable: %w", lastErr)
}
