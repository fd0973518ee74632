package httpapi

import "net/http"

// getSite answers the operator's brokerage, contacts and partner lenders,
// which the pages show in place of compiled-in values (decision 0011).
func (s *Server) getSite(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.site)
}
