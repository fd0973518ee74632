package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"quotegrade/internal/api"
)

func (s *Server) presignUpload(w http.ResponseWriter, r *http.Request) {
	var req api.UploadRequest
	if err := decode(w, r, &req, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The quota's client is the write limit's: the address, or its IPv6 /64.
	client, _ := s.clients.key(r)
	link, err := s.uploads.Presign(r.Context(), req, client)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, link)
}

// checkUpload verifies a file the browser has just uploaded, so the visitor
// hears at once, not at submit, that it was refused.
func (s *Server) checkUpload(w http.ResponseWriter, r *http.Request) {
	var body api.CheckUpload
	if err := decode(w, r, &body, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.uploads.CheckUpload(r.Context(), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// downloadUpload sends a broker to short-lived links for a request's files:
// the file, and each picture of a Loan Estimate uploaded a page at a time.
func (s *Server) downloadUpload(w http.ResponseWriter, r *http.Request) {
	links, err := s.uploads.QuoteFileLinks(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, links)
}

// loanEstimateReview shows the broker what the request's uploaded Loan
// Estimate says, read again from the stored file.
func (s *Server) loanEstimateReview(w http.ResponseWriter, r *http.Request) {
	out, err := s.uploads.LoanEstimateReview(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
