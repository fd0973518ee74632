package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// threeQuotes is a purchase ($500,000, $100,000 down: no insurance) with
// three quotes: no cost (a $3,200 credit), two points, one point read from
// an uploaded Loan Estimate (key given), kept for horizon months.
func threeQuotes(key string, horizon any) map[string]any {
	return p(map[string]any{"brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil,
		"purchasePrice": 500000, "downPayment": 100000, "downPaymentPercent": 20, "horizonMonths": horizon,
		"quotes": []map[string]any{
			{"lenderName": "Wasatch Home Loans", "rate": 6.875, "lenderFees": -3200, "mortgageInsurance": 0},
			{"lenderName": "Bonneville Bank", "rate": 6.25, "points": 2, "lenderFees": 1200, "mortgageInsurance": 0},
			{"lenderName": "Uinta Credit Union", "rate": 6.5, "points": 1, "lenderFees": 500, "mortgageInsurance": 0, "uploadedFileUrl": key},
		}})
}

// Three quotes go in, the comparison comes out in the document's shape:
// figures, ranks, the cheapest at the horizon and every pair's break-even.
// The no-cost and two-point quotes are internal/comparison's hand-checked
// pair: two points pay back their $12,400 after 60 months.
func TestThreeQuotesCompared(t *testing.T) {
	t.Parallel()
	// On both databases: the quotes, their order and the horizon are stored
	// and read back before the comparison is computed from them.
	for _, db := range []string{"SQLite", "PostgreSQL"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			var tune []func(*config.Config)
			if db == "PostgreSQL" {
				url := testsupport.PostgresURL(t)
				tune = append(tune, func(c *config.Config) { c.DatabaseURL = url })
			}
			threeQuotesCompared(t, testsupport.StartServer(t, tune...))
		})
	}
}

// threeQuotesForTheBroker starts a server, signs the broker in and submits
// three quotes, one read from an uploaded Loan Estimate, compared over 84
// months; it returns the broker's token and the request's id.
func threeQuotesForTheBroker(t *testing.T) (srv *testsupport.Server, admin, id string) {
	t.Helper()
	srv, admin = startAsBroker(t)
	key, _, _ := uploadFile(t, srv, "Loan Estimate.pdf", "application/pdf", pdfBytes)
	return srv, admin, submit(t, srv, threeQuotes(key, 84))
}

func threeQuotesCompared(t *testing.T, srv *testsupport.Server) {
	key, put, check := uploadFile(t, srv, "Uinta LE.pdf", "application/pdf", pdfBytes)
	if put != 200 || check.Status != 200 {
		t.Fatalf("upload: %d %d %s", put, check.Status, check.Body)
	}
	id := submit(t, srv, threeQuotes(key, 84))
	got := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)
	testsupport.MatchesSchema(t, "QuoteRequest", got)
	c := got["comparison"].(map[string]any)
	testsupport.MatchesSchema(t, "QuotesCompared", c)
	quotes := c["quotes"].([]any)
	for _, q := range quotes {
		testsupport.MatchesSchema(t, "ComparedQuote", q.(map[string]any))
	}
	for _, b := range c["break_evens"].([]any) {
		testsupport.MatchesSchema(t, "ComparedBreakEven", b.(map[string]any))
	}
	if vq := got["visitor_quotes"].([]any); len(vq) != 3 || vq[2].(map[string]any)["uploadedFileUrl"] != key ||
		got["broker_rate"] != 6.875 || got["horizon_months"] != 84.0 {
		t.Fatalf("visitor quotes %v, broker rate %v, horizon %v", vq, got["broker_rate"], got["horizon_months"])
	}
	if len(quotes) != 3 || c["horizon_months"] != 84.0 || c["horizon_assumed"] != false {
		t.Fatalf("comparison: %d quotes, horizon %v", len(quotes), c["horizon_months"])
	}
	nc, pts := quotes[0].(map[string]any), quotes[1].(map[string]any)
	if nc["name"] != "Wasatch Home Loans" || nc["monthly_payment"] != 2627.72 || nc["apr"] != 6.797 || nc["lender_costs"] != -3200.0 ||
		pts["points"] != 8000.0 || pts["lender_costs"] != 9200.0 || pts["apr"] != 6.472 || pts["rank"] != 1.0 {
		t.Errorf("figures: %v\n%v", nc, pts)
	}
	if nc["closing_costs"].(float64)+12400 != pts["closing_costs"].(float64) || nc["grade"] == nil {
		t.Errorf("closing costs %v and %v, grade %v", nc["closing_costs"], pts["closing_costs"], nc["grade"])
	}
	if cheapest := c["cheapest"].([]any); len(cheapest) != 1 || cheapest[0] != 1.0 ||
		!strings.HasPrefix(c["summary"].(string), "Bonneville Bank is the cheapest over the 7 years you expect to keep the loan") {
		t.Errorf("cheapest %v: %s", cheapest, c["summary"])
	}
	var pair map[string]any
	for _, b := range c["break_evens"].([]any) {
		if b := b.(map[string]any); b["quote"] == 1.0 && b["other"] == 0.0 {
			pair = b
		}
	}
	if pair == nil || pair["months"] != 60.0 || !strings.HasPrefix(pair["summary"].(string),
		"Bonneville Bank's lower rate pays back its $12,400 higher costs after 60 months (5 years)") {
		t.Errorf("no-cost against two points: %v", pair)
	}
	if n := len(c["break_evens"].([]any)); n != 3 {
		t.Errorf("%d break-evens for three quotes, want 3", n)
	}

	// Not sure how long: seven years, said to be assumed.
	key2, _, _ := uploadFile(t, srv, "again.pdf", "application/pdf", pdfBytes)
	id = submit(t, srv, threeQuotes(key2, nil))
	c = srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)["comparison"].(map[string]any)
	if c["horizon_assumed"] != true || !strings.Contains(c["summary"].(string), "you were not sure how long you will keep the loan, so we assumed 7 years") {
		t.Errorf("not sure: %v %s", c["horizon_assumed"], c["summary"])
	}
	// One quote: no comparison, as before.
	one := srv.Do(t, "GET", "/api/quote-requests/"+submit(t, srv, p(nil)), nil).JSON(t)
	if one["comparison"] != nil || len(one["visitor_quotes"].([]any)) != 1 {
		t.Errorf("a single quote: comparison %v, visitor quotes %v", one["comparison"], one["visitor_quotes"])
	}
}

// Bad quotes get the spec's kind of message on the quote's own field, 400.
func TestQuotesValidation(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	const path = "/api/quote-requests/submit"
	q := func(quotes any, change map[string]any) map[string]any {
		body := threeQuotes("", nil)
		body["quotes"] = quotes
		for k, v := range change {
			body[k] = v
		}
		return body
	}
	five := []map[string]any{{"rate": 6}, {"rate": 6}, {"rate": 6}, {"rate": 6}, {"rate": 6}}
	run(t, srv, []scenario{
		{name: "more than four", method: "POST", path: path, body: q(five, nil), status: 400,
			fields: map[string]string{"quotes": "Please compare at most 4 quotes"}},
		{name: "not a list", method: "POST", path: path, body: q("three", nil), status: 400,
			fields: map[string]string{"quotes": "Quotes must be a list of up to 4 quotes, each with a rate or an uploaded Loan Estimate"}},
		{name: "both ways of the first quote", method: "POST", path: path, body: q([]map[string]any{{"rate": 6}}, map[string]any{"brokerRate": 6.5}), status: 400,
			fields: map[string]string{"quotes": "Please send the first quote either in quotes or in brokerRate, brokerLenderFees, brokerMortgageInsurance and uploadedFileUrl, not both"}},
		{name: "each quote checked", method: "POST", path: path, status: 400,
			body: q([]map[string]any{{"rate": 6}, {"lenderFees": 100}, {"rate": 40, "points": 12, "mortgageInsurance": -1, "lenderName": strings.Repeat("x", 101)}}, nil),
			fields: map[string]string{
				"quotes[1].rate":              "Please enter the interest rate or upload the Loan Estimate",
				"quotes[2].rate":              "Interest rate must be at most 25%",
				"quotes[2].points":            "Points must be between 0 and 10",
				"quotes[2].mortgageInsurance": "Mortgage insurance cannot be negative",
				"quotes[2].lenderName":        "Lender name must be at most 100 characters",
			}},
		{name: "one file for two quotes", method: "POST", path: path, status: 400,
			body:   q([]map[string]any{{"uploadedFileUrl": "uploads/a.pdf"}, {"uploadedFileUrl": "uploads/a.pdf"}}, nil),
			fields: map[string]string{"quotes[1].uploadedFileUrl": "Each quote needs its own file; this one is already used by another quote"}},
		{name: "horizon out of range", method: "POST", path: path, body: q([]map[string]any{{"rate": 6}}, map[string]any{"horizonMonths": 6}), status: 400,
			fields: map[string]string{"horizonMonths": "How long you expect to keep the loan must be a whole number of months between 12 and 360"}},
		{name: "horizon not whole", method: "POST", path: path, body: q([]map[string]any{{"rate": 6}}, map[string]any{"horizonMonths": 60.5}), status: 400,
			fields: map[string]string{"horizonMonths": "How long you expect to keep the loan must be a whole number of months between 12 and 360"}},
		{name: "a later quote's unknown upload", method: "POST", path: path, status: 400,
			body:     q([]map[string]any{{"rate": 6}, {"uploadedFileUrl": "uploads/never-uploaded.pdf"}}, nil),
			contains: []string{`"quotes[1].uploadedFileUrl"`}},
		{name: "one quote in the list", method: "POST", path: path, body: q([]map[string]any{{"rate": 6.25, "lenderFees": 0}}, nil), status: 201},
	})
	// The second request naming the first's third-quote file is refused.
	key, _, _ := uploadFile(t, srv, "le.pdf", "application/pdf", pdfBytes)
	submit(t, srv, threeQuotes(key, 60))
	res := srv.Do(t, "POST", path, threeQuotes(key, 60))
	var body struct{ Fields map[string]string }
	_ = json.Unmarshal(res.Body, &body)
	if res.Status != 400 || !strings.Contains(body.Fields["quotes[2].uploadedFileUrl"], "please upload it again") {
		t.Errorf("a file already attached to another request's third quote: %d %s", res.Status, res.Body)
	}
}

// The dashboard's lists carry every quote of each request, not only the
// first, so the broker sees how many a request brings before opening it.
func TestListsCarryEveryQuote(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	key, _, _ := uploadFile(t, srv, "list.pdf", "application/pdf", pdfBytes)
	three := submit(t, srv, threeQuotes(key, 84))
	one := submit(t, srv, p(nil))
	admin := srv.SignIn(t, "broker@example.com", true)
	var list []map[string]any
	res := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/pending", nil)
	if err := json.Unmarshal(res.Body, &list); err != nil || res.Status != 200 {
		t.Fatalf("pending: %d %s", res.Status, res.Body)
	}
	counts := map[string]int{}
	for _, r := range list {
		vq := r["visitor_quotes"].([]any)
		counts[r["id"].(string)] = len(vq)
		if r["id"] == three && (vq[1].(map[string]any)["lenderName"] != "Bonneville Bank" || r["comparison"] == nil) {
			t.Errorf("three quotes listed as %v, comparison %v", vq, r["comparison"])
		}
	}
	if counts[three] != 3 || counts[one] != 1 {
		t.Fatalf("quotes listed: %v, want 3 for %s and 1 for %s", counts, three, one)
	}
}

// The analysis-ready notice of a three-quote request sums up the comparison
// the server computed: the cheapest at the visitor's seven years, and the
// quote the broker recommends with its APR and reason.
func TestAnalysisNoticeSumsUpTheComparison(t *testing.T) {
	t.Parallel()
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer))
	admin := srv.SignIn(t, "broker@example.com", true)
	key, _, _ := uploadFile(t, srv, "notice.pdf", "application/pdf", pdfBytes)
	body := threeQuotes(key, 84)
	body["email"] = "buyer@example.com"
	id := submit(t, srv, body)
	summary := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)["comparison"].(map[string]any)["summary"].(string)
	reason := "Its points pay back within the seven years you plan to keep it."
	res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", map[string]any{
		"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Take the Bonneville Bank quote"}, "recommendationReason": reason},
		"quotes":   []any{map[string]any{"rate": 6.25, "lenderFees": 1200, "apr": 6.3, "isRecommended": true}}})
	if res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	msgs := smtpServer.WaitFor(t, 1, 10*time.Second)
	data := strings.Join(strings.Fields(strings.ReplaceAll(msgs[0].Data, "=\r\n", "")), " ")
	for _, want := range []string{"You sent us 3 quotes to compare. " + summary, "Our broker recommends the quote at 6.25% (6.30% APR): " + reason} {
		if !strings.Contains(data, want) {
			t.Errorf("the notice lacks %q:\n%s", want, msgs[0].Data)
		}
	}
}

// The broker's verdict on each of three quotes comes back with the analysis
// (in the document's shape: every answer is checked against it), the first
// quote's verdict being the analysis' grade; a missing con is refused on
// its quote's field.
func TestTheBrokersVerdictOnEachQuoteIsAnswered(t *testing.T) {
	t.Parallel()
	srv, admin, id := threeQuotesForTheBroker(t)
	verdicts := []any{
		map[string]any{"grade": "B", "pros": []string{"No closing costs"}, "cons": []string{"Highest rate"}},
		map[string]any{"grade": "A", "pros": []string{"Cheapest over seven years"}, "cons": []string{"$8,000 in points"}, "recommended": true},
		map[string]any{"grade": "C", "pros": []string{"Read from your Loan Estimate"}, "cons": []string{}},
	}
	body := map[string]any{"analysis": map[string]any{"lender": "provident", "recommendations": []string{"Take Bonneville Bank's quote"},
		"quoteVerdicts": verdicts}, "quotes": []any{}}
	res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", body)
	if res.Status != 400 || !strings.Contains(string(res.Body), `"quoteVerdicts.2.cons":"Please give at least one con of this quote"`) {
		t.Fatalf("a verdict without a con: %d %s", res.Status, res.Body)
	}
	verdicts[2].(map[string]any)["cons"] = []string{"One point for a rate between the others"}
	if res = srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", body); res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	var got struct {
		Grade         string `json:"grade"`
		QuoteVerdicts []struct {
			Grade       string   `json:"grade"`
			Pros        []string `json:"pros"`
			Cons        []string `json:"cons"`
			Recommended bool     `json:"recommended"`
		} `json:"quote_verdicts"`
	}
	if err := json.Unmarshal(srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil).Body, &got); err != nil {
		t.Fatal(err)
	}
	v := got.QuoteVerdicts
	if got.Grade != "B" || len(v) != 3 || v[1].Grade != "A" || !v[1].Recommended || v[0].Recommended || v[2].Cons[0] != "One point for a rate between the others" {
		t.Fatalf("answered %+v", got)
	}
}

// The admin page's Email Copy of a three-quote request carries the
// comparison's paragraphs: how many quotes, the cheapest at the visitor's
// horizon and where each pair's ranking changes.
func TestEmailCopyCarriesTheComparison(t *testing.T) {
	t.Parallel()
	srv, admin, id := threeQuotesForTheBroker(t)
	cmp := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)["comparison"].(map[string]any)
	body := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id+"/email-copy", nil).JSON(t)["body"].(string)
	want := []string{"You sent us 3 quotes to compare. " + cmp["summary"].(string)}
	for _, pair := range cmp["break_evens"].([]any) {
		want = append(want, pair.(map[string]any)["summary"].(string))
	}
	if len(want) != 4 {
		t.Fatalf("break-evens %v, want one per pair", cmp["break_evens"])
	}
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("the Email Copy lacks %q:\n%s", w, body)
		}
	}
	if !strings.Contains(body, "Bonneville Bank") || strings.Index(body, want[0]) > strings.Index(body, "See your results:") {
		t.Errorf("the comparison is not before the link:\n%s", body)
	}
}

// Every quote's uploaded Loan Estimate is read for its terms when the request
// is submitted, not only the first's: two Loan Estimates locked until
// different days make the comparison name both locks, and the typed quote,
// with no Loan Estimate, is said to say nothing of a lock or a penalty.
func TestTermsAreReadFromEveryUploadedLoanEstimate(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	later := testsupport.SampleLoanEstimate(true, false)
	for i, row := range later.Page1 {
		if strings.HasPrefix(row, "RATE LOCK") {
			later.Page1[i] = "RATE LOCK  NO  YES, until 5/20/2013 at 5:00 p.m. EDT"
		}
	}
	first, _, _ := uploadFile(t, srv, "Wasatch LE.pdf", "application/pdf", testsupport.SampleLoanEstimate(true, false).PDF(t))
	second, put, check := uploadFile(t, srv, "Bonneville LE.pdf", "application/pdf", later.PDF(t))
	if put != 200 || check.Status != 200 || !strings.Contains(string(check.Body), `"rateLockUntil":"2013-05-20"`) {
		t.Fatalf("upload: %d %d %s", put, check.Status, check.Body)
	}
	id := submit(t, srv, p(map[string]any{"brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil,
		"purchasePrice": 500000, "downPayment": 100000, "downPaymentPercent": 20, "horizonMonths": 84,
		"quotes": []map[string]any{
			{"lenderName": "Wasatch Home Loans", "rate": 6.875, "lenderFees": -3200, "mortgageInsurance": 0, "uploadedFileUrl": first},
			{"lenderName": "Bonneville Bank", "rate": 6.25, "points": 2, "lenderFees": 1200, "mortgageInsurance": 0, "uploadedFileUrl": second},
			{"lenderName": "Uinta Credit Union", "rate": 6.5, "points": 1, "lenderFees": 500, "mortgageInsurance": 0},
		}}))
	got := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)
	testsupport.MatchesSchema(t, "QuoteRequest", got)
	terms := got["comparison"].(map[string]any)["term_differences"].([]any)
	want := []string{
		"The rate locks differ: Wasatch Home Loans until 2013-04-16 and Bonneville Bank until 2013-05-20; " +
			"Uinta Credit Union does not say the rate is locked. An unlocked rate can change before closing.",
		"Uinta Credit Union does not say whether there is a prepayment penalty; ask before choosing.",
	}
	for _, w := range want {
		found := false
		for _, s := range terms {
			found = found || s == w
		}
		if !found {
			t.Errorf("terms that differ %q, want %q among them", terms, w)
		}
	}
}

// Recommending one of the visitor's quotes that the comparison does not rank
// cheapest at their horizon needs the broker's reason, as recommending a
// dearer alternative does: the visitor sees another quote named cheapest.
func TestRecommendingADearerVisitorQuoteNeedsAReason(t *testing.T) {
	t.Parallel()
	srv, admin, id := threeQuotesForTheBroker(t)
	verdicts := []any{ // Wasatch's no-cost quote; Bonneville Bank's is the cheapest over 7 years
		map[string]any{"grade": "B", "pros": []string{"No closing costs"}, "cons": []string{"Highest rate"}, "recommended": true},
		map[string]any{"grade": "A", "pros": []string{"Cheapest over seven years"}, "cons": []string{"$8,000 in points"}},
		map[string]any{"grade": "C", "pros": []string{"Read from your Loan Estimate"}, "cons": []string{"In between"}},
	}
	analysis := map[string]any{"lender": "provident", "recommendations": []string{"Take Wasatch Home Loans' quote"}, "quoteVerdicts": verdicts}
	body := map[string]any{"analysis": analysis, "quotes": []any{}}
	res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", body)
	want := `"recommendationReason":"Please say why you recommend this quote: it is not the cheapest over 7 years"`
	if res.Status != 400 || !strings.Contains(string(res.Body), want) {
		t.Fatalf("a dearer visitor quote without a reason: %d %s", res.Status, res.Body)
	}
	analysis["recommendationReason"] = "You may sell within five years: no closing costs to pay back"
	if res = srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", body); res.Status != 200 {
		t.Fatalf("with a reason: %d %s", res.Status, res.Body)
	}
}
