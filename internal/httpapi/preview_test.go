package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/testsupport"
)

func previewPath(id string) string { return "/api/admin/quote-requests/" + id + "/analysis/preview" }

// preview posts body to the preview route and returns its two parts.
func preview(t *testing.T, srv *testsupport.Server, admin, id string, body any) (request, analysis map[string]any) {
	t.Helper()
	res := srv.DoAs(t, admin, "POST", previewPath(id), body)
	if res.Status != http.StatusOK {
		t.Fatalf("preview: %d %s", res.Status, res.Body)
	}
	out := res.JSON(t)
	return out["quote_request"].(map[string]any), out["analysis"].(map[string]any)
}

// figuresByRate indexes an analysis answer's quote figures by rate.
func figuresByRate(a map[string]any) map[float64]map[string]any {
	out := map[float64]map[string]any{}
	for _, q := range a["quotes"].([]any) {
		q := q.(map[string]any)
		out[q["rate"].(float64)] = q["figures"].(map[string]any)
	}
	return out
}

// The broker's preview is the visitor's answer computed by the server: each
// quote's figures and, for a refinance with a current mortgage, the advice.
func TestAnalysisPreviewComputesWhatTheVisitorWillSee(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	// Remaining 320,000 plus 50,000 cash out: a 370,000 loan; today 7.5% at 2,400 a month.
	owner := submit(t, srv, rf(map[string]any{"refi_intent": "get_notified", "email": "owner@example.com", "current_mortgage_rate": 7.5,
		"current_monthly_payment": 2400, "current_mortgage_program": "30-year-fixed"}))
	req, a := preview(t, srv, admin, owner, map[string]any{
		"analysis": map[string]any{"lender": "provident", "notes": []string{"Rates are lower"}},
		"quotes": []any{map[string]any{"rate": 6.25, "lenderFees": 1500, "apr": 6.3},
			map[string]any{"rate": 6.0, "lenderFees": -3000, "apr": 5.9, "isRecommended": true}},
	})
	if req["id"] != owner || req["current_mortgage"] == nil {
		t.Fatalf("quote_request = %v", req)
	}
	advice := a["refinance"].(map[string]any)
	// 6% with a 3,000 credit beats 7.5% and the 2,116 of third-party fees: P&I 2,218.34 saves 180 a month.
	if advice["heading"] != "Refinancing is Recommended!" || advice["monthly_savings"] != 180.0 || advice["best_rate"] != 6.0 ||
		advice["break_even_months"] != 0.0 {
		t.Fatalf("advice = %v", advice)
	}
	quotes := a["quotes"].([]any)
	credit := quotes[1].(map[string]any)
	if id, _ := credit["id"].(string); id == "" || advice["best_quote_id"] != id || credit["source"] != "SYSTEM" || a["notes"].([]any)[0] != "Rates are lower" {
		t.Fatalf("the credit quote %v is not the best quote of %v", credit, advice)
	}
	f := figuresByRate(a)[6.25]
	if f["principal_and_interest"] != 2278.15 || f["closing_costs"] != 3616.0 || f["refinance"].(map[string]any)["break_even_months"] != 31.0 {
		t.Fatalf("6.25%% quote figures = %v", f)
	}

	// Nothing was written: the visitor still waits, and so does the broker's list.
	if res := srv.Do(t, "GET", "/api/quote-requests/"+owner+"/analysis", nil); res.Status != http.StatusNotFound {
		t.Fatalf("analysis after a preview: %d %s", res.Status, res.Body)
	}
	if res := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/pending", nil); !strings.Contains(string(res.Body), owner) {
		t.Fatal("a preview took the request off the pending list")
	}
}

// The broker's edit of the visitor's quote is previewed, not saved: the
// request's figures, instant grade and the comparison use the edited quote.
func TestAnalysisPreviewUsesTheEditedBrokerQuote(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	// 405,000 at 90% LTV; the visitor's quote is 6.625% with a 1,200 credit.
	id := submit(t, srv, p(nil))
	body := map[string]any{
		"analysis":     map[string]any{"lender": "rocket", "grade": "D", "pros": []string{"Fixed"}, "cons": []string{"High rate"}, "recommendations": []string{"Ask for 6.25%."}},
		"quotes":       []any{map[string]any{"rate": 6.25, "lenderFees": 0, "apr": 6.25}},
		"broker_quote": map[string]any{"broker_rate": 7, "broker_lender_fees": 2500, "broker_mortgage_insurance": nil},
	}
	req, a := preview(t, srv, admin, id, body)
	mine := req["broker_quote_figures"].(map[string]any)
	// 405,000 at 7% over 360 months: 2,694.48; no insurance given at 90% LTV,
	// so the estimate (0.44% a year for a 742 score: 148.50) is added.
	if req["broker_rate"] != 7.0 || req["broker_lender_fees"] != 2500.0 || req["broker_mortgage_insurance"] != nil ||
		mine["principal_and_interest"] != 2694.48 || mine["monthly_payment"] != 2842.98 || mine["mortgage_insurance_estimated"] != true {
		t.Fatalf("edited quote: rate %v fees %v figures %v", req["broker_rate"], req["broker_lender_fees"], mine)
	}
	if g := req["instant_grade"].(map[string]any); g["rate"] != 7.0 || g["lender_fees"] != 2500.0 {
		t.Fatalf("instant grade of the edited quote = %v", g)
	}
	// 405,000 at 6.25%: 2,493.65, 200.83 a month less than the edited quote.
	cmp := figuresByRate(a)[6.25]["compared_with_your_quote"].(map[string]any)
	if cmp["monthly_difference"] != -200.83 || !strings.Contains(cmp["summary"].(string), "than your quote") {
		t.Fatalf("comparison with the edited quote = %v", cmp)
	}
	if a["grade"] != "D" || a["lender"] != "rocket" {
		t.Fatalf("analysis = %v", a)
	}
	stored := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)
	if stored["broker_rate"] != 6.625 || stored["broker_lender_fees"] != -1200.0 || stored["broker_mortgage_insurance"] != 140.0 {
		t.Fatalf("the preview changed the stored quote: %v %v %v", stored["broker_rate"], stored["broker_lender_fees"], stored["broker_mortgage_insurance"])
	}

	// The answer has exactly the documented properties.
	out := srv.DoAs(t, admin, "POST", previewPath(id), body).JSON(t)
	for schema, v := range map[string]map[string]any{"AnalysisPreview": out, "QuoteRequest": req, "Analysis": a} {
		testsupport.MatchesSchema(t, schema, v)
	}
}

// A bad body gets exactly the answer a save would give it.
func TestAnalysisPreviewValidatesLikeSave(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	withQuote := submit(t, srv, p(nil))
	body := func(analysis map[string]any, quotes ...any) map[string]any {
		return map[string]any{"analysis": analysis, "quotes": append([]any{}, quotes...)}
	}
	for _, c := range []struct {
		name string
		id   string
		body any
	}{
		{"lender required", withQuote, body(map[string]any{"recommendations": []string{"Lock it"}})},
		{"grade alone needs pros and cons", withQuote, body(map[string]any{"lender": "rocket", "grade": "B", "recommendations": []string{"x"}})},
		{"recommendation required", withQuote, body(map[string]any{"lender": "provident", "recommendations": []string{" "}})},
		{"quote rows need rate, fees and APR", withQuote, body(map[string]any{"lender": "provident", "recommendations": []string{"x"}}, map[string]any{"rate": "", "apr": "abc"})},
		{"unknown mode", withQuote, body(map[string]any{"lender": "rocket", "mode": "poetry", "recommendations": []string{"x"}})},
		{"not JSON", withQuote, "lender=rocket"},
		{"unknown request", "00000000-0000-4000-8000-000000000000", body(map[string]any{"lender": "rocket"})},
		{"the example is read-only", example.QuoteRequestID, body(map[string]any{"lender": "rocket", "recommendations": []string{"x"}})},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := srv.DoAs(t, admin, "POST", previewPath(c.id), c.body)
			want := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+c.id+"/analysis", c.body)
			if got.Status < 400 || got.Status != want.Status || string(got.Body) != string(want.Body) {
				t.Fatalf("preview answered %d %s, save %d %s", got.Status, got.Body, want.Status, want.Body)
			}
		})
	}

	// The edited quote is checked as PATCH .../broker-quote checks it, its
	// messages keyed under broker_quote, and decides whether a grade applies.
	noQuote := submit(t, srv, rf(nil))
	for _, c := range []struct {
		name   string
		id     string
		body   map[string]any
		fields map[string]string
	}{
		{"bad broker quote", withQuote, map[string]any{"analysis": map[string]any{"lender": "rocket", "recommendations": []string{"x"}}, "quotes": []any{},
			"broker_quote": map[string]any{"broker_rate": 150, "broker_lender_fees": "free"}},
			map[string]string{"broker_quote.broker_rate": "Interest rate must be between 0 and 100", "broker_quote.broker_lender_fees": "Lender fees must be a number"}},
		{"a quote added in the editor asks for pros and cons with a grade", noQuote, map[string]any{
			"analysis": map[string]any{"lender": "rocket", "grade": "B", "recommendations": []string{"x"}}, "quotes": []any{},
			"broker_quote": map[string]any{"broker_rate": 7}},
			map[string]string{"pros": "Pros are required when analyzing a broker quote", "cons": "Cons are required when analyzing a broker quote"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := srv.DoAs(t, admin, "POST", previewPath(c.id), c.body)
			var got struct {
				Error  string            `json:"error"`
				Fields map[string]string `json:"fields"`
			}
			if err := json.Unmarshal(res.Body, &got); err != nil || res.Status != http.StatusBadRequest || got.Error != "Please correct the analysis" {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
			if len(got.Fields) != len(c.fields) {
				t.Fatalf("fields = %v, want %v", got.Fields, c.fields)
			}
			for k, want := range c.fields {
				if got.Fields[k] != want {
					t.Errorf("fields[%s] = %q, want %q", k, got.Fields[k], want)
				}
			}
		})
	}
}

// A preview sends no "analysis is ready" e-mail: a save's notice reaches the
// outbox, the preview's never does.
func TestAnalysisPreviewSendsNoMail(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.JobPollInterval = 50 * time.Millisecond })
	admin := srv.SignIn(t, "broker@example.com", true)
	previewed := submit(t, srv, p(map[string]any{"email": "previewed@example.com"}))
	saved := submit(t, srv, p(map[string]any{"email": "saved@example.com"}))
	body := map[string]any{"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Lock it"}}, "quotes": []any{}}
	preview(t, srv, admin, previewed, body)
	// Queued after the preview, so a notice the preview had queued would be delivered by now too.
	if res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+saved+"/analysis", body); res.Status != http.StatusOK {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		outbox := string(srv.DoAs(t, admin, "GET", "/api/admin/outbox", nil).Body)
		if strings.Contains(outbox, "saved@example.com") {
			if strings.Contains(outbox, "previewed@example.com") {
				t.Fatal("the preview e-mailed the visitor")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the save's notice never reached the outbox")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if res := srv.DoAs(t, admin, "GET", "/api/analysis/request/"+previewed, nil); res.Status != http.StatusNotFound {
		t.Fatalf("admin analysis after a preview: %d %s", res.Status, res.Body)
	}
}
