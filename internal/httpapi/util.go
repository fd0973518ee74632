package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// routePattern names the route, not the path, so logs never carry ids.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		return rc.RoutePattern()
	}
	return "unmatched"
}
