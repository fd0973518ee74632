package httpapi

import (
	"context"
	"errors"
	"net/http"

	"quotegrade/internal/apperr"
)

// errorBody is the one error shape of the API: {"error": "...", "fields": {...}}.
type errorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields,omitempty"`
}

// writeError maps domain errors to status codes, in one place.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var invalid *apperr.Invalid
	var message *apperr.Message
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &invalid):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: invalid.Message, Fields: invalid.Fields})
	case errors.As(err, &tooLarge):
		writeJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: "The request is too large"})
	case errors.As(err, &message):
		if errors.Is(message.Kind, apperr.ErrUnavailable) {
			w.Header().Set("Retry-After", retryAfterSeconds)
		}
		writeJSON(w, statusOf(message.Kind), errorBody{Error: message.Text})
	case errors.Is(err, apperr.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "Not found"})
	case errors.Is(err, errBadJSON):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: err.Error()})
	case errors.Is(err, errContentType), errors.Is(err, errNotCSV):
		writeJSON(w, http.StatusUnsupportedMediaType, errorBody{Error: err.Error()})
	case errors.Is(err, context.Canceled) && r.Context().Err() != nil:
		// The client went away; nothing was answered and nothing committed.
		s.log.DebugContext(r.Context(), "client gone", "route", routePattern(r))
		w.WriteHeader(499)
	default:
		s.log.ErrorContext(r.Context(), "request failed", "route", routePattern(r), "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: msgServerError})
	}
}

// retryAfterSeconds is how long a 503 asks the client to wait: one Loan
// Estimate read at most takes a few seconds.
const retryAfterSeconds = "5"

func statusOf(kind error) int {
	switch {
	case errors.Is(kind, apperr.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(kind, apperr.ErrConflict):
		return http.StatusConflict
	case errors.Is(kind, apperr.ErrForbidden):
		return http.StatusForbidden
	case errors.Is(kind, apperr.ErrUnavailable):
		return http.StatusServiceUnavailable
	case errors.Is(kind, apperr.ErrGone):
		return http.StatusGone
	}
	return http.StatusInternalServerError
}

const msgServerError = "Something went wrong on our side. Please try again."

var (
	errBadJSON     = errors.New("The request body must be a JSON object")
	errContentType = errors.New("The request body must be JSON (Content-Type: application/json)")
)
