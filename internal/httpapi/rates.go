package httpapi

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

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
	out, err := s.marketData.MarketRateHistory(r.Context(), r.URL.Query().Get("series"), weeks)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// storedMarketWeeks is the Market data page's Stored weeks card.
func (s *Server) storedMarketWeeks(w http.ResponseWriter, r *http.Request) {
	out, err := s.marketData.StoredWeeks(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// deleteMarketWeek removes a wrong week the broker picked on that card.
func (s *Server) deleteMarketWeek(w http.ResponseWriter, r *http.Request) {
	if err := s.marketData.DeleteWeek(r.Context(), chi.URLParam(r, "week")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// maxMarketDataBody caps an uploaded market-data file (rates.MaxImportBytes;
// Freddie Mac's whole history is about 200 KB).
const maxMarketDataBody = 2 << 20

// errNotCSV refuses a market-data upload sent as anything but the file's text.
var errNotCSV = errors.New("Send the file itself as the request body (Content-Type: text/csv)")

// marketDataFile reads the uploaded CSV: the body is the file, as the
// browser's file input or curl --data-binary sends it.
func marketDataFile(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || (mt != "text/csv" && mt != "text/plain") {
		return nil, errNotCSV
	}
	return readBody(http.MaxBytesReader(w, r.Body, maxMarketDataBody))
}

// previewMarketData says what a market-data file holds and what applying it
// would change; nothing is stored.
func (s *Server) previewMarketData(w http.ResponseWriter, r *http.Request) {
	s.marketDataCall(w, r, s.marketData.PreviewImport)
}

// applyMarketData stores a market-data file's figures, all or none.
func (s *Server) applyMarketData(w http.ResponseWriter, r *http.Request) {
	s.marketDataCall(w, r, s.marketData.ApplyImport)
}

func (s *Server) marketDataCall(w http.ResponseWriter, r *http.Request, call func(context.Context, []byte) (api.MarketDataPreview, error)) {
	file, err := marketDataFile(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := call(r.Context(), file)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
