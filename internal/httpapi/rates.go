package httpapi

import (
	"net/http"
	"strconv"

	"quotegrade/internal/api"
)

// nationalRates answers the spec's GET /national-rates; the figures change
// weekly, so browsers and proxies may keep them an hour.
func (s *Server) nationalRates(w http.ResponseWriter, r *http.Request) {
	latest, err := s.rates.Latest(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, http.StatusOK, map[string][]api.NationalRate{"rates": latest})
}

// marketRateHistory is the admin dashboard's chart data.
func (s *Server) marketRateHistory(w http.ResponseWriter, r *http.Request) {
	// An unreadable weeks is 0, which the service replaces with its default.
	weeks, _ := strconv.Atoi(r.URL.Query().Get("weeks"))
	out, err := s.results.MarketRateHistory(r.Context(), r.URL.Query().Get("series"), weeks)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
