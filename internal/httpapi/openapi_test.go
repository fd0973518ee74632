package httpapi_test

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"quotegrade/internal/example"
	"quotegrade/internal/httpapi"
	"quotegrade/internal/testsupport"
)

type openAPIDoc struct {
	raw        []byte
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Schemas map[string]struct {
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"schemas"`
	} `json:"components"`
}

func loadDoc(t *testing.T) openAPIDoc {
	t.Helper()
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	doc := openAPIDoc{raw: raw}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// The document's schemas compiled as JSON Schema 2020-12 (OpenAPI 3.1's
// dialect), once per test binary. A jsonschema.Compiler is not safe for
// concurrent use and the tests run in parallel, so compiling is serialised
// and each compiled schema kept (the race detector stopped make test here).
var (
	schemasOnce sync.Once
	schemas     *jsonschema.Compiler
	schemasErr  error
	compileMu   sync.Mutex
	compiled    = map[string]*jsonschema.Schema{}
)

const docURL = "https://quotegrade.test/openapi.json"

func compiledSchema(t *testing.T, doc openAPIDoc, name string) *jsonschema.Schema {
	t.Helper()
	schemasOnce.Do(func() {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc.raw))
		if err != nil {
			schemasErr = err
			return
		}
		schemas = jsonschema.NewCompiler()
		schemasErr = schemas.AddResource(docURL, v)
	})
	if schemasErr != nil {
		t.Fatal(schemasErr)
	}
	compileMu.Lock()
	defer compileMu.Unlock()
	if s, ok := compiled[name]; ok {
		return s
	}
	s, err := schemas.Compile(docURL + "#/components/schemas/" + name)
	if err != nil {
		t.Fatalf("compile schema %s: %v", name, err)
	}
	compiled[name] = s
	return s
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

// matchesSchema fails the test when body is not valid against the
// document's schema (types, enums, required properties, nested schemas), or
// has a top-level property the schema does not declare.
func matchesSchema(t *testing.T, doc openAPIDoc, schema string, body map[string]any) {
	t.Helper()
	s := doc.Components.Schemas[schema]
	for _, k := range s.Required {
		if _, ok := body[k]; !ok {
			t.Errorf("%s: required property %q missing from the response", schema, k)
		}
	}
	for k := range body {
		if _, ok := s.Properties[k]; !ok {
			t.Errorf("%s: response property %q is not in the document", schema, k)
		}
	}
	// Through JSON again: the validator reads numbers as json.Number.
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if err := compiledSchema(t, doc, schema).Validate(v); err != nil {
		t.Errorf("%s: the response does not match the document: %v", schema, err)
	}
}

// The JSON the server writes has exactly the properties the document declares.
func TestResponsesMatchSchemas(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	doc := loadDoc(t)
	check := func(schema string, body map[string]any) {
		t.Helper()
		matchesSchema(t, doc, schema, body)
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
