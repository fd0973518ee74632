package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"strings"

	"quotegrade/internal/site"
)

// The web build prerenders each public page (web/scripts/prerender.mjs) to
// prerendered/<name>.html with placeholders for the operator's values; the
// server fills them in from the site file once, at start, so the HTML sent
// before any script runs names the configured brokerage (decision 0015).
const (
	prerenderedDir  = "prerendered/"
	headStart       = "<!--qg:head-->"
	headEnd         = "<!--/qg:head-->"
	demoStart       = "<!--qg:demonstration-->"
	demoEnd         = "<!--/qg:demonstration-->"
	siteJSONToken   = "__QG_SITE_JSON__"
	sitePlaceholder = "__QG_SITE_%s__"
	// The site file fills in the brand (siteFiller), as in titles.
	openGraphSiteTag = "__QG_SITE_brand__"
)

// filledPage is one HTML page ready to send, with its gzip copy made once.
type filledPage struct {
	html, gzipped []byte
}

// servedPages are the pages the server sends: each prerendered public page
// by path, and index.html for every other page of the app.
type servedPages struct {
	byPath map[string]filledPage
	index  filledPage
}

// fillPages reads index.html and the prerendered pages of the route table's
// public routes and fills in the site file's values and each page's head.
func fillPages(web fs.FS, pages PageRoutes, operator site.Site, publicURL string) (servedPages, error) {
	siteJSON, err := json.Marshal(operator)
	if err != nil {
		return servedPages{}, fmt.Errorf("site values for the pages: %w", err)
	}
	fill := siteFiller(operator, siteJSON)
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return servedPages{}, fmt.Errorf("web app: %w", err)
	}
	out := servedPages{byPath: map[string]filledPage{}}
	if out.index, err = newFilledPage(fill(stripMarkers(string(index), headStart, headEnd))); err != nil {
		return servedPages{}, err
	}
	for _, r := range pages.Routes {
		if !r.Indexed {
			continue
		}
		raw, err := fs.ReadFile(web, prerenderedDir+prerenderedName(r.Path)+".html")
		if err != nil {
			// A build without the prerenderer (API tests' stand-in app) sends index.html.
			continue
		}
		page, err := replaceBetween(string(raw), headStart, headEnd, headTags(r, publicURL))
		if err != nil {
			return servedPages{}, fmt.Errorf("prerendered page %s: %w", r.Path, err)
		}
		if operator.Demonstration {
			page = stripMarkers(page, demoStart, demoEnd)
		} else if page, err = replaceBetween(page, demoStart, demoEnd, ""); err != nil {
			return servedPages{}, fmt.Errorf("prerendered page %s: %w", r.Path, err)
		}
		if out.byPath[r.Path], err = newFilledPage(fill(page)); err != nil {
			return servedPages{}, err
		}
	}
	return out, nil
}

// FilledPages are the prerendered public pages as the server sends them, by
// path, with the operator's values filled in (for the page archive); none
// for a binary built without the web app.
func FilledPages(web fs.FS, pages PageRoutes, operator site.Site, publicURL string) (map[string]string, error) {
	out := map[string]string{}
	if web == nil {
		return out, nil
	}
	served, err := fillPages(web, pages, operator, publicURL)
	if err != nil {
		return nil, err
	}
	for path, p := range served.byPath {
		out[path] = string(p.html)
	}
	return out, nil
}

// page returns what to send for urlPath: its prerendered page, or index.html.
func (p servedPages) page(urlPath string) filledPage {
	clean := "/" + strings.Trim(urlPath, "/")
	if page, ok := p.byPath[clean]; ok {
		return page
	}
	return p.index
}

// prerenderedName is the file a public page is prerendered to (as
// prerender.mjs names it): "/" is index, "/quote-start" is quote-start.
func prerenderedName(path string) string {
	if path == "/" {
		return "index"
	}
	return strings.ReplaceAll(strings.TrimPrefix(path, "/"), "/", "-")
}

// siteFiller puts the operator's values in place of the build's placeholders,
// escaped for HTML text and quoted attributes alike.
func siteFiller(s site.Site, siteJSON []byte) func(string) string {
	value := func(key, v string) []string {
		return []string{fmt.Sprintf(sitePlaceholder, key), html.EscapeString(v)}
	}
	var pairs []string
	pairs = append(pairs, value("brokerageName", s.BrokerageName)...)
	pairs = append(pairs, value("brand", s.Brand)...)
	pairs = append(pairs, value("brokerageNmls", s.BrokerageNMLS)...)
	pairs = append(pairs, value("postalAddress", s.PostalAddress)...)
	pairs = append(pairs, value("contactEmail", s.ContactEmail)...)
	pairs = append(pairs, value("contactPhoneHref", phoneHref(s.ContactPhone))...)
	pairs = append(pairs, value("contactPhone", s.ContactPhone)...)
	pairs = append(pairs, value("sisterSiteState", s.SisterSite.State)...)
	pairs = append(pairs, value("sisterSiteUrl", s.SisterSite.URL)...)
	// json.Marshal escapes <, > and &, so the values cannot end the script element.
	pairs = append(pairs, siteJSONToken, string(siteJSON))
	return strings.NewReplacer(pairs...).Replace
}

// phoneHref is the tel: link for a phone number as the web app makes it
// (phoneHref in web/src/lib/site.tsx): ten digits are a US number.
func phoneHref(phone string) string {
	var digits strings.Builder
	for _, r := range phone {
		if r >= '0' && r <= '9' {
			digits.WriteRune(r)
		}
	}
	d := digits.String()
	if len(d) == 10 {
		d = "1" + d
	}
	return "tel:+" + d
}

// headTags are a public page's title, description, canonical link and Open
// Graph tags, with absolute addresses at the public URL.
func headTags(r PageRoute, publicURL string) string {
	esc := html.EscapeString
	url := esc(strings.TrimRight(publicURL, "/") + r.Path)
	return "\n    <title>" + esc(r.Title) + "</title>" +
		"\n    <meta name=\"description\" content=\"" + esc(r.Description) + "\" />" +
		"\n    <link rel=\"canonical\" href=\"" + url + "\" />" +
		"\n    <meta property=\"og:type\" content=\"website\" />" +
		"\n    <meta property=\"og:site_name\" content=\"" + openGraphSiteTag + "\" />" +
		"\n    <meta property=\"og:title\" content=\"" + esc(r.Title) + "\" />" +
		"\n    <meta property=\"og:description\" content=\"" + esc(r.Description) + "\" />" +
		"\n    <meta property=\"og:url\" content=\"" + url + "\" />\n    "
}

// replaceBetween replaces start...end, markers included, with with.
func replaceBetween(page, start, end, with string) (string, error) {
	i := strings.Index(page, start)
	j := strings.Index(page, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("no %s ... %s in the page: was it built by this version?", start, end)
	}
	return page[:i] + with + page[j+len(end):], nil
}

// stripMarkers removes the markers and keeps what is between them.
func stripMarkers(page, start, end string) string {
	return strings.Replace(strings.Replace(page, start, "", 1), end, "", 1)
}

func newFilledPage(page string) (filledPage, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return filledPage{}, err
	}
	if _, err := zw.Write([]byte(page)); err != nil {
		return filledPage{}, fmt.Errorf("compress page: %w", err)
	}
	if err := zw.Close(); err != nil {
		return filledPage{}, fmt.Errorf("compress page: %w", err)
	}
	return filledPage{html: []byte(page), gzipped: buf.Bytes()}, nil
}
