package httpapi_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/app"
	"quotegrade/internal/config"
	"quotegrade/internal/rates"
	"quotegrade/internal/testsupport"
)

const operatorSite = `{
  "brokerageName": "Wasatch Home Loans",
  "brokerageNmls": "1234567",
  "contactEmail": "loans@wasatch.example",
  "contactPhone": "(801) 555-0199",
  "sisterSite": {"state": "Nevada", "url": "https://nv.wasatch.example"},
  "lenders": [
    {"id": "uwm", "name": "United Wholesale Mortgage", "nmls": "3038", "fees": [{"label": "Underwriting", "amount": 900}, {"label": "Tax service", "amount": 95}]}
  ]
}`

func withSiteFile(t *testing.T, content string) func(*config.Config) {
	path := filepath.Join(t.TempDir(), "site.json")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return func(c *config.Config) { c.SiteFile = path }
}

// Without a site file the pages get the demonstration values and are told so.
func TestSiteWithoutAFileIsTheDemonstration(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	run(t, srv, []scenario{
		{name: "demo site", method: "GET", path: "/api/site", status: 200, contains: []string{`"demonstration":true`,
			`"brokerageNmls":"000000"`, `"contactEmail":"hello@quotegrade.example"`, `"id":"provident"`, `"amount":370`, `"amount":80`, `"amount":1100`}},
		{name: "provident adds 370 + 80", method: "POST", path: "/api/calculate", status: 200,
			body: map[string]any{"loanAmount": 300000, "ratePercent": 6.5, "lender": "provident"}, contains: []string{`"lenderAdds":450`}},
		{name: "rocket adds 1,100", method: "POST", path: "/api/calculate", status: 200,
			body: map[string]any{"loanAmount": 300000, "ratePercent": 6.5, "lender": "rocket"}, contains: []string{`"lenderAdds":1100`}},
	})
}

// The operator's file names the brokerage and its lenders everywhere: the
// pages' details, the lender fees in the figures, the lenders an analysis
// may name.
func TestSiteFromTheOperatorsFile(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, withSiteFile(t, operatorSite))
	run(t, srv, []scenario{
		{name: "operator's site", method: "GET", path: "/api/site", status: 200, contains: []string{`"demonstration":false`,
			`"brokerageName":"Wasatch Home Loans"`, `"brokerageNmls":"1234567"`, `"contactPhone":"(801) 555-0199"`,
			`"sisterSite":{"state":"Nevada","url":"https://nv.wasatch.example"}`, `"name":"United Wholesale Mortgage"`}},
		{name: "the operator's lender fees", method: "POST", path: "/api/calculate", status: 200,
			body: map[string]any{"loanAmount": 300000, "ratePercent": 6.5, "lender": "uwm"}, contains: []string{`"lenderAdds":995`}},
		{name: "a lender not in the file", method: "POST", path: "/api/calculate", status: 400,
			body: map[string]any{"loanAmount": 300000, "ratePercent": 6.5, "lender": "rocket"}, fields: map[string]string{"lender": "Lender must be uwm"}},
	})
	if body := string(srv.Do(t, "GET", "/api/site", nil).Body); strings.Contains(body, "provident") {
		t.Errorf("the demo lenders leak into the operator's site: %s", body)
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	id := submit(t, srv, p(nil))
	quote := map[string]any{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}
	res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis",
		map[string]any{"analysis": map[string]any{"lender": "rocket", "recommendations": []string{"x"}}, "quotes": []any{quote}})
	if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["lender"] != "Please select a lender" {
		t.Fatalf("an analysis naming a lender not in the site file: %d %s", res.Status, res.Body)
	}
	res = srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis",
		map[string]any{"analysis": map[string]any{"lender": "uwm", "recommendations": []string{"x"}}, "quotes": []any{quote}})
	if res.Status != 200 {
		t.Fatalf("save with the operator's lender: %d %s", res.Status, res.Body)
	}
	got := srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil)
	if !strings.Contains(string(got.Body), `"lender_adds":995`) {
		t.Errorf("the analysed quote's fees do not use the operator's lender fees: %s", got.Body)
	}
}

// A bad site file stops start-up with one line naming the key.
func TestBadSiteFileStopsStartUp(t *testing.T) {
	t.Parallel()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), WriteRateLimit: 10, PublicURL: "http://127.0.0.1:0"}
	withSiteFile(t, strings.Replace(operatorSite, `"nmls": "3038"`, `"nmls": "NMLS 3038"`, 1))(&cfg)
	_, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler), app.WebApp{Files: testsupport.WebFixture}, "test")
	if err == nil || !strings.Contains(err.Error(), "invalid setting --site-file (QG_SITE_FILE)") || !strings.Contains(err.Error(), "lenders[0].nmls") {
		t.Fatalf("err = %v, want the bad key named", err)
	}
	if _, statErr := os.Stat(filepath.Join(cfg.DataDir, "quotegrade.db")); statErr == nil {
		t.Error("a database was created before the site file was checked")
	}
}

// /api/health reports how old each market series is, and the oldest at the
// top (the bundled snapshot's newest 30-year week is May 14, 2026, its
// newest 15-year week February 26, 2026: a fresh 30-year figure must not
// hide a 15-year one months old, issue 25).
func TestHealthReportsTheMarketDataAge(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	body := srv.Do(t, "GET", "/api/health", nil).JSON(t)
	md, _ := body["market_data"].(map[string]any)
	week30, week15 := time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC), time.Date(2026, 2, 26, 0, 0, 0, 0, time.UTC)
	if md == nil || md["week"] != "2026-02-26" || md["age_days"] != float64(rates.DaysOld(week15, time.Now())) || md["stale"] != rates.IsStale(week15, time.Now()) {
		t.Fatalf("health = %v", body)
	}
	series, _ := md["series"].([]any)
	if len(series) != 2 {
		t.Fatalf("health series = %v", md["series"])
	}
	s30, s15 := series[0].(map[string]any), series[1].(map[string]any)
	if s30["series"] != "30" || s30["week"] != "2026-05-14" || s30["age_days"] != float64(rates.DaysOld(week30, time.Now())) ||
		s15["series"] != "15" || s15["week"] != "2026-02-26" || s15["stale"] != rates.IsStale(week15, time.Now()) {
		t.Fatalf("health series = %v", series)
	}
	// The instant estimate names the 30-year series' week and says whether it is stale.
	id := submit(t, srv, p(nil))
	market := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)["instant_grade"].(map[string]any)["market"].(map[string]any)
	if market["week"] != "2026-05-14" || market["stale"] != s30["stale"] || market["age_days"] != s30["age_days"] {
		t.Errorf("instant grade market = %v", market)
	}
}
