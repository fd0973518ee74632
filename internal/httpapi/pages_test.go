package httpapi_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"quotegrade/internal/testsupport"
)

func get(t *testing.T, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	// The transport would otherwise ask for gzip itself and hide the encoding.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

func TestPagesOfTheRouteTableAnswer200AndOthers404(t *testing.T) {
	srv := testsupport.StartServer(t)
	cases := []struct {
		path   string
		status int
	}{
		{"/", 200},
		{"/check-my-rate", 200},
		{"/loan-information/", 200},
		{"/rate-results?qr=abc", 200},
		{"/rate-results/9b2c1d", 200},
		{"/admin", 200},
		{"/admin/requests/abc", 200},
		{"/c", 200},
		{"/c/spring-mailer", 200},
		{"/refi-buddy/unsubscribe?token=x", 200},
		{"/refi-buddy/manage?token=x", 200},
		{"/no-such-page", 404},
		{"/check-my-rate/extra", 404},
		{"/c/a/b", 404},
		{"/rate-results/a/b", 404},
		{"/wp-login.php", 404},
	}
	for _, c := range cases {
		res, body := get(t, srv.URL+c.path)
		if res.StatusCode != c.status {
			t.Errorf("GET %s: status %d, want %d", c.path, res.StatusCode, c.status)
		}
		// Either way the app's page is sent, so the browser shows its not-found page.
		if !strings.Contains(body, `<div id="root">`) {
			t.Errorf("GET %s: the app's page was not sent: %q", c.path, body)
		}
	}
}

func TestRobotsAndSitemapNameThePublicPagesAtThePublicURL(t *testing.T) {
	srv := testsupport.StartServer(t)
	res, robots := get(t, srv.URL+"/robots.txt")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{"Disallow: /admin", "Disallow: /api/", "Sitemap: " + srv.URL + "/sitemap.xml"} {
		if !strings.Contains(robots, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, robots)
		}
	}
	res, sitemap := get(t, srv.URL+"/sitemap.xml")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap.xml: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, page := range []string{"/", "/is-my-quote-good", "/example-results", "/should-i-refinance", "/quote-start", "/check-my-rate", "/loan-information"} {
		if !strings.Contains(sitemap, "<loc>"+srv.URL+page+"</loc>") {
			t.Errorf("sitemap lacks %s:\n%s", page, sitemap)
		}
	}
	if strings.Contains(sitemap, "admin") || strings.Contains(sitemap, "rate-results") {
		t.Errorf("sitemap names a private page:\n%s", sitemap)
	}
}

func TestAssetsGoPrecompressedToBrowsersThatTakeThem(t *testing.T) {
	srv := testsupport.StartServer(t)
	const asset = "/assets/app-abc123.js"
	cases := []struct {
		accept, encoding string
	}{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"identity", ""},
		{"", ""},
	}
	for _, c := range cases {
		res, body := get(t, srv.URL+asset, "Accept-Encoding", c.accept)
		if res.StatusCode != 200 {
			t.Fatalf("Accept-Encoding %q: status %d", c.accept, res.StatusCode)
		}
		if got := res.Header.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.encoding)
		}
		if res.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", c.accept, res.Header.Get("Vary"))
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, res.Header.Get("Content-Type"))
		}
		switch c.encoding {
		case "gzip":
			zr, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := io.ReadAll(zr)
			if string(plain) != `console.log("quotegrade")` {
				t.Errorf("gzip copy decodes to %q", plain)
			}
		case "br":
			if body != "brotli stand-in" {
				t.Errorf("brotli copy not sent: %q", body)
			}
		case "":
			if body != `console.log("quotegrade")` {
				t.Errorf("plain asset: %q", body)
			}
		}
	}
}

func TestLargeAPIAnswersAreCompressed(t *testing.T) {
	srv := testsupport.StartServer(t)
	res, body := get(t, srv.URL+"/api/openapi.json", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("openapi.json: Content-Encoding %q, Vary %q", res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.NewDecoder(zr).Decode(&doc); err != nil {
		t.Fatalf("compressed answer is not the document: %v", err)
	}
	// Small answers are not worth compressing.
	res, _ = get(t, srv.URL+"/api/health", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "" {
		t.Errorf("/api/health compressed: %q", res.Header.Get("Content-Encoding"))
	}
}
