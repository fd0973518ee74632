package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"
)

// The API's JSON in and out: every handler reads its body with decode and
// answers with writeJSON (errors with writeError, in errors.go).

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

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// writeRevalidated answers v with its ETag, or 304 Not Modified when the
// client already holds that version (If-None-Match). The answer holds a
// visitor's own data, so only their browser may keep it, and it asks again
// each time (no-cache): the ETag makes asking again cheap.
func writeRevalidated(w http.ResponseWriter, r *http.Request, etag string, v any) {
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	if noneMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// noneMatch reports whether an If-None-Match header names etag, compared
// weakly as RFC 9110 section 13.1.2 asks (a W/ prefix, which a compressing
// proxy may add, does not matter).
func noneMatch(header, etag string) bool {
	for _, candidate := range strings.Split(header, ",") {
		candidate = strings.TrimPrefix(strings.TrimSpace(candidate), "W/")
		if candidate == "*" || candidate == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}
