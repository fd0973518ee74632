package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"quotegrade/internal/rates"
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
	writeJSON(w, http.StatusOK, map[string][]rates.National{"rates": latest})
}

type marketRateJSON struct {
	Week   string  `json:"week"`
	Rate   float64 `json:"rate"`
	Source string  `json:"source"`
}

// marketRateHistory is the admin dashboard's chart data.
func (s *Server) marketRateHistory(w http.ResponseWriter, r *http.Request) {
	series := r.URL.Query().Get("series")
	if series != rates.Series15 {
		series = rates.Series30
	}
	weeks, err := strconv.Atoi(r.URL.Query().Get("weeks"))
	if err != nil || weeks < 1 || weeks > 520 {
		weeks = 104
	}
	hist, err := s.rates.History(r.Context(), series, weeks)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]marketRateJSON, 0, len(hist))
	for _, h := range hist {
		out = append(out, marketRateJSON{Week: h.Week.Format(time.DateOnly), Rate: h.Rate, Source: h.Source})
	}
	writeJSON(w, http.StatusOK, map[string]any{"series": series, "rates": out})
}
