package httpapi

import (
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
)

// routePattern names the route, not the path, so logs never carry ids.
func routePattern(r *http.Request) string {
	rc := chi.RouteContext(r.Context())
	if rc == nil {
		return "unmatched"
	}
	return patterns.of(rc)
}

// maxPatternParts is how many routers deep a pattern is remembered: the
// router nests at most three (/api/*, /auth/*, the route).
const maxPatternParts = 4

// patternKey is the routers' parts of a pattern, compared without joining.
type patternKey [maxPatternParts]string

// patternCache remembers each route's joined pattern: chi joins the parts
// into a new string on every call, once per request for the log and the
// metrics (docs/performance.md). The keys are the router's own patterns, a
// fixed set, so the cache cannot grow with what clients send.
// A plain map under a read lock: sync.Map would box each key, an allocation
// per lookup.
type patternCache struct {
	mu sync.RWMutex
	m  map[patternKey]string
}

var patterns patternCache

func (c *patternCache) of(rc *chi.Context) string {
	parts := rc.RoutePatterns
	if len(parts) > maxPatternParts {
		return orUnmatched(rc.RoutePattern())
	}
	var k patternKey
	copy(k[:], parts)
	c.mu.RLock()
	p, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return p
	}
	p = orUnmatched(rc.RoutePattern())
	c.mu.Lock()
	if c.m == nil {
		c.m = map[patternKey]string{}
	}
	c.m[k] = p
	c.mu.Unlock()
	return p
}

func orUnmatched(pattern string) string {
	if pattern == "" {
		return "unmatched"
	}
	return pattern
}
