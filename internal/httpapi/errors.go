package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
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
	case errors.Is(err, errContentType):
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
	}
	return http.StatusInternalServerError
}

const msgServerError = "Something went wrong on our side. Please try again."

var (
	errBadJSON     = errors.New("The request body must be a JSON object")
	errContentType = errors.New("The request body must be JSON (Content-Type: application/json)")
)

// maxBody caps every JSON request: the largest real payload (a submission with
// ten long questions) is far below it.
const maxBody = 64 << 10

// decode reads one JSON object into dst. An empty body is allowed only when
// optional is set (the viewed event has no body when signed out).
func decode(w http.ResponseWriter, r *http.Request, dst any, optional bool) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if len(body) == 0 && optional {
		return nil
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !isJSON(ct) {
		return errContentType
	}
	if err := checkText(body); err != nil {
		return err
	}
	dec := json.NewDecoder(bytesReader(body))
	if err := dec.Decode(dst); err != nil {
		return errBadJSON
	}
	if dec.More() {
		return errBadJSON
	}
	return nil
}

// writeJSON encodes v fully before writing the status, so a value no JSON
// can carry (an infinity) is a logged 500 with the error body, never a 200
// with an empty body.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		slog.Error("encode response", "status", status, "err", err)
		status = http.StatusInternalServerError
		body, _ = json.Marshal(errorBody{Error: msgServerError})
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}
