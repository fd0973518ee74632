package httpapi

import (
	"bytes"
	"io"
	"mime"
	"net/http"

	"github.com/go-chi/chi/v5"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// routePattern names the route, not the path, so logs never carry ids.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		return rc.RoutePattern()
	}
	return "unmatched"
}
