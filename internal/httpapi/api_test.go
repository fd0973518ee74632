package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/testsupport"
)

// scenario is one API exchange and what the visitor relies on in its answer.
type scenario struct {
	name   string
	method string
	path   string
	body   any
	status int
	// fields are the expected per-field messages of a 400.
	fields map[string]string
	// contains are fragments the raw body must hold.
	contains []string
}

func run(t *testing.T, srv *testsupport.Server, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := srv.Do(t, c.method, c.path, c.body)
			if res.Status != c.status {
				t.Fatalf("%s %s: status %d, want %d: %s", c.method, c.path, res.Status, c.status, res.Body)
			}
			if ct := res.Header.Get("Content-Type"); res.Status != http.StatusNoContent && !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q, want JSON", ct)
			}
			for _, frag := range c.contains {
				if !strings.Contains(string(res.Body), frag) {
					t.Errorf("body lacks %q: %s", frag, res.Body)
				}
			}
			if c.fields == nil {
				return
			}
			body := res.JSON(t)
			if msg, _ := body["error"].(string); msg == "" {
				t.Errorf("error body without an error message: %s", res.Body)
			}
			got, _ := body["fields"].(map[string]any)
			for field, want := range c.fields {
				if got[field] != want {
					t.Errorf("fields[%q] = %v, want %q (all: %v)", field, got[field], want, got)
				}
			}
			if len(got) != len(c.fields) {
				t.Errorf("fields = %v, want exactly %v", got, c.fields)
			}
		})
	}
}

func submit(t *testing.T, srv *testsupport.Server, payload map[string]any) string {
	t.Helper()
	res := srv.Do(t, "POST", "/api/quote-requests/submit", payload)
	if res.Status != http.StatusCreated {
		t.Fatalf("submit: %d %s", res.Status, res.Body)
	}
	return res.JSON(t)["id"].(string)
}

// startAsBroker starts a server and signs the broker in, as a test of the
// broker's pages begins; it returns the broker's token.
func startAsBroker(t *testing.T) (*testsupport.Server, string) {
	t.Helper()
	srv := testsupport.StartServer(t)
	return srv, srv.SignIn(t, "broker@example.com", true)
}

var p = testsupport.PurchasePayload
var rf = testsupport.RefinancePayload

func TestSubmitValidation(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	const path = "/api/quote-requests/submit"
	const credit = "Credit score must be a whole number between 300 and 850"
	run(t, srv, []scenario{
		{name: "purchase accepted", method: "POST", path: path, body: p(nil), status: 201, contains: []string{`"id"`}},
		{name: "refinance accepted", method: "POST", path: path, body: rf(nil), status: 201},
		{name: "numeric strings accepted", method: "POST", path: path, body: p(map[string]any{"purchasePrice": "450000", "creditScore": "742"}), status: 201},
		{name: "credit score below 300", method: "POST", path: path, body: p(map[string]any{"creditScore": 299}), status: 400, fields: map[string]string{"creditScore": credit}},
		{name: "credit score above 850", method: "POST", path: path, body: p(map[string]any{"creditScore": 851}), status: 400, fields: map[string]string{"creditScore": credit}},
		{name: "credit score not whole", method: "POST", path: path, body: p(map[string]any{"creditScore": 700.5}), status: 400, fields: map[string]string{"creditScore": credit}},
		{name: "credit score not a number", method: "POST", path: path, body: p(map[string]any{"creditScore": "seven hundred"}), status: 400, fields: map[string]string{"creditScore": credit}},
		{name: "credit score missing", method: "POST", path: path, body: p(map[string]any{"creditScore": nil}), status: 400, fields: map[string]string{"creditScore": credit}},
		{name: "zip code too long", method: "POST", path: path, body: p(map[string]any{"zipCode": "84101-12345"}), status: 400, fields: map[string]string{"zipCode": "Zip code must be at most 10 characters"}},
		{name: "zip code missing", method: "POST", path: path, body: p(map[string]any{"zipCode": " "}), status: 400, fields: map[string]string{"zipCode": "Zip code is required"}},
		{name: "loan type unknown", method: "POST", path: path, body: p(map[string]any{"loanType": "heloc"}), status: 400, fields: map[string]string{"loanType": "Please choose purchase or refinance"}},
		{name: "purchase needs price and down payment", method: "POST", path: path, body: p(map[string]any{"purchasePrice": nil, "downPayment": nil}), status: 400,
			fields: map[string]string{"purchasePrice": "Purchase price is required", "downPayment": "Down payment is required"}},
		{name: "purchase needs first-home answer", method: "POST", path: path, body: p(map[string]any{"isFirstHome": nil}), status: 400,
			fields: map[string]string{"isFirstHome": "Please tell us whether this is your first home"}},
		{name: "military status always needed", method: "POST", path: path, body: rf(map[string]any{"militaryService": nil}), status: 400,
			fields: map[string]string{"militaryService": "Please tell us whether you have served in the military"}},
		{name: "amounts not negative", method: "POST", path: path, body: p(map[string]any{"purchasePrice": -1, "brokerMortgageInsurance": -5}), status: 400,
			fields: map[string]string{"purchasePrice": "Purchase price cannot be negative", "brokerMortgageInsurance": "Mortgage insurance cannot be negative"}},
		{name: "amounts numeric", method: "POST", path: path, body: p(map[string]any{"downPayment": "lots"}), status: 400,
			fields: map[string]string{"downPayment": "Down payment must be a number"}},
		{name: "down payment above price", method: "POST", path: path, body: p(map[string]any{"downPayment": 500000}), status: 400,
			fields: map[string]string{"downPayment": "Down payment must be less than the purchase price"}},
		{name: "refinance needs value and balance", method: "POST", path: path, body: rf(map[string]any{"propertyValue": nil, "remainingBalance": nil}), status: 400,
			fields: map[string]string{"propertyValue": "Property value is required", "remainingBalance": "Remaining balance is required"}},
		{name: "cash out needs an amount", method: "POST", path: path, body: rf(map[string]any{"cashOutAmount": nil}), status: 400,
			fields: map[string]string{"cashOutAmount": "Cash-out amount is required"}},
		{name: "property type and style from the lists", method: "POST", path: path, body: p(map[string]any{"propertyType": "castle", "propertyStyle": nil}), status: 400,
			fields: map[string]string{"propertyType": "Please choose how you will use the property", "propertyStyle": "Please choose the type of home"}},
		{name: "rate between 0 and 100", method: "POST", path: path, body: p(map[string]any{"brokerRate": 101}), status: 400,
			fields: map[string]string{"brokerRate": "Interest rate must be between 0 and 100"}},
		{name: "email format", method: "POST", path: path, body: p(map[string]any{"email": "not-an-email"}), status: 400,
			fields: map[string]string{"email": "Please enter a valid email address"}},
		{name: "refi buddy needs the current mortgage", method: "POST", path: path, body: rf(map[string]any{"refi_intent": "get_notified"}), status: 400,
			fields: map[string]string{"current_mortgage_rate": "Current rate is required", "current_monthly_payment": "Monthly payment is required", "current_mortgage_program": "Loan program is required"}},
		{name: "refi buddy accepted", method: "POST", path: path, status: 201, body: rf(map[string]any{"refi_intent": "refinance_now", "email": "owner@example.com",
			"current_mortgage_rate": 7.5, "current_monthly_payment": 2250, "current_mortgage_program": "30-year-fixed"})},
		{name: "keystone answer from the list", method: "POST", path: path, body: p(map[string]any{"keystone_consideration": "maybe"}), status: 400,
			fields: map[string]string{"keystone_consideration": "Please choose open or skip"}},
		{name: "no questions is fine", method: "POST", path: path, body: p(map[string]any{"questions": []string{}}), status: 201},
		{name: "uploaded file must be a key, not a URL", method: "POST", path: path, body: p(map[string]any{"uploadedFileUrl": "https://evil.example/x.pdf"}), status: 400,
			fields: map[string]string{"uploadedFileUrl": "The uploaded file could not be found; please upload it again"}},
		{name: "state must be a US state", method: "POST", path: path, body: p(map[string]any{"state": "XX"}), status: 400, fields: map[string]string{"state": "Please choose a US state"}},
		{name: "not JSON", method: "POST", path: path, body: "loanType=purchase", status: 400, contains: []string{"must be a JSON object"}},
		{name: "JSON array", method: "POST", path: path, body: "[1,2]", status: 400, contains: []string{"must be a JSON object"}},
		{name: "two documents", method: "POST", path: path, body: `{"loanType":"purchase"} {}`, status: 400},
		{name: "oversized body", method: "POST", path: path, body: `{"questions":["` + strings.Repeat("x", 70<<10) + `"]}`, status: 413, contains: []string{"too large"}},
	})
}

func TestSubmitTooManyQuestions(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	qs := make([]string, 11)
	for i := range qs {
		qs[i] = fmt.Sprintf("question %d", i)
	}
	run(t, srv, []scenario{{name: "eleven questions", method: "POST", path: "/api/quote-requests/submit", body: p(map[string]any{"questions": qs}), status: 400,
		fields: map[string]string{"questions": "Please ask at most 10 questions"}}})
}

func TestSubmitStoresWhatWasSent(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, p(map[string]any{"email": "buyer@example.com"}))
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(id) {
		t.Fatalf("id %q is not a random (version 4) UUID", id)
	}
	// Read as a broker: the visitor's own answer masks the address (docs/records.md).
	got := srv.DoAs(t, srv.SignIn(t, "broker@example.com", true), "GET", "/api/admin/quote-requests/"+id, nil).JSON(t)
	want := map[string]any{"loan_type": "purchase", "credit_score": 742.0, "zip_code": "84101", "state": "UT", "purchase_price": 450000.0,
		"down_payment": 45000.0, "is_first_home": true, "broker_rate": 6.625, "broker_lender_fees": -1200.0, "broker_mortgage_insurance": 140.0,
		"email": "buyer@example.com", "keystone_consideration": "open", "is_example": false, "current_mortgage": nil, "property_value": nil}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
	if q := got["questions"].([]any); len(q) != 1 || q[0] != "Is this a good rate?" {
		t.Errorf("questions = %v", q)
	}
	if strings.Contains(srv.Logs.String(), "buyer@example.com") {
		t.Error("the visitor's e-mail address was written to the log")
	}
}

func TestRefiBuddyCurrentMortgage(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, rf(map[string]any{"cashOut": false, "cashOutAmount": nil, "remainingBalance": 300000, "refi_intent": "get_notified",
		"email": "owner@example.com", "current_mortgage_rate": 7.0, "current_monthly_payment": 2100, "current_mortgage_program": "30-year-fixed"}))
	m := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t)["current_mortgage"].(map[string]any)
	// 300,000 at 7% over 360 months is 1,995.91 a month.
	if m["rate"] != 7.0 || m["monthly_payment"] != 2100.0 || m["calculated_monthly_payment_pi"] != 1995.91 || m["loan_program"] != "30-year-fixed" {
		t.Fatalf("current_mortgage = %v", m)
	}
}

func TestReadingRequestsAndAnalyses(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, p(nil))
	run(t, srv, []scenario{
		{name: "request found", method: "GET", path: "/api/quote-requests/" + id, status: 200, contains: []string{`"loan_type":"purchase"`, `"quotes":[]`}},
		{name: "unknown request", method: "GET", path: "/api/quote-requests/00000000-0000-4000-8000-000000000000", status: 404, contains: []string{"Quote request not found"}},
		{name: "no analysis yet", method: "GET", path: "/api/quote-requests/" + id + "/analysis", status: 404, contains: []string{"Analysis not found"}},
		{name: "analysis of unknown request", method: "GET", path: "/api/quote-requests/nope/analysis", status: 404, contains: []string{"Quote request not found"}},
		{name: "example analysis", method: "GET", path: "/api/quote-requests/" + example.QuoteRequestID + "/analysis", status: 200,
			contains: []string{`"grade":"C"`, `"lender":"provident"`, `"rate":6.375`}},
		{name: "example request", method: "GET", path: "/api/quote-requests/" + example.QuoteRequestID, status: 200, contains: []string{`"is_example":true`}},
		// Issue 29: the three-quote example /example-results compares, its figures the server's.
		{name: "three-quote example", method: "GET", path: "/api/quote-requests/" + example.ComparisonRequestID, status: 200,
			contains: []string{`"is_example":true`, `"cheapest":[1]`, `"horizon_months":84`, `"months":60`, "Bonneville Bank is the cheapest over the 7 years"}},
	})
}

func TestAnalysisViewed(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	a := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID+"/analysis", nil).JSON(t)
	path := "/api/analysis/" + a["id"].(string) + "/viewed"
	run(t, srv, []scenario{
		{name: "signed out, no body", method: "POST", path: path, status: 204},
		{name: "a viewed_by without sign-in is not trusted", method: "POST", path: path, body: map[string]any{"viewed_by": "ceo@example.com"}, status: 204},
		{name: "unknown analysis", method: "POST", path: "/api/analysis/nope/viewed", status: 404, contains: []string{"Analysis not found"}},
	})
	broker := srv.SignIn(t, "broker@example.com", false)
	if res := srv.DoAs(t, broker, "POST", path, nil); res.Status != 204 {
		t.Fatalf("signed-in view: %d", res.Status)
	}
	n, signedIn, err := srv.App.Store.CountAnalysisViews(t.Context(), a["id"].(string))
	if err != nil || n != 3 || signedIn != 1 {
		t.Fatalf("views stored = %d, %d signed in (%v), want 3 and 1", n, signedIn, err)
	}
}

func TestContactInfo(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, p(nil))
	path := "/api/quote-requests/" + id + "/contact-info"
	run(t, srv, []scenario{
		{name: "email method needs an email", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "email"}, status: 400,
			fields: map[string]string{"email": "Email is required"}},
		{name: "email format", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "email", "email": "a@b"}, status: 400,
			fields: map[string]string{"email": "Please enter a valid email address"}},
		{name: "text needs a phone", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "text"}, status: 400,
			fields: map[string]string{"phone": "Phone number is required"}},
		{name: "phone method needs a phone", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "phone", "phone": ""}, status: 400,
			fields: map[string]string{"phone": "Phone number is required"}},
		{name: "phone pattern", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "phone", "phone": "0123"}, status: 400,
			fields: map[string]string{"phone": "Please enter a valid phone number"}},
		{name: "unknown method", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "pigeon"}, status: 400,
			fields: map[string]string{"preferredContactMethod": "Please choose email, text or phone"}},
		{name: "no method is allowed", method: "PATCH", path: path, body: map[string]any{}, status: 200},
		{name: "text saved", method: "PATCH", path: path, body: map[string]any{"preferredContactMethod": "text", "phone": "(801) 555-0142", "contactConsent": true}, status: 200,
			contains: []string{`"preferred_contact_method":"text"`, `"phone":"8015550142"`}},
		{name: "unknown request", method: "PATCH", path: "/api/quote-requests/nope/contact-info", body: map[string]any{}, status: 404},
		{name: "the example cannot be changed", method: "PATCH", path: "/api/quote-requests/" + example.QuoteRequestID + "/contact-info",
			body: map[string]any{"preferredContactMethod": "email", "email": "x@example.com"}, status: 403},
		{name: "nor the three-quote example", method: "PATCH", path: "/api/quote-requests/" + example.ComparisonRequestID + "/contact-info",
			body: map[string]any{"preferredContactMethod": "email", "email": "x@example.com"}, status: 403},
	})
	// The visitor's answer masks the phone (docs/records.md); brokers read it whole.
	if got := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t); got["phone"] != "•••-•••-0142" {
		t.Fatalf("visitor's answer: phone %v, want it masked", got["phone"])
	}
	got := srv.DoAs(t, srv.SignIn(t, "broker@example.com", true), "GET", "/api/admin/quote-requests/"+id, nil).JSON(t)
	if got["phone"] != "8015550142" || got["preferred_contact_method"] != "text" {
		t.Fatalf("stored contact info: phone %v, method %v", got["phone"], got["preferred_contact_method"])
	}
	if strings.Contains(srv.Logs.String(), "555-0142") {
		t.Error("the visitor's phone number was written to the log")
	}
}

func TestBrokerQuote(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, rf(nil))
	path := "/api/quote-requests/" + id + "/broker-quote"
	run(t, srv, []scenario{
		{name: "saved", method: "PATCH", path: path, body: map[string]any{"broker_rate": 6.25, "broker_lender_fees": -800, "broker_mortgage_insurance": 0}, status: 200,
			contains: []string{`"broker_rate":6.25`, `"broker_lender_fees":-800`}},
		{name: "rate range", method: "PATCH", path: path, body: map[string]any{"broker_rate": -1}, status: 400,
			fields: map[string]string{"broker_rate": "Interest rate must be between 0 and 100"}},
		{name: "fees numeric", method: "PATCH", path: path, body: map[string]any{"broker_lender_fees": "free"}, status: 400,
			fields: map[string]string{"broker_lender_fees": "Lender fees must be a number"}},
		{name: "unknown request", method: "PATCH", path: "/api/quote-requests/nope/broker-quote", body: map[string]any{}, status: 404},
		{name: "the example cannot be changed", method: "PATCH", path: "/api/quote-requests/" + example.QuoteRequestID + "/broker-quote",
			body: map[string]any{"broker_rate": 3}, status: 403},
	})
}

func TestContactRequests(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	qr := submit(t, srv, p(nil))
	const path = "/api/contact-requests/submit"
	ok := func(change map[string]any) map[string]any {
		b := map[string]any{"name": "Dana", "email": "dana@example.com", "phone": nil, "question": "Can I lock this rate?", "preferredContact": "email", "state": "UT"}
		for k, v := range change {
			b[k] = v
		}
		return b
	}
	run(t, srv, []scenario{
		{name: "question accepted", method: "POST", path: path, body: ok(nil), status: 201, contains: []string{`"id"`}},
		{name: "name required", method: "POST", path: path, body: ok(map[string]any{"name": ""}), status: 400, fields: map[string]string{"name": "Name is required"}},
		{name: "email or phone required", method: "POST", path: path, body: ok(map[string]any{"email": nil}), status: 400,
			fields: map[string]string{"email": "Please provide either email or phone number"}},
		{name: "email format", method: "POST", path: path, body: ok(map[string]any{"email": "dana@"}), status: 400,
			fields: map[string]string{"email": "Please enter a valid email address"}},
		{name: "phone format", method: "POST", path: path, body: ok(map[string]any{"email": nil, "phone": "555-01"}), status: 400,
			fields: map[string]string{"phone": "Please enter a valid phone number"}},
		{name: "phone with plus, spaces and dashes", method: "POST", path: path, body: ok(map[string]any{"email": nil, "phone": "+1 801-555-0142", "preferredContact": "text", "contactConsent": true}), status: 201},
		// Issue 26: no call or text without the visitor's consent (TCPA).
		{name: "phone without consent", method: "POST", path: path, body: ok(map[string]any{"email": nil, "phone": "801-555-0142", "preferredContact": "text"}), status: 400,
			fields: map[string]string{"contactConsent": "Please agree to be called or texted at this number, or leave the phone number out"}},
		// Issue 14, defect 5: a preferred method needs its detail, else the broker reads "Email: None, Prefers email".
		{name: "prefers email with only a phone", method: "POST", path: path, body: ok(map[string]any{"email": nil, "phone": "801-555-0142", "contactConsent": true}), status: 400,
			fields: map[string]string{"preferredContact": "Please add your email, or choose Phone call or Text message"}},
		{name: "prefers a call with only an email", method: "POST", path: path, body: ok(map[string]any{"preferredContact": "phone"}), status: 400,
			fields: map[string]string{"preferredContact": "Please add your phone number, or choose Email"}},
		{name: "prefers text with only an email", method: "POST", path: path, body: ok(map[string]any{"preferredContact": "text"}), status: 400,
			fields: map[string]string{"preferredContact": "Please add your phone number, or choose Email"}},
		{name: "question required", method: "POST", path: path, body: ok(map[string]any{"question": "  "}), status: 400,
			fields: map[string]string{"question": "Please enter your question"}},
		{name: "update mode needs no question", method: "POST", path: path, body: ok(map[string]any{"question": nil, "kind": "update_rates", "quoteRequestId": qr}), status: 201},
		{name: "unknown quote request", method: "POST", path: path, body: ok(map[string]any{"quoteRequestId": "00000000-0000-4000-8000-000000000000"}), status: 400,
			fields: map[string]string{"quoteRequestId": "Quote request not found"}},
		// Issue 25: "Contact Broker" on a quote names the quote the question is about.
		{name: "about a quote", method: "POST", path: path, body: ok(map[string]any{"quoteRequestId": qr, "aboutQuote": "Bonneville Bank, 6.25% (6.41% APR)"}), status: 201},
		{name: "about a quote, too long", method: "POST", path: path, body: ok(map[string]any{"quoteRequestId": qr, "aboutQuote": strings.Repeat("Bonneville Bank ", 13)}), status: 400,
			fields: map[string]string{"aboutQuote": "Please keep the quote this is about under 200 characters"}},
	})
}

// Without a preferred method the server picks the detail the visitor gave:
// the broker sees a phone-only visitor as preferring a call.
func TestContactRequestPrefersTheDetailGiven(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	body := map[string]any{"name": "Sam", "email": nil, "phone": "801-555-0142", "question": "Call me?", "state": "UT", "contactConsent": true}
	if res := srv.Do(t, "POST", "/api/contact-requests/submit", body); res.Status != http.StatusCreated {
		t.Fatalf("phone only, no method: %d %s", res.Status, res.Body)
	}
	both := map[string]any{"name": "Ana", "email": "ana@example.com", "phone": "801-555-0143", "question": "Text me?", "preferredContact": "text", "state": "UT", "contactConsent": true}
	if res := srv.Do(t, "POST", "/api/contact-requests/submit", both); res.Status != http.StatusCreated {
		t.Fatalf("both details, prefers text: %d %s", res.Status, res.Body)
	}
	list, err := srv.App.Store.ListContactRequests(t.Context(), 10)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range list {
		got[c.Name] = c.PreferredContact
	}
	if got["Sam"] != "phone" || got["Ana"] != "text" {
		t.Fatalf("stored preferred methods = %v, want Sam phone and Ana text", got)
	}
}

func TestTrackCampaign(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	const path = "/api/analytics/track-campaign"
	run(t, srv, []scenario{
		{name: "recorded", method: "POST", path: path, body: map[string]any{"campaignId": "qr1", "resolved_to": "/"}, status: 204},
		{name: "campaign id shape", method: "POST", path: path, body: map[string]any{"campaignId": "<script>", "resolved_to": "/"}, status: 400,
			fields: map[string]string{"campaignId": "Campaign id must be 1 to 64 letters, digits, dashes or underscores"}},
		{name: "destination on this site", method: "POST", path: path, body: map[string]any{"campaignId": "qr2", "resolved_to": "//evil.example"}, status: 400,
			fields: map[string]string{"resolved_to": "The destination must be a path on this site"}},
	})
	if n, _ := srv.App.Store.CountCampaignVisits(t.Context(), "qr1"); n != 1 {
		t.Fatalf("visits of qr1 = %d, want 1", n)
	}
}

func TestHealth(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	run(t, srv, []scenario{{name: "ok", method: "GET", path: "/api/health", status: 200, contains: []string{`"status":"ok"`}}})
}

func TestUnknownAPIPath(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	run(t, srv, []scenario{
		{name: "unknown path", method: "GET", path: "/api/nothing-here", status: 404, contains: []string{`"error":"Not found"`}},
		{name: "wrong method", method: "PUT", path: "/api/quote-requests/submit", status: 405, contains: []string{`"error":"Method not allowed"`}},
		{name: "unknown path, any method", method: "POST", path: "/api/nothing-here", status: 404, contains: []string{`"error":"Not found"`}},
		{name: "the API's own root", method: "GET", path: "/api", status: 404, contains: []string{`"error":"Not found"`}},
	})
	if res := srv.Do(t, "DELETE", "/api/quote-requests/{id}/contact-info", nil); res.Header.Get("Allow") != "PATCH" {
		t.Errorf("405 Allow %q, want PATCH", res.Header.Get("Allow"))
	}
	if res := srv.Do(t, "POST", "/check-my-rate", nil); res.Status != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST to a page: %d, Allow %q; want 405, GET, HEAD", res.Status, res.Header.Get("Allow"))
	}
}

func TestPublicWritesAreRateLimited(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.WriteRateLimit = 3 })
	body := map[string]any{"campaignId": "qr1", "resolved_to": "/"}
	for i := 0; i < 3; i++ {
		if res := srv.Do(t, "POST", "/api/analytics/track-campaign", body); res.Status != 204 {
			t.Fatalf("write %d: %d", i+1, res.Status)
		}
	}
	res := srv.Do(t, "POST", "/api/quote-requests/submit", p(nil))
	if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("fourth write: %d, Retry-After %q", res.Status, res.Header.Get("Retry-After"))
	}
	if res.JSON(t)["error"] == "" {
		t.Fatal("429 without an error message")
	}
	if res := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID, nil); res.Status != 200 {
		t.Fatalf("reads must not be limited: %d", res.Status)
	}
}

func TestConcurrentSubmissionsAreAllStored(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	const n = 25
	ids := make(chan string, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids <- submit(t, srv, p(nil))
		}()
	}
	wg.Wait()
	close(ids)
	for id := range ids {
		if res := srv.Do(t, "GET", "/api/quote-requests/"+id, nil); res.Status != 200 {
			t.Fatalf("request %s was answered 201 but reads %d", id, res.Status)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	for _, path := range []string{"/", "/rate-results?qr=x"} {
		h := srv.Do(t, "GET", path, nil).Header
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-eval") ||
			strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe-inline") ||
			!strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: nosniff %q, referrer policy %q", path, h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"))
		}
	}
}

// Documents carry the headers a browser applies to a page; API answers carry
// the short set that protects JSON (OWASP REST Security Cheat Sheet,
// decision 0028), and never the page's policy.
func TestAPIAnswersAndDocumentsCarryTheirOwnHeaders(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	id := submit(t, srv, p(nil))
	common := map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY"}
	for _, c := range []struct {
		path, csp, cache string
		document         bool
	}{
		{"/api/health", "default-src 'none'; frame-ancestors 'none'", "no-store", false},
		{"/api/quote-requests/" + id, "default-src 'none'; frame-ancestors 'none'", "private, no-cache", false},
		{"/api/quote-requests/no-such-id", "default-src 'none'; frame-ancestors 'none'", "no-store", false},
		{"/", "default-src 'self'; script-src 'self'", "no-cache", true},
		{"/rate-results/abc", "default-src 'self'; script-src 'self'", "no-cache", true},
	} {
		h := srv.Do(t, "GET", c.path, nil).Header
		if !strings.HasPrefix(h.Get("Content-Security-Policy"), c.csp) || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q, want it to start %q", c.path, h.Get("Content-Security-Policy"), c.csp)
		}
		if h.Get("Cache-Control") != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, h.Get("Cache-Control"), c.cache)
		}
		for name, want := range common {
			if h.Get(name) != want {
				t.Errorf("%s: %s %q, want %q", c.path, name, h.Get(name), want)
			}
		}
		for _, name := range []string{"Permissions-Policy", "Cross-Origin-Opener-Policy"} {
			if got := h.Get(name) != ""; got != c.document {
				t.Errorf("%s: %s %q (a document: %v)", c.path, name, h.Get(name), c.document)
			}
		}
	}
}

func TestSinglePageApp(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	for _, c := range []struct {
		path, cache, contains string
		status                int
	}{
		{"/", "no-cache", `<div id="root">`, 200},
		{"/rate-results/abc", "no-cache", `<div id="root">`, 200},
		{"/admin/analysis/xyz", "no-cache", `<div id="root">`, 200},
		{"/assets/app-abc123.js", "public, max-age=31536000, immutable", "quotegrade", 200},
		{"/assets/gone-111.js", "", "", 404},
	} {
		res := srv.Do(t, "GET", c.path, nil)
		if res.Status != c.status || res.Header.Get("Cache-Control") != c.cache || !strings.Contains(string(res.Body), c.contains) {
			t.Errorf("%s: %d cache %q body %.60q", c.path, res.Status, res.Header.Get("Cache-Control"), res.Body)
		}
	}
}

func TestOpenAPIDocumentServed(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	res := srv.Do(t, "GET", "/api/openapi.json", nil)
	var doc map[string]any
	if err := json.Unmarshal(res.Body, &doc); err != nil || doc["openapi"] != "3.1.0" {
		t.Fatalf("openapi.json: %d %v", res.Status, err)
	}
}

// The same visitor journey against PostgreSQL, so the production database is
// exercised through the real handlers too, not only through the store suite.
func TestVisitorJourneyOnPostgres(t *testing.T) {
	t.Parallel()
	url := testsupport.PostgresURL(t)
	srv := testsupport.StartServer(t, func(c *config.Config) { c.DatabaseURL = url })
	id := submit(t, srv, p(nil))
	run(t, srv, []scenario{
		{name: "read back", method: "GET", path: "/api/quote-requests/" + id, status: 200, contains: []string{`"broker_rate":6.625`, `"questions":["Is this a good rate?"]`}},
		{name: "notify by email", method: "PATCH", path: "/api/quote-requests/" + id + "/contact-info", body: map[string]any{"preferredContactMethod": "email", "email": "b@example.com"}, status: 200},
		{name: "no analysis yet", method: "GET", path: "/api/quote-requests/" + id + "/analysis", status: 404},
		{name: "example seeded", method: "GET", path: "/api/quote-requests/" + example.QuoteRequestID + "/analysis", status: 200, contains: []string{`"grade":"C"`}},
		{name: "three-quote example seeded and compared", method: "GET", path: "/api/quote-requests/" + example.ComparisonRequestID, status: 200,
			contains: []string{`"is_example":true`, `"cheapest":[1]`, `"months":60`}},
		{name: "contact request", method: "POST", path: "/api/contact-requests/submit", status: 201,
			body: map[string]any{"name": "Dana", "phone": "801-555-0142", "question": "Hi", "preferredContact": "phone", "quoteRequestId": id, "contactConsent": true}},
		{name: "invalid is still 400", method: "POST", path: "/api/quote-requests/submit", body: p(map[string]any{"creditScore": 200}), status: 400,
			fields: map[string]string{"creditScore": "Credit score must be a whole number between 300 and 850"}},
	})
}
