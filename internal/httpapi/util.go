package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// routePattern names the route, not the path, so logs never carry ids. The
// router mounts no sub-router, so a matched route has one pattern, which is
// the route's own string; chi's RoutePattern would join a copy of it on
// every request, once per request for the log and the metrics
// (docs/performance.md).
func routePattern(r *http.Request) string {
	rc := chi.RouteContext(r.Context())
	if rc == nil {
		return "unmatched"
	}
	if len(rc.RoutePatterns) == 1 {
		return rc.RoutePatterns[0]
	}
	return orUnmatched(rc.RoutePattern())
}

func orUnmatched(pattern string) string {
	if pattern == "" {
		return "unmatched"
	}
	return pattern
}
