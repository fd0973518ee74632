package httpapi_test

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// postFile sends a market-data file to path as the browser does, with token.
func postFile(t *testing.T, srv *testsupport.Server, token, path, file, contentType string) testsupport.Response {
	t.Helper()
	return srv.DoWith(t, "POST", path, file, func(r *http.Request) {
		r.Header.Set("Content-Type", contentType)
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
	})
}

// marketData is what the health answer says of the market data the server
// uses (its week and age).
func marketData(t *testing.T, srv *testsupport.Server) map[string]any {
	t.Helper()
	return srv.Do(t, "GET", "/api/health", nil).JSON(t)["market_data"].(map[string]any)
}

// expectSnapshotWeek fails unless the server still uses the bundled snapshot's
// market data: the oldest series' week, its 15-year figure of February 26.
func expectSnapshotWeek(t *testing.T, srv *testsupport.Server, when string) {
	t.Helper()
	if week := marketData(t, srv)["week"]; week != "2026-02-26" {
		t.Fatalf("%s: the market data's week is %v, want the snapshot's 2026-02-26", when, week)
	}
}

// Only a signed-in admin may preview or apply a market-data file.
func TestMarketDataIsForAdminsOnly(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	user := srv.SignIn(t, "visitor@example.com", false)
	file := "observation_date,MORTGAGE30US\n2026-11-19,5.01\n"
	for _, path := range []string{"/api/admin/market-data/preview", "/api/admin/market-data/apply"} {
		if res := postFile(t, srv, "", path, file, "text/csv"); res.Status != http.StatusUnauthorized || res.JSON(t)["error"] != "No authenticated user" {
			t.Errorf("%s anonymous: %d %s", path, res.Status, res.Body)
		}
		if res := postFile(t, srv, user, path, file, "text/csv"); res.Status != http.StatusForbidden {
			t.Errorf("%s non-admin: %d %s", path, res.Status, res.Body)
		}
	}
	expectSnapshotWeek(t, srv, "after a refused apply")
}

// The broker previews Freddie Mac's history as FRED exports it: what it holds,
// compared with the stored snapshot (the same figures), and nothing stored.
func TestMarketDataPreviewOfARealFREDExport(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	file, err := os.ReadFile("../rates/testdata/fred-MORTGAGE30US.csv")
	if err != nil {
		t.Fatal(err)
	}
	res := postFile(t, srv, admin, "/api/admin/market-data/preview", string(file), "text/csv; charset=utf-8")
	if res.Status != http.StatusOK {
		t.Fatalf("preview: %d %s", res.Status, res.Body)
	}
	got := res.JSON(t)
	testsupport.MatchesSchema(t, "MarketDataPreview", got)
	if got["format"] != "FRED CSV" || got["weeks"] != 124.0 || got["firstWeek"] != "2024-01-04" || got["lastWeek"] != "2026-05-14" ||
		got["applied"] != false || got["missingWeeks"] != 0.0 {
		t.Fatalf("preview %s", res.Body)
	}
	// The bundled snapshot holds the same published figures.
	if got["newWeeks"] != 0.0 || got["changedWeeks"] != 0.0 || got["unchangedWeeks"] != 124.0 {
		t.Fatalf("counts %s", res.Body)
	}
	if l := got["latest30"].(map[string]any); l["rate"] != 6.36 || l["week"] != "2026-05-14" {
		t.Fatalf("latest30 %v", l)
	}
	if _, has := got["latest15"]; has {
		t.Fatalf("a 30-year file has a latest 15-year figure: %s", res.Body)
	}
}

// A broken file is a 400 naming the line, one message per wrong line; a body
// that is not the file is a 415 and a file over 2 MB a 413.
func TestMarketDataRefusals(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	for _, path := range []string{"/api/admin/market-data/preview", "/api/admin/market-data/apply"} {
		res := postFile(t, srv, admin, path, "observation_date,MORTGAGE30US\n2026-11-12,6.1\n2026-11-05,6.2\n2026-11-19,610\n", "text/csv")
		body := res.JSON(t)
		if res.Status != http.StatusBadRequest ||
			body["error"] != "Nothing was imported: the file has 2 problems; line 3: 2026-11-05 comes after 2026-11-12: the weeks must be in order, oldest first" {
			t.Fatalf("%s: %d %s", path, res.Status, res.Body)
		}
		testsupport.MatchesSchema(t, "Error", body)
		fields := body["fields"].(map[string]any)
		if len(fields) != 2 || fields["line 4"] != "the 30-year rate 610% is outside 1% to 20%" {
			t.Fatalf("%s fields %v", path, fields)
		}
		if res := postFile(t, srv, admin, path, "when,what\n1,2\n", "text/csv"); res.Status != http.StatusBadRequest ||
			!strings.HasPrefix(res.JSON(t)["error"].(string), "The first line must name the columns") {
			t.Fatalf("%s wrong header: %d %s", path, res.Status, res.Body)
		}
		if res := postFile(t, srv, admin, path, "", "text/csv"); res.Status != http.StatusBadRequest || res.JSON(t)["error"] != "The file is empty" {
			t.Fatalf("%s empty: %d %s", path, res.Status, res.Body)
		}
		if res := postFile(t, srv, admin, path, `{"file":"x"}`, "application/json"); res.Status != http.StatusUnsupportedMediaType {
			t.Fatalf("%s JSON: %d %s", path, res.Status, res.Body)
		}
		big := "observation_date,MORTGAGE30US\n" + strings.Repeat("# padding\n", 3<<20/10)
		if res := postFile(t, srv, admin, path, big, "text/csv"); res.Status != http.StatusRequestEntityTooLarge {
			t.Fatalf("%s 3 MB: %d %s", path, res.Status, res.Body)
		}
	}
	expectSnapshotWeek(t, srv, "after a refused file")
}

// Applied, the new week is what the dashboard's age, the national rates and
// the next instant grade use at once.
func TestMarketDataApplyIsUsedAtOnce(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	// Warm the one-minute cache of the newest figures first.
	expectSnapshotWeek(t, srv, "before")
	lastThursday := time.Now().UTC().Truncate(24 * time.Hour)
	for lastThursday.Weekday() != time.Thursday {
		lastThursday = lastThursday.AddDate(0, 0, -1)
	}
	week := lastThursday.Format(time.DateOnly)
	file := "DATE,MORTGAGE30US,MORTGAGE15US\n" + lastThursday.AddDate(0, 0, -14).Format(time.DateOnly) + ",5.20,4.60\n" + week + ",5.10,4.50\n"
	res := postFile(t, srv, admin, "/api/admin/market-data/apply", file, "text/csv")
	if res.Status != http.StatusOK {
		t.Fatalf("apply: %d %s", res.Status, res.Body)
	}
	got := res.JSON(t)
	if got["applied"] != true || got["newWeeks"] != 2.0 || got["missingWeeks"] != 2.0 || len(got["gaps"].([]any)) != 2 {
		t.Fatalf("applied %s", res.Body)
	}
	age := marketData(t, srv)
	if age["week"] != week || age["stale"] != false {
		t.Fatalf("health after apply: %v", age)
	}
	if rates := string(srv.Do(t, "GET", "/api/national-rates", nil).Body); !strings.Contains(rates, `"rate":5.1,"date":"`+week+`","series":"30"`) {
		t.Fatalf("national rates after apply: %s", rates)
	}
	id := submit(t, srv, p(nil))
	market := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)["instant_grade"].(map[string]any)["market"].(map[string]any)
	if market["rate"] != 5.1 || market["week"] != week || market["source"] != "FRED CSV import" {
		t.Fatalf("instant grade's market after apply: %v", market)
	}
}

// A week from the far future or year 1 is refused on import; one stored
// before weeks were checked is not the live rate (no negative age), is listed
// on the Stored weeks card with its problem, and the broker removes it
// (issue 24 §2). Both databases.
func TestAWrongMarketWeekIsRefusedShownAndRemoved(t *testing.T) {
	t.Parallel()
	onEachDatabase(t, func(t *testing.T, srv *testsupport.Server) {
		admin := srv.SignIn(t, "broker@example.com", true)
		for _, bad := range []string{"9999-12-30", "0001-01-04", time.Now().UTC().AddDate(0, 0, 7).Format(time.DateOnly)} {
			res := postFile(t, srv, admin, "/api/admin/market-data/apply", "DATE,MORTGAGE30US\n"+bad+",1.10\n", "text/csv")
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "the week of "+bad) {
				t.Fatalf("import of the week of %s: %d %s", bad, res.Status, res.Body)
			}
		}
		future := time.Date(9999, 12, 30, 0, 0, 0, 0, time.UTC)
		if err := srv.App.Store.SaveMarketRates(t.Context(), []store.MarketRate{{Series: "30", Week: future, Rate: 1.1, Source: "FRED CSV import", FetchedAt: time.Now()}}); err != nil {
			t.Fatal(err)
		}
		age := marketData(t, srv)
		for _, series := range age["series"].([]any) {
			a := series.(map[string]any)
			if a["week"] == "9999-12-30" || a["age_days"].(float64) < 0 || (a["series"] == "30" && a["week"] != "2026-05-14") {
				t.Fatalf("health with a future week stored: %v", age)
			}
		}
		res := srv.DoAs(t, admin, "GET", "/api/admin/market-rates/weeks", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("stored weeks: %d %s", res.Status, res.Body)
		}
		got := res.JSON(t)
		testsupport.MatchesSchema(t, "StoredMarketWeeks", got)
		first := got["weeks"].([]any)[0].(map[string]any)
		if first["week"] != "9999-12-30" || !strings.Contains(first["problem"].(string), "after today") {
			t.Fatalf("stored weeks: %s", res.Body)
		}
		if res := srv.DoAs(t, admin, "DELETE", "/api/admin/market-rates/9999-12-30", nil); res.Status != http.StatusNoContent {
			t.Fatalf("remove: %d %s", res.Status, res.Body)
		}
		if res := srv.DoAs(t, admin, "DELETE", "/api/admin/market-rates/9999-12-30", nil); res.Status != http.StatusNotFound {
			t.Fatalf("remove again: %d %s", res.Status, res.Body)
		}
		if res := srv.DoAs(t, admin, "DELETE", "/api/admin/market-rates/soon", nil); res.Status != http.StatusBadRequest {
			t.Fatalf("remove a week that is not a date: %d %s", res.Status, res.Body)
		}
		if res := srv.DoAs(t, admin, "GET", "/api/admin/market-rates/weeks", nil); strings.Contains(string(res.Body), "9999") {
			t.Fatalf("after removal: %s", res.Body)
		}
		user := srv.SignIn(t, "visitor@example.com", false)
		if res := srv.DoAs(t, user, "DELETE", "/api/admin/market-rates/2026-05-14", nil); res.Status != http.StatusForbidden {
			t.Fatalf("a non-admin removing a week: %d", res.Status)
		}
	})
}
