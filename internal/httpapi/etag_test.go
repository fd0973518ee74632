package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// The results page's reads carry an ETag made of the versions their figures
// depend on (the request, its analysis, the market data): asking again with
// it is a 304 with no body, and any of those changing is a new ETag and the
// new answer (issue 12).
func TestResultsAnswerNotModifiedUntilTheirVersionsChange(t *testing.T) {
	t.Parallel()
	fred := &fredReplay{latest: "6.36"}
	fredServer := httptest.NewServer(fred)
	t.Cleanup(fredServer.Close)
	srv := testsupport.StartServer(t, func(c *config.Config) {
		c.RatesSource, c.FREDURL, c.FREDAPIKey = "fred", fredServer.URL, "test-key"
	})
	refresh := func() {
		t.Helper()
		if err := srv.App.Rates.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	refresh()
	id := submit(t, srv, p(nil))
	path := "/api/quote-requests/" + id
	get := func(path, etag string) testsupport.Response {
		t.Helper()
		headers := map[string]string{}
		if etag != "" {
			headers["If-None-Match"] = etag
		}
		return srv.DoWithHeaders(t, headers, "GET", path, nil)
	}

	first := get(path, "")
	tag := first.Header.Get("ETag")
	if first.Status != http.StatusOK || tag == "" || first.Header.Get("Cache-Control") != "private, no-cache" {
		t.Fatalf("first read: %d ETag %q Cache-Control %q", first.Status, tag, first.Header.Get("Cache-Control"))
	}
	if again := get(path, tag); again.Status != http.StatusNotModified || len(again.Body) != 0 || again.Header.Get("ETag") != tag {
		t.Fatalf("matching If-None-Match: %d ETag %q body %q", again.Status, again.Header.Get("ETag"), again.Body)
	}
	if other := get(path, `"some-other-version"`); other.Status != http.StatusOK || other.Header.Get("ETag") != tag {
		t.Fatalf("another version: %d ETag %q", other.Status, other.Header.Get("ETag"))
	}

	// A broker saves the analysis: the request now reads analyzed.
	admin := srv.SignIn(t, "broker@example.com", true)
	if res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", map[string]any{
		"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Lock it"}},
		"quotes":   []map[string]any{{"rate": 6.25, "lenderFees": 1500, "apr": 6.3, "isRecommended": true}}}); res.Status != 200 {
		t.Fatalf("save analysis: %d %s", res.Status, res.Body)
	}
	analysed := get(path, tag)
	if analysed.Status != http.StatusOK || analysed.Header.Get("ETag") == tag || analysed.JSON(t)["analyzed"] != true {
		t.Fatalf("after the analysis was saved: %d ETag %q (was %q) %s", analysed.Status, analysed.Header.Get("ETag"), tag, analysed.Body)
	}
	tag = analysed.Header.Get("ETag")

	// The analysis read revalidates the same way, and changes when it is saved again.
	analysisPath := path + "/analysis"
	a := get(analysisPath, "")
	aTag := a.Header.Get("ETag")
	if a.Status != http.StatusOK || aTag == "" {
		t.Fatalf("analysis read: %d ETag %q", a.Status, aTag)
	}
	if again := get(analysisPath, aTag); again.Status != http.StatusNotModified {
		t.Fatalf("analysis with a matching If-None-Match: %d", again.Status)
	}
	if res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", map[string]any{
		"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Lock it today"}},
		"quotes":   []map[string]any{{"rate": 6.125, "lenderFees": 1500, "apr": 6.2, "isRecommended": true}}}); res.Status != 200 {
		t.Fatalf("save analysis again: %d %s", res.Status, res.Body)
	}
	if resaved := get(analysisPath, aTag); resaved.Status != http.StatusOK || resaved.Header.Get("ETag") == aTag {
		t.Fatalf("after the analysis changed: %d ETag %q (was %q)", resaved.Status, resaved.Header.Get("ETag"), aTag)
	}

	// The market data is refreshed with a new 30-year figure: a new grade.
	fred.set("6.10")
	refresh()
	moved := get(path, tag)
	if moved.Status != http.StatusOK || moved.Header.Get("ETag") == tag {
		t.Fatalf("after the market data changed: %d ETag %q (was %q)", moved.Status, moved.Header.Get("ETag"), tag)
	}
	market := moved.JSON(t)["instant_grade"].(map[string]any)["market"].(map[string]any)
	if market["rate"] != 6.1 {
		t.Fatalf("graded against %v after the refresh, want 6.1", market["rate"])
	}
}

// The results page's kept answer is checked against the request's stamp in
// the database on every read (decision 0028): a copy of the server that has
// answered a request shows what another copy sharing the database wrote
// since, on its next read, with a new ETag.
func TestKeptResultsAnswerFollowsWritesThroughAnotherCopy(t *testing.T) {
	t.Parallel()
	url := testsupport.PostgresURL(t)
	onPostgres := func(c *config.Config) { c.DatabaseURL = url }
	writer := testsupport.StartServer(t, onPostgres)
	reader := testsupport.StartServer(t, onPostgres)
	id := submit(t, writer, p(nil))
	path := "/api/quote-requests/" + id
	read := func() (map[string]any, string) {
		t.Helper()
		res := reader.Do(t, "GET", path, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("read: %d %s", res.Status, res.Body)
		}
		return res.JSON(t), res.Header.Get("ETag")
	}
	_, tag := read()
	if _, again := read(); again != tag {
		t.Fatalf("an unchanged request read twice: ETag %q then %q", tag, again)
	}
	if res := writer.Do(t, "PATCH", path+"/broker-quote", map[string]any{"broker_rate": 7.125}); res.Status != http.StatusOK {
		t.Fatalf("broker quote through the other copy: %d %s", res.Status, res.Body)
	}
	body, moved := read()
	if moved == tag || body["broker_rate"] != 7.125 {
		t.Fatalf("after the other copy's write: ETag %q (was %q), broker_rate %v", moved, tag, body["broker_rate"])
	}
	admin := writer.SignIn(t, "broker@example.com", true)
	if res := writer.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", map[string]any{
		"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Lock it"}},
		"quotes":   []map[string]any{{"rate": 6.25, "lenderFees": 1500, "apr": 6.3, "isRecommended": true}}}); res.Status != http.StatusOK {
		t.Fatalf("save analysis through the other copy: %d %s", res.Status, res.Body)
	}
	if body, analysed := read(); analysed == moved || body["analyzed"] != true {
		t.Fatalf("after the other copy saved the analysis: ETag %q (was %q), analyzed %v", analysed, moved, body["analyzed"])
	}
}
