package httpapi_test

import (
	"testing"

	"quotegrade/internal/example"
	"quotegrade/internal/testsupport"
)

// Issue 14, defects 1 and 2: a request the service cannot grade (no loan left,
// no equity left, a home outside Utah) is refused with a message on its field.
func TestSubmitRefusesNoLoanNoEquityAndHomesOutsideUtah(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	const path = "/api/quote-requests/submit"
	const notUtah = "Please enter a Utah zip code (840xx to 847xx); we grade quotes for Utah homes only"
	const noEquity = "Cash out must leave some equity: the remaining balance plus cash out must be less than the property value"
	run(t, srv, []scenario{
		{name: "down payment equal to the price", method: "POST", path: path, body: p(map[string]any{"downPayment": 450000}), status: 400,
			fields: map[string]string{"downPayment": "Down payment must be less than the purchase price"}},
		{name: "down payment one dollar under the price", method: "POST", path: path, body: p(map[string]any{"downPayment": 449999}), status: 201},
		{name: "cash out taking all the equity", method: "POST", path: path, body: rf(map[string]any{"cashOutAmount": 280000}), status: 400,
			fields: map[string]string{"cashOutAmount": noEquity}},
		{name: "cash out beyond the value", method: "POST", path: path, body: rf(map[string]any{"cashOutAmount": 500000}), status: 400,
			fields: map[string]string{"cashOutAmount": noEquity}},
		{name: "cash out leaving equity", method: "POST", path: path, body: rf(map[string]any{"cashOutAmount": 279999}), status: 201},
		{name: "no cash out ignores the amount", method: "POST", path: path, body: rf(map[string]any{"cashOut": false, "cashOutAmount": 900000}), status: 201},
		{name: "Beverly Hills refused", method: "POST", path: path, body: p(map[string]any{"zipCode": "90210"}), status: 400, fields: map[string]string{"zipCode": notUtah}},
		{name: "Nevada 890xx refused", method: "POST", path: path, body: rf(map[string]any{"zipCode": "89501"}), status: 400, fields: map[string]string{"zipCode": notUtah}},
		{name: "848xx is not Utah", method: "POST", path: path, body: p(map[string]any{"zipCode": "84800"}), status: 400, fields: map[string]string{"zipCode": notUtah}},
		{name: "letters refused", method: "POST", path: path, body: p(map[string]any{"zipCode": "84abc"}), status: 400, fields: map[string]string{"zipCode": notUtah}},
		{name: "St. George 84790 accepted", method: "POST", path: path, body: p(map[string]any{"zipCode": "84790"}), status: 201},
		{name: "Logan ZIP+4 accepted", method: "POST", path: path, body: p(map[string]any{"zipCode": "84321-1234"}), status: 201},
		{name: "Park City 84060 accepted", method: "POST", path: path, body: rf(map[string]any{"zipCode": "84060"}), status: 201},
	})
}

// Issue 14, defect 13: the request tells whether it is analysed, so the
// results page need not ask for a pending analysis and log a 404.
func TestQuoteRequestSaysWhetherItIsAnalysed(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	pending := submit(t, srv, p(nil))
	if got := srv.Do(t, "GET", "/api/quote-requests/"+pending, nil).JSON(t)["analyzed"]; got != false {
		t.Errorf("a new request: analyzed = %v, want false", got)
	}
	if got := srv.Do(t, "GET", "/api/quote-requests/"+example.QuoteRequestID, nil).JSON(t)["analyzed"]; got != true {
		t.Errorf("the analysed example: analyzed = %v, want true", got)
	}
}
