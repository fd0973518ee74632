package httpapi

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"
)

// PageRoutes is the web app's route table (web/src/app/route-table.json):
// the paths the browser's router answers. The server serves the app for those
// and the app's not-found page, with a 404, for anything else.
type PageRoutes struct {
	Routes []PageRoute `json:"routes"`
}

// PageRoute is one path pattern of the route table: segments, ":name" for
// one segment, ":name?" for an optional last one, "*" for the rest.
type PageRoute struct {
	Path string `json:"path"`
	// Indexed pages are public ones that search engines should find; the
	// build prerenders them and the server fills in their head from Title and
	// Description (decision 0015).
	Indexed     bool   `json:"indexed"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// ParsePageRoutes reads the route table the web app is built with. Without
// one (tests that need no pages) every path gets the app.
func ParsePageRoutes(raw []byte) (PageRoutes, error) {
	var t PageRoutes
	if len(raw) == 0 {
		return t, nil
	}
	if err := json.Unmarshal(raw, &t); err != nil {
		return PageRoutes{}, fmt.Errorf("web route table: %w", err)
	}
	for _, r := range t.Routes {
		if !strings.HasPrefix(r.Path, "/") {
			return PageRoutes{}, fmt.Errorf("web route table: path %q must start with /", r.Path)
		}
		if r.Indexed && (r.Title == "" || r.Description == "") {
			return PageRoutes{}, fmt.Errorf("web route table: public page %q needs a title and a description", r.Path)
		}
	}
	return t, nil
}

// Match reports whether the web app has a page at urlPath.
func (t PageRoutes) Match(urlPath string) bool {
	for _, r := range t.Routes {
		if matchRoute(r.Path, urlPath) {
			return true
		}
	}
	return false
}

// matchRoute matches the subset of React Router patterns the table uses.
// A trailing slash matches as the router's does.
func matchRoute(pattern, urlPath string) bool {
	want := splitPath(pattern)
	got := splitPath(urlPath)
	for i, seg := range want {
		switch {
		case seg == "*":
			return true
		case strings.HasPrefix(seg, ":") && strings.HasSuffix(seg, "?"):
			// Optional segments come last in React Router patterns.
			return len(got) == i || (len(got) == i+1 && got[i] != "")
		case i >= len(got):
			return false
		case strings.HasPrefix(seg, ":"):
			if got[i] == "" {
				return false
			}
		case seg != got[i]:
			return false
		}
	}
	return len(got) == len(want)
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// robots lets search engines read the public pages and keeps them out of the
// broker area, the API and results pages (whose address is a visitor's secret).
func robots(publicURL string) http.HandlerFunc {
	body := "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /rate-results\nDisallow: /refi-buddy/\n\n" +
		"Sitemap: " + publicURL + "/sitemap.xml\n"
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Write([]byte(body))
	}
}

type sitemapURLSet struct {
	XMLName xml.Name     `xml:"urlset"`
	Xmlns   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc string `xml:"loc"`
}

// sitemap lists the indexed pages of the route table at the public URL.
func sitemap(publicURL string, pages PageRoutes) http.HandlerFunc {
	set := sitemapURLSet{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, r := range pages.Routes {
		if r.Indexed {
			set.URLs = append(set.URLs, sitemapURL{Loc: publicURL + r.Path})
		}
	}
	body, err := xml.MarshalIndent(set, "", "  ")
	return func(w http.ResponseWriter, _ *http.Request) {
		if err != nil {
			http.Error(w, "sitemap: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/xml; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Write([]byte(xml.Header))
		w.Write(body)
	}
}
