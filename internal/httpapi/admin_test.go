package httpapi_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/httpapi"
	"quotegrade/internal/testsupport"
)

// publicRoutes may be called without signing in. Every other route the router
// registers must refuse an anonymous caller, so a new route cannot ship unguarded.
var publicRoutes = map[string]bool{
	"GET /api/health": true, "GET /api/openapi.json": true, "GET /api/site": true,
	"POST /api/quote-requests/submit": true, "GET /api/quote-requests/{id}": true, "GET /api/quote-requests/{id}/analysis": true,
	"POST /api/analysis/{id}/viewed": true, "PATCH /api/quote-requests/{id}/contact-info": true,
	"PATCH /api/quote-requests/{id}/broker-quote": true, "POST /api/contact-requests/submit": true,
	"POST /api/analytics/track-campaign": true,
	"POST /api/uploads/presigned-url":    true, "POST /api/uploads/check": true, "POST /api/refi-buddy/unsubscribe": true,
	"POST /api/refi-buddy/confirm": true,
	// The results link and the manage link are the visitor's keys to their own request.
	"DELETE /api/quote-requests/{id}": true, "DELETE /api/refi-buddy/manage": true,
	// The manage page's secret link is what guards these (docs/refi-alerts.md).
	"GET /api/refi-buddy/manage": true, "PUT /api/refi-buddy/manage": true, "POST /api/refi-buddy/manage": true,
	"PUT /api/uploads/local/*": true, "GET /api/uploads/local/*": true,
	"GET /api/national-rates": true, "POST /api/calculate": true, "GET /api/auth/config": true, "GET /api/auth/login": true, "GET /api/auth/callback": true,
	"POST /api/auth/local-admin": true, "POST /api/auth/token": true, "POST /api/auth/logout": true,
	// The session cookie guards the second factor, as it guards the token
	// (a session waiting for it has no token); secondfactor_test.go checks them.
	"GET /api/auth/second-factor": true, "POST /api/auth/second-factor/enrol": true,
	"POST /api/auth/second-factor/confirm": true, "POST /api/auth/second-factor/verify": true,
	"GET /*": true, "HEAD /*": true, "GET /robots.txt": true, "GET /sitemap.xml": true,
	// Guarded by address, not sign-in: loopback and trusted proxies only.
	"GET /metrics": true,
}

// userRoutes need a signed-in user but not an admin.
var userRoutes = map[string]bool{"POST /api/users": true, "GET /api/users/{uid}": true}

func TestPermissionMatrix(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	routes, err := httpapi.Routes(srv.App.Handler)
	if err != nil {
		t.Fatal(err)
	}
	user := srv.SignIn(t, "visitor@example.com", false)
	admin := srv.SignIn(t, "broker@example.com", true)
	requestID := submit(t, srv, p(nil))
	guarded := 0
	for _, r := range routes {
		key := r[0] + " " + r[1]
		if publicRoutes[key] {
			continue
		}
		guarded++
		path := strings.NewReplacer("{id}", requestID, "{uid}", "test|broker@example.com").Replace(r[1])
		t.Run(key, func(t *testing.T) {
			if res := srv.DoAs(t, "", r[0], path, "{}"); res.Status != http.StatusUnauthorized || res.JSON(t)["error"] != "No authenticated user" {
				t.Errorf("anonymous: %d %s, want 401 No authenticated user", res.Status, res.Body)
			}
			if res := srv.DoAs(t, "not-a-token", r[0], path, "{}"); res.Status != http.StatusUnauthorized {
				t.Errorf("forged token: %d, want 401", res.Status)
			}
			res := srv.DoAs(t, user, r[0], path, "{}")
			if userRoutes[key] {
				if res.Status == http.StatusUnauthorized {
					t.Errorf("signed-in user: 401")
				}
			} else if res.Status != http.StatusForbidden {
				t.Errorf("signed-in non-admin: %d, want 403", res.Status)
			}
			if res := srv.DoAs(t, admin, r[0], path, "{}"); res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden {
				t.Errorf("admin: %d %s", res.Status, res.Body)
			}
		})
	}
	if guarded < 10 {
		t.Fatalf("only %d guarded routes found; the walk is broken", guarded)
	}
}

func TestSignOutEndsTokens(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	// Sign in through the development mode, as a browser would, keeping cookies.
	jar := newJar(t)
	client := &http.Client{Jar: jar, Transport: srv.Client().Transport}
	res, err := client.Post(srv.URL+"/api/auth/local-admin", "application/json", nil)
	if err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("local admin sign-in: %v %v", err, res.Status)
	}
	token := testsupport.MintToken(t, client, srv.URL)
	if res := srv.DoAs(t, token, "GET", "/api/admin/quote-requests/pending", nil); res.Status != 200 {
		t.Fatalf("admin call: %d", res.Status)
	}
	second := testsupport.MintToken(t, client, srv.URL)
	if second == token {
		t.Fatal("a refresh returned the same token")
	}
	res, _ = client.Post(srv.URL+"/api/auth/logout", "application/json", nil)
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	for _, tok := range []string{token, second} {
		if res := srv.DoAs(t, tok, "GET", "/api/admin/quote-requests/pending", nil); res.Status != http.StatusUnauthorized {
			t.Fatalf("token after sign-out: %d, want 401", res.Status)
		}
	}
	res, _ = client.Post(srv.URL+"/api/auth/token", "application/json", nil)
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("refresh after sign-out: %d, want 401", res.StatusCode)
	}
}

func TestAdminAnalysisEditor(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	withQuote, otherPurchase := submit(t, srv, p(nil)), submit(t, srv, p(nil))
	refi := submit(t, srv, rf(map[string]any{"refi_intent": "get_notified", "email": "o@example.com", "current_mortgage_rate": 7.5,
		"current_monthly_payment": 2200, "current_mortgage_program": "30-year-fixed"}))
	path := func(id string) string { return "/api/admin/quote-requests/" + id + "/analysis" }
	quote := map[string]any{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}
	body := func(analysis map[string]any, quotes ...map[string]any) map[string]any {
		if quotes == nil {
			quotes = []map[string]any{}
		}
		return map[string]any{"analysis": analysis, "quotes": quotes}
	}
	cases := []struct {
		name   string
		id     string
		body   any
		status int
		fields map[string]string
	}{
		{"lender required", withQuote, body(map[string]any{"recommendations": []string{"Lock it"}}), 400, map[string]string{"lender": "Please select a lender"}},
		{"grade alone needs pros and cons", withQuote, body(map[string]any{"lender": "rocket", "grade": "B", "recommendations": []string{"x"}}), 400,
			map[string]string{"pros": "Pros are required when analyzing a broker quote", "cons": "Cons are required when analyzing a broker quote"}},
		{"pros alone need a grade", withQuote, body(map[string]any{"lender": "rocket", "pros": []string{"Low rate"}, "cons": []string{"High fees"}, "recommendations": []string{"x"}}), 400,
			map[string]string{"grade": "Grade is required when analyzing a broker quote"}},
		{"recommendation required outside refinance mode", withQuote, body(map[string]any{"lender": "provident", "recommendations": []string{" "}}), 400,
			map[string]string{"recommendations": "Overall recommendation is required"}},
		{"quote rows need rate, fees and APR", withQuote, body(map[string]any{"lender": "provident", "recommendations": []string{"x"}}, map[string]any{"rate": "", "apr": "abc"}), 400,
			map[string]string{"quotes.0.rate": "Rate is required", "quotes.0.lenderFees": "Lender fees is required", "quotes.0.apr": "APR must be a number"}},
		{"complete analysis of a broker quote", withQuote, body(map[string]any{"lender": "provident", "grade": "B", "pros": []string{"Low rate", ""},
			"cons": []string{"High fees"}, "recommendations": []string{"Ask for a credit"}}, quote), 200, nil},
		{"refinance mode needs no recommendation", refi, body(map[string]any{"lender": "rocket", "notes": []string{"Rates are 1% lower"}}, quote), 200, nil},
		{"the broker may switch a refinance to one recommendation", refi, body(map[string]any{"lender": "rocket", "mode": "recommendation"}, quote), 400,
			map[string]string{"recommendations": "Overall recommendation is required"}},
		{"the broker may switch a purchase to refinance mode", otherPurchase, body(map[string]any{"lender": "rocket", "mode": "refinance", "notes": []string{"Watch rates"}}, quote), 200, nil},
		{"unknown mode", withQuote, body(map[string]any{"lender": "rocket", "mode": "poetry", "recommendations": []string{"x"}}, quote), 400,
			map[string]string{"mode": "Mode must be refinance or recommendation"}},
		{"unknown request", "00000000-0000-4000-8000-000000000000", body(map[string]any{"lender": "rocket"}), 404, nil},
		{"the example is read-only", example.QuoteRequestID, body(map[string]any{"lender": "rocket", "recommendations": []string{"x"}}), 403, nil},
		{"so is the three-quote example", example.ComparisonRequestID, body(map[string]any{"lender": "rocket", "recommendations": []string{"x"}}), 403, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := srv.DoAs(t, admin, "POST", path(c.id), c.body)
			if res.Status != c.status {
				t.Fatalf("status %d, want %d: %s", res.Status, c.status, res.Body)
			}
			if c.fields == nil {
				return
			}
			got := res.JSON(t)["fields"].(map[string]any)
			for k, want := range c.fields {
				if got[k] != want {
					t.Errorf("fields[%s] = %v, want %q (all %v)", k, got[k], want, got)
				}
			}
			if len(got) != len(c.fields) {
				t.Errorf("fields = %v, want exactly %v", got, c.fields)
			}
		})
	}
	a := srv.Do(t, "GET", "/api/quote-requests/"+withQuote+"/analysis", nil).JSON(t)
	if a["grade"] != "B" || len(a["pros"].([]any)) != 1 || a["quotes"].([]any)[0].(map[string]any)["apr"] != 6.301 {
		t.Fatalf("visitor sees analysis %v", a)
	}
	// The editor reopens what was saved: the same analysis, as the broker wrote it.
	b := srv.DoAs(t, admin, "GET", "/api/analysis/request/"+withQuote, nil).JSON(t)
	if b["lender"] != "provident" || b["grade"] != "B" || !slices.Equal(toStrings(b["pros"]), []string{"Low rate"}) ||
		!slices.Equal(toStrings(b["recommendations"]), []string{"Ask for a credit"}) || b["quotes"].([]any)[0].(map[string]any)["rate"] != 6.25 {
		t.Fatalf("broker reads analysis %v", b)
	}
	pending := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/pending", nil)
	analyzed := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/analyzed", nil)
	if strings.Contains(string(pending.Body), withQuote) || !strings.Contains(string(analyzed.Body), withQuote) || strings.Contains(string(analyzed.Body), example.QuoteRequestID) {
		t.Fatalf("lists: pending %s / analyzed %s", pending.Body, analyzed.Body)
	}
	sg := srv.DoAs(t, admin, "GET", "/api/analysis-suggestions", nil).JSON(t)
	if !strings.Contains(strings.Join(toStrings(sg["pros"]), "|"), "Low rate") || len(toStrings(sg["recommendations"])) < 4 {
		t.Fatalf("suggestions = %v", sg)
	}
	// A broker may correct the visitor's quote even after analysing it.
	if res := srv.DoAs(t, admin, "PATCH", "/api/admin/quote-requests/"+withQuote+"/broker-quote", map[string]any{"broker_rate": 6.5}); res.Status != 200 {
		t.Fatalf("broker correction: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, "PATCH", "/api/quote-requests/"+withQuote+"/broker-quote", map[string]any{"broker_rate": 6.0}); res.Status != http.StatusConflict {
		t.Fatalf("visitor change after analysis: %d, want 409", res.Status)
	}
}

func TestContactRequestsForBrokers(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	res := srv.Do(t, "POST", "/api/contact-requests/submit", map[string]any{"name": "Dana", "phone": "801-555-0142", "question": "Call me",
		"preferredContact": "phone", "contactConsent": true, "aboutQuote": "Bonneville Bank, 6.25% (6.41% APR)"})
	id := res.JSON(t)["id"].(string)
	list := srv.DoAs(t, admin, "GET", "/api/admin/contact-requests", nil)
	if !strings.Contains(string(list.Body), `"name":"Dana"`) || !strings.Contains(string(list.Body), `"answered_at":null`) {
		t.Fatalf("list: %s", list.Body)
	}
	// The broker sees which quote the question is about (issue 25).
	if !strings.Contains(string(list.Body), `"about_quote":"Bonneville Bank, 6.25% (6.41% APR)"`) {
		t.Fatalf("about quote: %s", list.Body)
	}
	// The broker sees what the visitor agreed to, when and from where (issue 26, TCPA).
	if !strings.Contains(string(list.Body), `"contact_consent":{"text":"I agree that quotegrade Mortgage Brokerage may call or text me at 801-555-0142`) ||
		!strings.Contains(string(list.Body), `"address":"127.0.0.1"`) {
		t.Fatalf("consent: %s", list.Body)
	}
	if res := srv.DoAs(t, admin, "POST", "/api/admin/contact-requests/"+id+"/answered", nil); res.Status != 204 {
		t.Fatalf("mark answered: %d %s", res.Status, res.Body)
	}
	list = srv.DoAs(t, admin, "GET", "/api/admin/contact-requests", nil)
	if !strings.Contains(string(list.Body), `"answered_by":"broker@example.com"`) {
		t.Fatalf("answered: %s", list.Body)
	}
}

func TestUsers(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	user := srv.SignIn(t, "visitor@example.com", false)
	admin := srv.SignIn(t, "broker@example.com", true)
	cases := []struct {
		name, token, method, path string
		body                      any
		status                    int
		contains                  string
	}{
		{"sync yourself", user, "POST", "/api/users", map[string]any{"id": "test|visitor@example.com", "email": "visitor@example.com"}, 200, `"is_admin":false`},
		{"admin sync says admin", admin, "POST", "/api/users", map[string]any{"id": "test|broker@example.com"}, 200, `"is_admin":true`},
		{"not someone else", user, "POST", "/api/users", map[string]any{"id": "test|broker@example.com"}, 403, ""},
		{"read yourself", user, "GET", "/api/users/test|visitor@example.com", nil, 200, `"email":"visitor@example.com"`},
		{"not others", user, "GET", "/api/users/test|broker@example.com", nil, 403, ""},
		{"admins read anyone", admin, "GET", "/api/users/test|visitor@example.com", nil, 200, ""},
		{"unknown user", admin, "GET", "/api/users/nobody", nil, 404, ""},
	}
	for _, c := range cases {
		res := srv.DoAs(t, c.token, c.method, c.path, c.body)
		if res.Status != c.status || !strings.Contains(string(res.Body), c.contains) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
}

func toStrings(v any) []string {
	out := []string{}
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestEmailCopy(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	withQuote := submit(t, srv, p(nil))
	scenarioOnly := submit(t, srv, rf(nil))
	for id, subject := range map[string]string{withQuote: "Your Quote Analysis is Ready!", scenarioOnly: "Your Quote Estimates are Ready!"} {
		c := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id+"/email-copy", nil).JSON(t)
		if c["subject"] != subject || !strings.Contains(c["body"].(string), "/rate-results/?qr="+id) || !strings.Contains(c["body"].(string), "licensed mortgage broker") {
			t.Errorf("copy for %s = %v", id, c)
		}
	}
}

// A development server (local admin sign-in) has the demo requests waiting
// on the dashboard; a server reachable from elsewhere never gets them.
func TestDemoRequestsOnlyInDevelopmentMode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		addr string
		want bool
	}{{"loopback without Google", "", true}, {"public address", "0.0.0.0:8080", false}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := testsupport.StartServer(t, func(cfg *config.Config) {
				if c.addr != "" {
					cfg.Addr = c.addr
				}
			})
			admin := srv.SignIn(t, "broker@example.com", true)
			pending := string(srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/pending", nil).Body)
			for _, id := range []string{example.DemoPurchaseID, example.DemoRefinanceID} {
				if strings.Contains(pending, id) != c.want {
					t.Errorf("demo request %s listed: %v, want %v", id, !c.want, c.want)
				}
			}
			if !c.want {
				return
			}
			res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+example.DemoPurchaseID+"/analysis", map[string]any{
				"analysis": map[string]any{"lender": "provident", "grade": "C", "pros": []string{"Fixed rate"}, "cons": []string{"High fees"},
					"recommendations": []string{"Ask for a lender credit"}},
				"quotes": []map[string]any{{"rate": 6.75, "lenderFees": 1200, "apr": 6.84}}})
			if res.Status != 200 {
				t.Fatalf("analysing the demo purchase: %d %s", res.Status, res.Body)
			}
		})
	}
}

// The broker's answers say which requests are demo data: the lists and the
// request the editor reads carry demo, true only for the demo requests.
func TestDemoRequestsAnsweredAsDemo(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	visitor := submit(t, srv, p(nil))
	admin := srv.SignIn(t, "broker@example.com", true)
	demoFlags := func(path string) map[string]bool {
		t.Helper()
		res := srv.DoAs(t, admin, "GET", path, nil)
		var list []struct {
			ID   string `json:"id"`
			Demo *bool  `json:"demo"`
		}
		if err := json.Unmarshal(res.Body, &list); err != nil || res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.Status, res.Body)
		}
		out := map[string]bool{}
		for _, r := range list {
			if r.Demo == nil {
				t.Fatalf("%s: request %s has no demo field", path, r.ID)
			}
			out[r.ID] = *r.Demo
		}
		return out
	}
	pending := demoFlags("/api/admin/quote-requests/pending")
	if !pending[example.DemoPurchaseID] || !pending[example.DemoRefinanceID] {
		t.Fatalf("pending demo flags %v: want the two demo requests marked", pending)
	}
	if demo, listed := pending[visitor]; !listed || demo {
		t.Fatalf("the visitor's request listed %v with demo %v, want listed and not demo", listed, demo)
	}
	res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+example.DemoPurchaseID+"/analysis", map[string]any{
		"analysis": map[string]any{"lender": "provident", "grade": "C", "pros": []string{"Fixed rate"}, "cons": []string{"High fees"},
			"recommendations": []string{"Ask for a lender credit"}},
		"quotes": []map[string]any{{"rate": 6.75, "lenderFees": 1200, "apr": 6.84}}})
	if res.Status != http.StatusOK {
		t.Fatalf("analysing the demo purchase: %d %s", res.Status, res.Body)
	}
	if analysed := demoFlags("/api/admin/quote-requests/analyzed"); !analysed[example.DemoPurchaseID] {
		t.Fatalf("analysed demo flags %v: want the demo purchase marked", analysed)
	}
	for id, want := range map[string]string{example.DemoRefinanceID: `"demo":true`, visitor: `"demo":false`} {
		if res := srv.DoAs(t, admin, "GET", "/api/quote-requests/"+id, nil); !strings.Contains(string(res.Body), want) {
			t.Errorf("GET /api/quote-requests/%s: %s, want %s", id, res.Body, want)
		}
	}
}

// The dashboard says whether the visitor has opened the analysis (issue 25
// §5): the views of the results page after the analysis was saved, not
// counting the broker's own look at it while signed in.
// The request page (GET /admin/quote-requests/{id}) tells the same.
func TestTheDashboardSaysWhetherTheVisitorViewedTheAnalysis(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	viewed, unseen, pending := submit(t, srv, p(nil)), submit(t, srv, p(nil)), submit(t, srv, p(nil))
	analysisID := map[string]string{}
	for _, id := range []string{viewed, unseen} {
		res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", map[string]any{
			"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Ask for a credit"}, "recommendationReason": "Lower fees"},
			"quotes":   []map[string]any{{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}}})
		if res.Status != 200 {
			t.Fatalf("saving the analysis: %d %s", res.Status, res.Body)
		}
		analysisID[id] = res.JSON(t)["id"].(string)
	}
	for _, who := range []string{"", admin, ""} { // the visitor twice, the broker once
		if res := srv.DoAs(t, who, "POST", "/api/analysis/"+analysisID[viewed]+"/viewed", nil); res.Status != 204 {
			t.Fatalf("view: %d %s", res.Status, res.Body)
		}
	}
	if res := srv.DoAs(t, admin, "POST", "/api/analysis/"+analysisID[unseen]+"/viewed", nil); res.Status != 204 {
		t.Fatalf("the broker's view: %d %s", res.Status, res.Body)
	}
	views := func(list string) map[string]map[string]any {
		out := map[string]map[string]any{}
		var rows []map[string]any
		if err := json.Unmarshal(srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+list, nil).Body, &rows); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			out[r["id"].(string)] = r["visitor_views"].(map[string]any)
		}
		return out
	}
	analysed := views("analyzed")
	if v := analysed[viewed]; v["count"] != 2.0 || v["first_viewed_at"] == nil {
		t.Errorf("viewed twice by the visitor: %v", v)
	}
	if v := analysed[unseen]; v["count"] != 0.0 || v["first_viewed_at"] != nil {
		t.Errorf("seen by the broker only: %v, want not viewed", v)
	}
	if v := views("pending")[pending]; v["count"] != 0.0 || v["first_viewed_at"] != nil {
		t.Errorf("pending: %v", v)
	}
	// The request page tells the same, from the broker's read of one request.
	detail := func(id string) map[string]any {
		res := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id, nil)
		if res.Status != 200 {
			t.Fatalf("the broker's read of %s: %d %s", id, res.Status, res.Body)
		}
		v, _ := res.JSON(t)["visitor_views"].(map[string]any)
		return v
	}
	if v := detail(viewed); v["count"] != 2.0 || v["first_viewed_at"] != analysed[viewed]["first_viewed_at"] {
		t.Errorf("the request page of the viewed analysis: %v, want the dashboard's %v", v, analysed[viewed])
	}
	if v := detail(unseen); v == nil || v["count"] != 0.0 || v["first_viewed_at"] != nil {
		t.Errorf("the request page of the analysis only the broker saw: %v, want not viewed", v)
	}
	if v := detail(pending); v == nil || v["count"] != 0.0 || v["first_viewed_at"] != nil {
		t.Errorf("the request page of a pending request: %v, want not viewed", v)
	}
	// The visitor's own answer does not carry the broker's view counts.
	if r := srv.Do(t, "GET", "/api/quote-requests/"+viewed, nil).JSON(t); r["visitor_views"] != nil {
		t.Errorf("the visitor's answer tells views: %v", r["visitor_views"])
	}
}
