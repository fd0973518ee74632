package httpapi_test

import (
	"strings"
	"testing"

	"quotegrade/internal/example"
	"quotegrade/internal/testsupport"
)

// The figures below are checked by hand: P = L·r / (1 - (1+r)^-360) with
// r = rate/1200, the title table's rows, and spec section 9's fees.

func TestCalculate(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	run(t, srv, []scenario{
		{name: "the issue's example", method: "POST", path: "/api/calculate",
			body:   map[string]any{"loanAmount": 300000, "ratePercent": 6.5, "termMonths": 360, "prepaidFinanceCharges": 2500, "monthlyMortgageInsurance": 0},
			status: 200, contains: []string{`"monthlyPrincipalAndInterest":1896.2,`, `"monthlyPayment":1896.2,`, `"apr":6.581,`, `"amountFinanced":297500,`}},
		{name: "no finance charges: the APR is the note rate", method: "POST", path: "/api/calculate",
			body: map[string]any{"loanAmount": "300000", "ratePercent": "6.5"}, status: 200, contains: []string{`"apr":6.5,`, `"termMonths":360,`}},
		{name: "third-party fees and refinance savings", method: "POST", path: "/api/calculate",
			body: map[string]any{"loanAmount": 370000, "ratePercent": 6.25, "prepaidFinanceCharges": 1500, "loanType": "refinance", "lender": "provident",
				"currentMonthlyPrincipalAndInterest": 2400},
			status: 200, contains: []string{`"monthlyPrincipalAndInterest":2278.15,`, `"thirdPartyFees":{"appraisal":700,"titleEstimate":966,"lenderAdds":450,"total":2116}`,
				`"refinance":{"closingCosts":3616,"monthlySavings":120,"breakEvenMonths":31}`}},
		{name: "insurance until 78% of the value", method: "POST", path: "/api/calculate",
			body:   map[string]any{"loanAmount": 450000, "ratePercent": 6.5, "prepaidFinanceCharges": 3200, "monthlyMortgageInsurance": 165, "propertyValue": 500000},
			status: 200, contains: []string{`"mortgageInsuranceMonths":109,`, `"monthlyPayment":3009.31,`, `"apr":6.864,`}},
		{name: "15-year program", method: "POST", path: "/api/calculate", body: map[string]any{"loanAmount": 250000, "ratePercent": 5.75, "program": "15-year-fixed", "prepaidFinanceCharges": 1800},
			status: 200, contains: []string{`"termMonths":180,`, `"monthlyPrincipalAndInterest":2076.03,`, `"apr":5.862,`}},
		{name: "nothing given", method: "POST", path: "/api/calculate", body: map[string]any{}, status: 400,
			fields: map[string]string{"loanAmount": "Loan amount is required", "ratePercent": "Rate is required"}},
		{name: "out of range and wrong types", method: "POST", path: "/api/calculate",
			body:   map[string]any{"loanAmount": -5, "ratePercent": 150, "termMonths": 12.5, "monthlyMortgageInsurance": "lots", "program": "40-year", "loanType": "lease", "lender": "acme"},
			status: 400, fields: map[string]string{"loanAmount": "Loan amount must be between 0.01 and 100000000", "ratePercent": "Rate must be between 0 and 100",
				"termMonths": "Term must be a whole number of months", "monthlyMortgageInsurance": "Monthly mortgage insurance must be a number",
				"program": "Loan program must be one of 30-year-fixed, 15-year-fixed or 5-1-arm", "loanType": "Loan type must be purchase or refinance",
				"lender": "Lender must be provident or rocket"}},
		{name: "fees that eat the loan", method: "POST", path: "/api/calculate", body: map[string]any{"loanAmount": 1000, "ratePercent": 6, "prepaidFinanceCharges": 1000},
			status: 400, fields: map[string]string{"prepaidFinanceCharges": "Prepaid finance charges must be less than the loan amount"}},
		{name: "a credit no payment stream repays", method: "POST", path: "/api/calculate", body: map[string]any{"loanAmount": 1000, "ratePercent": 0, "prepaidFinanceCharges": -500},
			status: 400, contains: []string{`"error":"These figures do not describe a loan: the payments (1000.00) do not repay the amount financed (1500.00)"`}},
		{name: "not JSON", method: "POST", path: "/api/calculate", body: "loanAmount=1", status: 400, contains: []string{"must be a JSON object"}},
	})
}

func TestInstantGradeOnTheRequest(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	// 450,000 with 45,000 down: a 405,000 loan at 90% LTV, credit 742, 6.625% with a 1,200 credit.
	id := submit(t, srv, p(nil))
	req := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)
	g, ok := req["instant_grade"].(map[string]any)
	if !ok {
		t.Fatalf("no instant grade: %v", req["instant_grade"])
	}
	market := g["market"].(map[string]any)
	// The bundled snapshot's newest 30-year figure.
	if market["rate"] != 6.36 || market["week"] != "2026-05-14" || market["source"] != "bundled snapshot" || market["series"] != "30" {
		t.Fatalf("market = %v", market)
	}
	// Expected 6.36 + (0.750 - 0.375)/5 = 6.435; fees 5,250 under the typical 4,050: grade A.
	if g["grade"] != "A" || g["expected_rate"] != 6.435 || g["typical_lender_fees"] != 4050.0 || g["fee_difference"] != -5250.0 || g["loan_amount"] != 405000.0 {
		t.Fatalf("grade = %v", g)
	}
	reasons := strings.Join(toStrings(g["reasons"]), "\n")
	for _, want := range []string{"Your rate of 6.625% (", " APR) is 0.19 percentage points above the 6.435% (an interest rate, not an APR)",
		"6.36% (an average interest rate, not an APR, not an offer; week of May 14, 2026, bundled snapshot)",
		"Your lender credit of $1,200 is $5,250 better than the typical fees of $4,050", "Grade A", "indicative"} {
		if !strings.Contains(reasons, want) {
			t.Errorf("reasons lack %q:\n%s", want, reasons)
		}
	}
	f := req["broker_quote_figures"].(map[string]any)
	// The visitor's quote carries the same computed APR (issue 26: no rate shown without one).
	if vq := req["visitor_quotes"].([]any); len(vq) != 1 || vq[0].(map[string]any)["apr"] != f["apr"] || f["apr"] == nil {
		t.Fatalf("visitor_quotes = %v, broker quote APR %v", vq, f["apr"])
	}
	if f["principal_and_interest"] != 2593.26 || f["mortgage_insurance"] != 140.0 || f["monthly_payment"] != 2733.26 ||
		f["closing_costs"] != -1200.0+700+1508 || f["cash_to_close"] != 45000.0-1200+700+1508 {
		t.Fatalf("broker quote figures = %v", f)
	}
	// A worse rate, all else equal, grades worse.
	worse := submit(t, srv, p(map[string]any{"brokerRate": 7.625, "brokerLenderFees": 6000}))
	if g := srv.Do(t, "GET", "/api/quote-requests/"+worse, nil).JSON(t)["instant_grade"].(map[string]any); g["grade"] != "F" {
		t.Fatalf("a point above the market with high fees graded %v", g["grade"])
	}
	// No broker rate: nothing to grade.
	none := submit(t, srv, p(map[string]any{"brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil}))
	if r := srv.Do(t, "GET", "/api/quote-requests/"+none, nil).JSON(t); r["instant_grade"] != nil || r["broker_quote_figures"] != nil {
		t.Fatalf("graded a request without a quote: %v", r["instant_grade"])
	}
	// The admin lists carry the same shape.
	admin := srv.SignIn(t, "broker@example.com", true)
	if res := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/pending", nil); !strings.Contains(string(res.Body), `"instant_grade":{"grade":"A"`) {
		t.Fatalf("pending list lacks the instant grade: %s", res.Body)
	}
}

func TestAnalysisFiguresAndRefinanceAdvice(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	// Remaining 320,000 plus 50,000 cash out: a 370,000 loan; today 7.5% at 2,400 a month.
	owner := func() string {
		return submit(t, srv, rf(map[string]any{"refi_intent": "get_notified", "email": "owner@example.com", "current_mortgage_rate": 7.5,
			"current_monthly_payment": 2400, "current_mortgage_program": "30-year-fixed"}))
	}
	analyse := func(id string, quotes ...map[string]any) map[string]any {
		t.Helper()
		res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis",
			map[string]any{"analysis": map[string]any{"lender": "provident", "notes": []string{"Rates are lower"}}, "quotes": quotes})
		if res.Status != 200 {
			t.Fatalf("save analysis: %d %s", res.Status, res.Body)
		}
		return srv.Do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil).JSON(t)
	}
	// Third-party fees: appraisal 700 + title 966 (370,000, refinance) + provident 450 = 2,116.
	credit := map[string]any{"rate": 6.0, "lenderFees": -3000, "apr": 5.9, "isRecommended": true}
	fees := map[string]any{"rate": 6.25, "lenderFees": 1500, "apr": 6.3}
	a := analyse(owner(), fees, credit)
	advice := a["refinance"].(map[string]any)
	// 6% with a 3,000 credit beats 7.5% and the 2,116 of fees: recommended. P&I 2,218.34: saves 180 a month.
	if advice["recommendation"] != "recommended" || advice["heading"] != "Refinancing is Recommended!" || advice["monthly_savings"] != 180.0 ||
		advice["break_even_months"] != 0.0 || advice["best_rate"] != 6.0 {
		t.Fatalf("advice = %v", advice)
	}
	// Both loans' terms beside their payments (12 CFR 1026.24(d), issue 26): 320,000 at 7.5% paid 2,400
	// a month has 288 payments left; the best quote is a new 30-year loan, with the APR it was saved with.
	if advice["current_months_left"] != 288.0 || advice["best_apr"] != 5.9 || advice["best_program"] != "30-year-fixed" ||
		advice["best_term_months"] != 360.0 {
		t.Fatalf("both loans' terms in the advice = %v", advice)
	}
	byRate := map[float64]map[string]any{}
	for _, q := range a["quotes"].([]any) {
		byRate[q.(map[string]any)["rate"].(float64)] = q.(map[string]any)["figures"].(map[string]any)
	}
	f := byRate[6.25]
	tp := f["third_party_fees"].(map[string]any)
	refi := f["refinance"].(map[string]any)
	if f["principal_and_interest"] != 2278.15 || tp["total"] != 2116.0 || tp["title_estimate"] != 966.0 || f["closing_costs"] != 3616.0 ||
		f["cash_to_close"] != nil || refi["monthly_savings"] != 120.0 || refi["break_even_months"] != 31.0 || refi["recommended"] != false {
		t.Fatalf("6.25%% quote figures = %v", f)
	}
	if apr := f["apr"].(float64); !(apr > 6.25 && apr < 6.3) {
		t.Fatalf("APR with 1,500 of fees = %v", apr)
	}

	if a := analyse(owner(), fees); a["refinance"].(map[string]any)["heading"] != "Potential Savings Available" {
		t.Fatalf("savings without a credit: %v", a["refinance"])
	}
	if a := analyse(owner(), map[string]any{"rate": 7.75, "lenderFees": 0, "apr": 7.8}); a["refinance"].(map[string]any)["heading"] != "Wait to Refinance" {
		t.Fatalf("a higher payment: %v", a["refinance"])
	}

	// A purchase: each lender quote against the visitor's quote, with cash to close.
	ex := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID+"/analysis", nil).JSON(t)
	if ex["refinance"] != nil {
		t.Fatalf("a purchase got refinance advice: %v", ex["refinance"])
	}
	q := ex["quotes"].([]any)[0].(map[string]any)["figures"].(map[string]any)
	cmp := q["compared_with_your_quote"].(map[string]any)
	if q["cash_to_close"] == nil || !strings.HasPrefix(cmp["summary"].(string), "The 6.375% (6.753% APR) quote costs") {
		t.Fatalf("example figures = %v", q)
	}
}
