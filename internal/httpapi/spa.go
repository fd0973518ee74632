package httpapi

import (
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"quotegrade/internal/site"
)

// precompressed are the copies the web build writes beside each asset
// (vite-plugin-compression2), best first.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// spaHandler serves the built web app: files that exist as themselves (their
// brotli or gzip copy when the browser takes one), hashed assets cached for a
// year, and index.html (never cached) for every path of the app's route table,
// so that a reload of /rate-results?qr=... works, or for a public page its
// prerendered HTML. Both carry the site file's values, filled in at start.
// Any other path gets index.html with a 404: the app then shows its not-found
// page.
func spaHandler(web fs.FS, pages PageRoutes, operator site.Site, publicURL string) http.HandlerFunc {
	if web == nil {
		return notBuilt
	}
	served, err := fillPages(web, pages, operator, publicURL)
	if err != nil {
		return func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "The web app cannot be served: "+err.Error(), http.StatusServiceUnavailable)
		}
	}
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" && isPublicFile(web, name) {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			serveFile(w, r, web, name)
			return
		}
		if strings.HasPrefix(name, "assets/") {
			// A missing hashed asset is a stale page asking for an old build.
			http.NotFound(w, r)
			return
		}
		status := http.StatusOK
		if len(pages.Routes) > 0 && !pages.Match(r.URL.Path) {
			status = http.StatusNotFound
		}
		servePage(w, r, served.page(r.URL.Path), status)
	}
}

func notBuilt(w http.ResponseWriter, _ *http.Request) {
	http.Error(w, "The web app was not built into this binary; run `make build`.", http.StatusServiceUnavailable)
}

// servePage sends an HTML page, gzipped when the browser takes it: the pages
// carry the site file's values, so their compressed copy is made at start
// rather than by the build.
func servePage(w http.ResponseWriter, r *http.Request, page filledPage, status int) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	body := page.html
	if acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = page.gzipped
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// isPublicFile reports whether name is a file of the build to send as it is:
// not a prerendered page's unfilled template nor the build's manifest.
func isPublicFile(web fs.FS, name string) bool {
	if strings.HasPrefix(name, prerenderedDir) || strings.HasPrefix(name, ".") {
		return false
	}
	return isFile(web, name)
}

// serveFile sends name, or its precompressed copy when the browser accepts
// that encoding, with the original's content type.
func serveFile(w http.ResponseWriter, r *http.Request, web fs.FS, name string) {
	h := w.Header()
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set("Content-Type", ct)
	}
	sendName := name
	for _, p := range precompressed {
		if !isFile(web, name+p.suffix) {
			continue
		}
		// Any file with a compressed copy answers differently by encoding.
		h.Set("Vary", "Accept-Encoding")
		if sendName == name && acceptsEncoding(r.Header.Get("Accept-Encoding"), p.encoding) {
			sendName = name + p.suffix
			h.Set("Content-Encoding", p.encoding)
		}
	}
	f, err := web.Open(sendName)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	if !ok {
		http.Error(w, "file cannot be served", http.StatusInternalServerError)
		return
	}
	// Ranges of a compressed copy would be ranges of the wrong bytes.
	if sendName != name {
		r.Header.Del("Range")
	}
	http.ServeContent(w, r, name, time.Time{}, content)
}

// acceptsEncoding reads an Accept-Encoding header: the coding, or "*", listed
// with a q-value above zero.
func acceptsEncoding(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.TrimSpace(name)
		if !strings.EqualFold(name, coding) && name != "*" {
			continue
		}
		if q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v <= 0 {
				return false
			}
		}
		return true
	}
	return false
}

func isFile(fsys fs.FS, name string) bool {
	info, err := fs.Stat(fsys, name)
	if errors.Is(err, fs.ErrNotExist) || err != nil {
		return false
	}
	return !info.IsDir()
}
