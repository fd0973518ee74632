package httpapi

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// spaHandler serves the built web app: files that exist as themselves, hashed
// assets cached for a year, and index.html (never cached) for every client
// route so that a reload of /rate-results?qr=... works.
func spaHandler(web fs.FS) http.HandlerFunc {
	if web == nil {
		return func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "The web app was not built into this binary; run `make build`.", http.StatusServiceUnavailable)
		}
	}
	files := http.FileServerFS(web)
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" && isFile(web, name) {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			files.ServeHTTP(w, r)
			return
		}
		if strings.HasPrefix(name, "assets/") {
			// A missing hashed asset is a stale page asking for an old build.
			http.NotFound(w, r)
			return
		}
		index, err := fs.ReadFile(web, "index.html")
		if err != nil {
			http.Error(w, "The web app was not built into this binary; run `make build`.", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(index)
	}
}

func isFile(fsys fs.FS, name string) bool {
	info, err := fs.Stat(fsys, name)
	if errors.Is(err, fs.ErrNotExist) || err != nil {
		return false
	}
	return !info.IsDir()
}
