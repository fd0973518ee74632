package blob

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"

	"quotegrade/internal/vocab"
)

// Handler answers the Local store's signed URLs: PUT stores a file once, GET
// downloads it as an attachment. Mount it at LocalPath.
func (l *Local) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.URL.Path, LocalPath)
		s, err := l.Verify(key, r.URL.Query())
		if err != nil {
			refuse(w, http.StatusForbidden, err.Error())
			return
		}
		switch {
		case r.Method == http.MethodPut && s.Op == OpPut:
			l.put(w, r, s)
		case (r.Method == http.MethodGet || r.Method == http.MethodHead) && s.Op == OpGet:
			l.get(w, r, s)
		default:
			refuse(w, http.StatusForbidden, ErrBadSignature.Error())
		}
	})
}

// refuse answers like the rest of the API: a JSON {"error": ...} body.
func refuse(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": msg}) //nolint:errcheck // the client went away
}

func (l *Local) put(w http.ResponseWriter, r *http.Request, s Signed) {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != s.ContentType {
		refuse(w, http.StatusBadRequest, "The file's content type does not match the upload link")
		return
	}
	if r.ContentLength > vocab.MaxUploadBytes {
		refuse(w, http.StatusRequestEntityTooLarge, vocab.MsgUploadTooLarge)
		return
	}
	_, err := l.Create(s.Key, http.MaxBytesReader(w, r.Body, vocab.MaxUploadBytes))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		refuse(w, http.StatusRequestEntityTooLarge, vocab.MsgUploadTooLarge)
	case errors.Is(err, fs.ErrExist):
		refuse(w, http.StatusConflict, "This upload link was already used")
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The server's read deadline passed: the client's doing, not a failure.
		refuse(w, http.StatusRequestTimeout, "The file took too long to arrive. Please upload it again.")
	case err != nil:
		refuse(w, http.StatusInternalServerError, "The file could not be stored")
	default:
		w.WriteHeader(http.StatusOK)
	}
}

func (l *Local) get(w http.ResponseWriter, r *http.Request, s Signed) {
	f, size, err := l.Open(r.Context(), s.Key)
	if errors.Is(err, ErrNotFound) {
		refuse(w, http.StatusNotFound, "The file could not be found")
		return
	}
	if err != nil {
		refuse(w, http.StatusInternalServerError, "The file could not be read")
		return
	}
	defer f.Close()
	// Never inline: an uploaded file is served as a download of its checked type.
	w.Header().Set("Content-Type", s.ContentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": s.FileName}))
	w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if r.Method == http.MethodHead {
		return
	}
	io.CopyN(w, f, size) //nolint:errcheck // the client went away; nothing to tell it
}
