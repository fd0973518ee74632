package httpapi

import (
	"net/http"

	"quotegrade/internal/api"
)

// calculate answers one loan's payment, APR and fees: the core's figures
// for pages, brokers and scripts alike. It writes nothing, so it needs no
// rate limit beyond what any read has.
func (s *Server) calculate(w http.ResponseWriter, r *http.Request) {
	var c api.Calculation
	if err := decode(w, r, &c, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.figures.Calculate(c)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
