package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// Routes lists every API route the router registers, for the tests that check
// the OpenAPI document and, later, the permission matrix against it.
func Routes(h http.Handler) ([][2]string, error) {
	var routes [][2]string
	err := chi.Walk(h.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		routes = append(routes, [2]string{method, route})
		return nil
	})
	return routes, err
}

// AuditedRoutes are the broker routes the audit trail records, and those
// it leaves out as touching no visitor's data.
func AuditedRoutes() (audited, notAuditedRoutes map[string]bool) {
	audited = map[string]bool{}
	for k := range auditedRoutes {
		audited[k] = true
	}
	return audited, notAudited
}
