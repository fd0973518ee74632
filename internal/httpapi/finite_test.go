package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/testsupport"
)

// edgeFigures are the values a sweep draws from: the bounds of each range,
// just inside and just outside them, and the figures issue 25 named.
// Each list is the values inside the range, then after a "|" those outside.
var (
	edgePrices  = edges(1000, 9999.99, 10000, 50000, 450000, 99_999_999, 100_000_000, "|", 0, 1, 100_000_001, -1)
	edgeDowns   = edges(0, 0.01, 1, 9000, 45000, 449_999, "|", 450000, 675000, -1)
	edgePercent = edges(0, 10, 99.9, 100, "|", 150, -1)
	edgeRates   = edges(0, 0.001, 0.01, 6.625, 24.999, 25, "|", 1e-300, 1e-9, 0.0009, 25.001, -1)
	edgeFees    = edges(-1_000_000, -1200, 0, 999_999.99, 1_000_000, "|", -1_000_001, 99_999_999_999, 1e308)
	edgeMI      = edges(0, 0.01, 140, 10000, "|", 10001, -1)
	edgeValues  = edges(10000, 600000, 100_000_000, "|", 0, 1, 1000)
	edgeBalance = edges(0, 1, 1000, 320000, "|", 100_000_001)
	edgeCash    = edges(0, 1, 50000, 279_999, "|", 280000)
	edgePayment = edges(0, 0.01, 1, 2000, 100_000_000, "|", -1)
)

type edgeList struct{ inside, outside []any }

func edges(vs ...any) edgeList {
	var l edgeList
	out := false
	for _, v := range vs {
		switch {
		case v == "|":
			out = true
		case out:
			l.outside = append(l.outside, v)
		default:
			l.inside = append(l.inside, v)
		}
	}
	return l
}

// pick draws a value, outside the range one time in 15.
func pick(r *rand.Rand, l edgeList) any {
	if r.IntN(15) == 0 {
		return l.outside[r.IntN(len(l.outside))]
	}
	return l.inside[r.IntN(len(l.inside))]
}

// edgeSubmission is a request with every figure drawn from the edges.
func edgeSubmission(r *rand.Rand) map[string]any {
	var p map[string]any
	if r.IntN(2) == 0 {
		p = testsupport.PurchasePayload(map[string]any{
			"purchasePrice": pick(r, edgePrices), "downPayment": pick(r, edgeDowns), "downPaymentPercent": pick(r, edgePercent),
		})
	} else {
		p = testsupport.RefinancePayload(map[string]any{
			"propertyValue": pick(r, edgeValues), "remainingBalance": pick(r, edgeBalance), "cashOutAmount": pick(r, edgeCash),
			"cashOut": r.IntN(2) == 0,
		})
		if r.IntN(2) == 0 {
			p["refi_intent"] = "get_notified"
			p["current_mortgage_rate"] = pick(r, edgeRates)
			p["current_monthly_payment"] = pick(r, edgePayment)
			p["current_mortgage_program"] = "30-year-fixed"
			p["current_mortgage_insurance"] = pick(r, edgeMI)
		}
	}
	p["brokerRate"] = pick(r, edgeRates)
	p["brokerLenderFees"] = pick(r, edgeFees)
	p["brokerMortgageInsurance"] = pick(r, edgeMI)
	p["interestRate"] = pick(r, edgeRates)
	if r.IntN(3) == 0 {
		delete(p, "brokerRate")
		delete(p, "brokerLenderFees")
		delete(p, "brokerMortgageInsurance")
		p["quotes"] = []map[string]any{
			{"rate": pick(r, edgeRates), "lenderFees": pick(r, edgeFees), "mortgageInsurance": pick(r, edgeMI), "points": r.IntN(11)},
			{"rate": pick(r, edgeRates), "lenderFees": pick(r, edgeFees), "points": 0},
		}
		p["horizonMonths"] = []any{12, 84, 360}[r.IntN(3)]
	}
	return p
}

// allFinite reports the first number in v (a decoded JSON document) that is
// not finite, or "".
func allFinite(v any, path string) string {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return path + " = " + x.String()
		}
	case map[string]any:
		for k, e := range x {
			if bad := allFinite(e, path+"."+k); bad != "" {
				return bad
			}
		}
	case []any:
		for i, e := range x {
			if bad := allFinite(e, fmt.Sprintf("%s[%d]", path, i)); bad != "" {
				return bad
			}
		}
	}
	return ""
}

// No figure the server stores or sends is infinite or not a number (issue
// 25 §3): requests built from the edges of every range are either refused
// with a 400 naming a field, or stored, and then every answer that shows
// them (the visitor's, the broker's, the calculator's) is a 200 whose
// numbers are all finite, on both databases.
func TestEdgeFiguresAreRefusedOrFinite(t *testing.T) {
	t.Parallel()
	onEachDatabase(t, func(t *testing.T, srv *testsupport.Server) {
		testsupport.SaveFreshMarketRates(t, srv.App.Store, time.Now())
		admin := srv.SignIn(t, "broker@example.com", true)
		r := rand.New(rand.NewPCG(25, 3))
		stored := 0
		for i := range 120 {
			body := edgeSubmission(r)
			res := srv.Do(t, "POST", "/api/quote-requests/submit", body)
			raw, _ := json.Marshal(body)
			switch res.Status {
			case 400:
				if fields, _ := res.JSON(t)["fields"].(map[string]any); len(fields) == 0 {
					t.Errorf("case %d %s: 400 without a field: %s", i, raw, res.Body)
				}
				continue
			case 200, 201:
			default:
				t.Fatalf("case %d %s: %d %s", i, raw, res.Status, res.Body)
			}
			stored++
			id := res.JSON(t)["id"].(string)
			for _, get := range []struct{ token, path string }{
				{"", "/api/quote-requests/" + id},
				{admin, "/api/admin/quote-requests/" + id},
				{admin, "/api/admin/quote-requests/pending"},
			} {
				got := srv.DoAs(t, get.token, "GET", get.path, nil)
				if got.Status != 200 {
					t.Fatalf("case %d %s: GET %s: %d %s", i, raw, get.path, got.Status, got.Body)
				}
				dec := json.NewDecoder(bytes.NewReader(got.Body))
				dec.UseNumber()
				var doc any
				if err := dec.Decode(&doc); err != nil {
					t.Fatalf("GET %s: %v", get.path, err)
				}
				if bad := allFinite(doc, ""); bad != "" {
					t.Errorf("case %d %s: GET %s: %s", i, raw, get.path, bad)
				}
			}
		}
		if stored < 30 {
			t.Errorf("only %d of 120 edge requests were stored: the sweep checks too little", stored)
		}
		for _, rate := range append(edgeRates.inside, edgeRates.outside...) {
			for _, amount := range []any{1, 1000, 450000, 100_000_000} {
				for _, prepaid := range []any{0, 5000, 1_000_000} {
					res := srv.Do(t, "POST", "/api/calculate", map[string]any{"loanAmount": amount, "ratePercent": rate, "termMonths": 360,
						"prepaidFinanceCharges": prepaid, "monthlyMortgageInsurance": 100, "propertyValue": 500000})
					if res.Status != 200 && res.Status != 400 {
						t.Errorf("calculate %v at %v%% with %v prepaid: %d %s", amount, rate, prepaid, res.Status, res.Body)
					}
					if bad := allFinite(decodeNumbers(t, res.Body), ""); bad != "" {
						t.Errorf("calculate %v at %v%%: %s", amount, rate, bad)
					}
				}
			}
		}
		if logs := srv.Logs.String(); strings.Contains(logs, `"level":"ERROR"`) {
			t.Errorf("the server logged an error:\n%s", logs)
		}
	})
}

func decodeNumbers(t *testing.T, raw []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return doc
}
