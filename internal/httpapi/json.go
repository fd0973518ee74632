package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"strings"
	"sync"
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
	body, err := readBody(r.Body)
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

// errSlowBody: the body had not arrived when the server's read deadline
// passed (a slow client, or one holding a connection open on purpose).
var errSlowBody = errors.New("The request took too long to arrive. Please try again.")

// readBody reads a request body whole; a read deadline passing is
// errSlowBody, the client's doing, not a failure of the server.
func readBody(body io.Reader) ([]byte, error) {
	b, err := io.ReadAll(body)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return nil, fmt.Errorf("%w (%w)", errSlowBody, err)
	}
	return b, err
}

// writeJSON encodes v fully before writing the status, so a value no JSON
// can carry (an infinity) is a logged 500 with the error body, never a 200
// with an empty body. The encoding goes into a pooled buffer: a new one per
// answer, and a second copy to add the newline, showed in every profile.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := buffers.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	buf.Reset()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		slog.Error("encode response", "status", status, "err", err)
		status = http.StatusInternalServerError
		buf.Reset()
		_ = json.NewEncoder(buf).Encode(errorBody{Error: msgServerError})
	}
	writeEncoded(w, status, buf.Bytes())
}

// writeEncoded answers body, already JSON with its newline.
func writeEncoded(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(body)
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putBuffer keeps buffers of ordinary answers; a rare huge one (a broker's
// list) is left to the collector rather than held by the pool.
func putBuffer(b *bytes.Buffer) {
	if b.Cap() <= 64<<10 {
		buffers.Put(b)
	}
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// writeRevalidated answers v with its ETag, or 304 Not Modified when the
// client already holds that version (If-None-Match). The answer holds a
// visitor's own data, so only their browser may keep it, and it asks again
// each time (no-cache): the ETag makes asking again cheap. An answer is a
// function of its ETag byte for byte, so its encoding is kept under it
// (answerCache) and a repeated read skips the JSON encoder.
func (s *Server) writeRevalidated(w http.ResponseWriter, r *http.Request, etag string, v any) {
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	if noneMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if body, ok := s.answers.Get(etag); ok {
		writeEncoded(w, http.StatusOK, body)
		return
	}
	body, err := json.Marshal(v)
	if err != nil {
		writeJSON(w, http.StatusOK, v) // answers the logged 500
		return
	}
	body = append(body, '\n')
	s.answers.Add(etag, body)
	writeEncoded(w, http.StatusOK, body)
}

// answerCacheSize is how many encoded answers are kept: the results pages
// being looked at now, a few KB each.
const answerCacheSize = 1024

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
