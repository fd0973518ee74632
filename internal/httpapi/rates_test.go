package httpapi_test

import (
	"strings"
	"testing"

	"quotegrade/internal/testsupport"
)

// A new server answers from the bundled snapshot, in the shape the browser reads.
func TestNationalRates(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	res := srv.Do(t, "GET", "/api/national-rates", nil)
	if res.Status != 200 || res.Header.Get("Cache-Control") != "public, max-age=3600" {
		t.Fatalf("%d, Cache-Control %q", res.Status, res.Header.Get("Cache-Control"))
	}
	var saw30, saw15 bool
	for _, r := range res.JSON(t)["rates"].([]any) {
		line := r.(map[string]any)
		src := line["source"].(string)
		if strings.Contains(src, "30 Year Fixed") && line["rate"] == 6.36 && line["date"] == "2026-05-14" {
			saw30 = true
		}
		if strings.Contains(src, "15 Year Fixed") && line["rate"].(float64) > 0 {
			saw15 = true
		}
	}
	if !saw30 || !saw15 {
		t.Fatalf("rates = %s", res.Body)
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	hist := srv.DoAs(t, admin, "GET", "/api/admin/market-rates?series=30&weeks=520", nil).JSON(t)
	if n := len(hist["rates"].([]any)); n < 100 {
		t.Fatalf("history has %d weeks", n)
	}
}
