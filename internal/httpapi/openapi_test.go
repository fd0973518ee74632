package httpapi_test

import (
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"quotegrade/internal/example"
	"quotegrade/internal/httpapi"
	"quotegrade/internal/testsupport"
)

type openAPIDoc struct {
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

func loadDoc(t *testing.T) openAPIDoc {
	t.Helper()
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// Every API route the router registers is in the document, and every
// operation in the document is routed: the two cannot drift apart.
func TestOpenAPIMatchesRouter(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	routes, err := httpapi.Routes(srv.App.Handler)
	if err != nil {
		t.Fatal(err)
	}
	var routed, documented []string
	for _, r := range routes {
		path, ok := strings.CutPrefix(r[1], "/api")
		if !ok || path == "/*" || path == "/openapi.json" {
			continue
		}
		routed = append(routed, r[0]+" "+strings.Replace(path, "/*", "/{key}", 1))
	}
	for path, ops := range loadDoc(t).Paths {
		for method := range ops {
			if method != "parameters" {
				documented = append(documented, strings.ToUpper(method)+" "+path)
			}
		}
	}
	sort.Strings(routed)
	sort.Strings(documented)
	if !slices.Equal(routed, documented) {
		t.Fatalf("router and openapi.json differ:\n routed:     %v\n documented: %v", routed, documented)
	}
}

// The JSON the server writes has exactly the properties the document declares.
func TestResponsesMatchSchemas(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	// Every answer is checked whole by the test server's client; these name
	// the nested objects that may be null, so their own schemas are met too.
	check := func(schema string, body map[string]any) {
		t.Helper()
		testsupport.MatchesSchema(t, schema, body)
	}
	req := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID, nil).JSON(t)
	check("QuoteRequest", req)
	analysis := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID+"/analysis", nil).JSON(t)
	check("Analysis", analysis)
	check("Quote", analysis["quotes"].([]any)[0].(map[string]any))
	figures := analysis["quotes"].([]any)[0].(map[string]any)["figures"].(map[string]any)
	check("QuoteFigures", figures)
	check("ThirdPartyFees", figures["third_party_fees"].(map[string]any))
	check("QuoteComparison", figures["compared_with_your_quote"].(map[string]any))
	check("Horizon", figures["compared_with_your_quote"].(map[string]any)["cost_difference"].(map[string]any))
	check("QuoteFigures", req["broker_quote_figures"].(map[string]any))
	check("InstantGrade", req["instant_grade"].(map[string]any))
	check("MarketFigure", req["instant_grade"].(map[string]any)["market"].(map[string]any))
	calc := srv.Do(t, "POST", "/api/calculate", map[string]any{"loanAmount": 300000, "ratePercent": 6.5, "currentMonthlyPrincipalAndInterest": 2100}).JSON(t)
	check("Calculated", calc)
	check("CalculatedFees", calc["thirdPartyFees"].(map[string]any))
	check("CalculatedRefinance", calc["refinance"].(map[string]any))
	refi := submit(t, srv, testsupport.RefinancePayload(map[string]any{"refi_intent": "get_notified", "current_mortgage_rate": 7,
		"current_monthly_payment": 2000, "current_mortgage_program": "15-year-fixed"}))
	check("CurrentMortgage", srv.Do(t, "GET", "/api/quote-requests/"+refi, nil).JSON(t)["current_mortgage"].(map[string]any))
	check("Health", srv.Do(t, "GET", "/api/health", nil).JSON(t))
	check("ContactInfo", srv.Do(t, "PATCH", "/api/quote-requests/"+refi+"/contact-info", map[string]any{}).JSON(t))
	check("Error", srv.Do(t, "POST", "/api/quote-requests/submit", map[string]any{}).JSON(t))
}
