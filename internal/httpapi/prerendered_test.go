package httpapi_test

import (
	"compress/gzip"
	"html"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
	"quotegrade/web"
)

// An operator's own site file: none of these values is a demonstration value.
const operatorSiteFile = `{
  "brokerageName": "Wasatch Home Loans & Co",
  "brand": "Wasatch Loans",
  "brokerageNmls": "246810",
  "postalAddress": "9 Canyon Rd, Ogden, UT 84401",
  "contactEmail": "team@wasatch-loans.test",
  "contactPhone": "(385) 555-0199",
  "sisterSite": {"state": "Nevada", "url": "https://nevada.wasatch-loans.test"},
  "lenders": [{"id": "provident", "name": "Provident Funding", "nmls": "111111", "fees": [{"label": "Underwriting fee", "amount": 400}]}]
}`

// withPublicURL names the address canonical links point at.
func withPublicURL(c *config.Config) { c.PublicURL = "https://quotes.wasatch-loans.test" }

// The public pages as the build prerenders them (web/dist/prerendered), with
// the heading each shows. These tests read the real build: run make build-web.
var prerenderedPages = []struct{ path, heading, title string }{
	{"/", "Could you get a better deal on your mortgage?", "Wasatch Loans – Could you get a better deal on your mortgage?"},
	{"/is-my-quote-good", "Grade Your Mortgage Rate Quote", "Grade Your Mortgage Rate Quote · Wasatch Loans"},
	{"/example-results", "Example Quote Analysis", "Example Quote Analysis · Wasatch Loans"},
	{"/should-i-refinance", "Never Miss a Chance to Refinance", "Refi Buddy · Wasatch Loans"},
	{"/quote-start", "Let's Get Started", "Let's Get Started · Wasatch Loans"},
	{"/check-my-rate", "Enter Details About Your Mortgage Quote", "Rate My Quote · Wasatch Loans"},
	{"/loan-information", "Tell us about your loan scenario", "Loan Information · Wasatch Loans"},
}

func builtWeb(t *testing.T) *testsupport.Server {
	t.Helper()
	dist := web.Dist()
	if dist == nil {
		t.Fatal("web/dist is not built into this test binary: run make build-web first (make test-go does)")
	}
	return testsupport.StartServerWithWeb(t, dist, withSiteFile(t, operatorSiteFile), withPublicURL)
}

func TestPrerenderedPagesCarryTheirTextAndTheSiteFilesValues(t *testing.T) {
	srv := builtWeb(t)
	for _, p := range prerenderedPages {
		res, body := get(t, srv.URL+p.path)
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: status %d", p.path, res.StatusCode)
		}
		// React separates adjacent text with empty comments: "Visit our <!-- -->Nevada<!-- --> site".
		text := strings.ReplaceAll(html.UnescapeString(body), "<!-- -->", "")
		for _, want := range []string{
			// The page's own heading, before any script runs.
			p.heading + "</h1>",
			// The operator's values, from the site file, in the footer.
			"Wasatch Home Loans & Co",
			"NMLS #246810",
			`href="mailto:team@wasatch-loans.test"`,
			`href="tel:+13855550199"`,
			"(385) 555-0199",
			`href="https://nevada.wasatch-loans.test"`,
			"Visit our Nevada site",
			// Licensing and fair housing (issue 26): address, Consumer Access, Equal Housing.
			"9 Canyon Rd, Ogden, UT 84401",
			`href="https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/246810"`,
			`aria-label="Equal Housing Opportunity"`,
			`href="/privacy"`,
			// The same values for the scripts, so the hydrated page matches.
			`"contactEmail":"team@wasatch-loans.test"`,
		} {
			if !strings.Contains(text, want) {
				t.Errorf("GET %s: the page lacks %q", p.path, want)
			}
		}
		for _, unwanted := range []string{"__QG_SITE_", "qg:demonstration", "quotegrade Mortgage Brokerage", "NMLS #000000", "hello@quotegrade.example", "demonstration site"} {
			if strings.Contains(text, unwanted) {
				t.Errorf("GET %s: the page still has %q", p.path, unwanted)
			}
		}
	}
}

func TestPrerenderedPagesHaveTheirOwnTitleDescriptionCanonicalAndOpenGraph(t *testing.T) {
	srv := builtWeb(t)
	for _, p := range prerenderedPages {
		_, body := get(t, srv.URL+p.path)
		head, _, ok := strings.Cut(body, "</head>")
		if !ok {
			t.Fatalf("GET %s: no </head>", p.path)
		}
		head = html.UnescapeString(head)
		url := "https://quotes.wasatch-loans.test" + p.path
		for _, want := range []string{
			"<title>" + p.title + "</title>",
			`<meta name="description" content="`,
			`<link rel="canonical" href="` + url + `" />`,
			`<meta property="og:title" content="` + p.title + `" />`,
			`<meta property="og:url" content="` + url + `" />`,
			`<meta property="og:description" content="`,
			`<meta property="og:type" content="website" />`,
			// The site file's display brand, not the default one (issue 26).
			`<meta property="og:site_name" content="Wasatch Loans" />`,
		} {
			if !strings.Contains(head, want) {
				t.Errorf("GET %s: the head lacks %q:\n%s", p.path, want, head)
			}
		}
		if strings.Contains(head, "quotegrade") {
			t.Errorf("GET %s: the head names the default brand:\n%s", p.path, head)
		}
		if n := strings.Count(body, "<title>"); n != 1 {
			t.Errorf("GET %s: %d <title> elements, want 1", p.path, n)
		}
	}
	// A private page gets the app's generic head, never a canonical link.
	_, body := get(t, srv.URL+"/rate-results/abc")
	if strings.Contains(body, `rel="canonical"`) || !strings.Contains(body, "<title>") {
		t.Errorf("GET /rate-results/abc: head %q", body[:min(len(body), 900)])
	}
}

func TestWithoutASiteFileThePrerenderedPagesSayTheyAreADemonstration(t *testing.T) {
	dist := web.Dist()
	if dist == nil {
		t.Fatal("web/dist is not built into this test binary: run make build-web first (make test-go does)")
	}
	srv := testsupport.StartServerWithWeb(t, dist)
	_, body := get(t, srv.URL+"/is-my-quote-good")
	for _, want := range []string{"This is a demonstration site.", "hello@quotegrade.example", "NMLS #000000"} {
		if !strings.Contains(html.UnescapeString(body), want) {
			t.Errorf("the demonstration page lacks %q", want)
		}
	}
}

// The filling itself, on a stand-in build: escaping, the gzip copy made at
// start, and the templates never served as they are.
func TestPrerenderedPagesAreFilledEscapedAndCompressed(t *testing.T) {
	files := fstest.MapFS{}
	for name, file := range testsupport.WebFixture {
		files[name] = file
	}
	files["prerendered/quote-start.html"] = &fstest.MapFile{Data: []byte(`<!doctype html><html><head><!--qg:head--><title>generic</title><!--/qg:head--></head><body><div id="root"><h1>Let&#x27;s Get Started</h1>` +
		`<p>__QG_SITE_brokerageName__ · NMLS #__QG_SITE_brokerageNmls__</p><a href="__QG_SITE_contactPhoneHref__">__QG_SITE_contactPhone__</a>` +
		`<!--qg:demonstration--><p data-testid="demonstration-notice">This is a demonstration site.</p><!--/qg:demonstration--></div>` +
		`<script type="application/json" id="qg-site">__QG_SITE_JSON__</script></body></html>`)}
	srv := testsupport.StartServerWithWeb(t, files, withSiteFile(t, strings.Replace(operatorSiteFile, "Wasatch Home Loans & Co", `Wasatch <b>\"Loans\"</b>`, 1)), withPublicURL)

	res, body := get(t, srv.URL+"/quote-start/", "Accept-Encoding", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("GET /quote-start/ (gzip): %d, Content-Encoding %q, Vary %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plainFromGzip, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	_, plain := get(t, srv.URL+"/quote-start")
	if string(plainFromGzip) != plain {
		t.Errorf("the gzip copy differs from the page:\n%s\n%s", plainFromGzip, plain)
	}
	for _, want := range []string{
		`Wasatch &lt;b&gt;&#34;Loans&#34;&lt;/b&gt; · NMLS #246810`,
		`<a href="tel:+13855550199">(385) 555-0199</a>`,
		`"brokerageName":"Wasatch \u003cb\u003e\"Loans\"\u003c/b\u003e"`,
		`<link rel="canonical" href="https://quotes.wasatch-loans.test/quote-start" />`,
	} {
		if !strings.Contains(plain, want) {
			t.Errorf("the filled page lacks %q:\n%s", want, plain)
		}
	}
	if strings.Contains(plain, "demonstration-notice") || strings.Contains(plain, "<title>generic</title>") {
		t.Errorf("the filled page kept the demonstration notice or the generic title:\n%s", plain)
	}

	for _, path := range []string{"/prerendered/quote-start.html", "/.vite/manifest.json"} {
		if res, _ := get(t, srv.URL+path); res.StatusCode != 404 {
			t.Errorf("GET %s: status %d, want 404 (the build's own files are not served)", path, res.StatusCode)
		}
	}
}
