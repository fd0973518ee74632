package httpapi_test

import (
	"testing"

	"quotegrade/internal/example"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// An analysis says who reviewed it: the saving broker's loan officer profile,
// with their NMLS Consumer Access page (issue 26). A broker without a profile
// saves as before, with no reviewedBy (decision 0033); the example has one.
func TestAnalysisReviewedBy(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	withProfile := srv.SignIn(t, "dana@example.com", true)
	if err := srv.App.Store.SetLoanOfficer(t.Context(), "dana@example.com", store.LoanOfficer{Name: "Dana Reyes", NMLS: "1234567"}); err != nil {
		t.Fatal(err)
	}
	without := srv.SignIn(t, "broker@example.com", true)
	body := map[string]any{"analysis": map[string]any{"lender": "provident", "grade": "B", "pros": []string{"Low rate"},
		"cons": []string{"High fees"}, "recommendations": []string{"Ask for a credit"}},
		"quotes": []map[string]any{{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}}}

	reviewed, plain := submit(t, srv, p(nil)), submit(t, srv, p(nil))
	if res := srv.DoAs(t, withProfile, "POST", "/api/admin/quote-requests/"+reviewed+"/analysis", body); res.Status != 200 {
		t.Fatalf("save with a profile: %d %s", res.Status, res.Body)
	}
	if res := srv.DoAs(t, without, "POST", "/api/admin/quote-requests/"+plain+"/analysis", body); res.Status != 200 {
		t.Fatalf("save without a profile: %d %s", res.Status, res.Body)
	}
	want := map[string]any{"name": "Dana Reyes", "nmls": "1234567",
		"consumerAccessUrl": "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/1234567"}
	for _, got := range []map[string]any{
		srv.Do(t, "GET", "/api/quote-requests/"+reviewed+"/analysis", nil).JSON(t),
		srv.DoAs(t, without, "GET", "/api/analysis/request/"+reviewed, nil).JSON(t),
	} {
		r, _ := got["reviewedBy"].(map[string]any)
		if r["name"] != want["name"] || r["nmls"] != want["nmls"] || r["consumerAccessUrl"] != want["consumerAccessUrl"] {
			t.Fatalf("reviewedBy = %v, want %v", got["reviewedBy"], want)
		}
	}
	if got := srv.Do(t, "GET", "/api/quote-requests/"+plain+"/analysis", nil).JSON(t); got["reviewedBy"] != nil {
		t.Fatalf("saved without a profile, reviewedBy = %v", got["reviewedBy"])
	}
	ex := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID+"/analysis", nil).JSON(t)
	if r, _ := ex["reviewedBy"].(map[string]any); r["name"] != example.Reviewer.Name || r["nmls"] != example.Reviewer.NMLS {
		t.Fatalf("example reviewedBy = %v", ex["reviewedBy"])
	}
}
