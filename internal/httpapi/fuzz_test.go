package httpapi

import (
	"bytes"
	"math"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"quotegrade/internal/quoterequest"
)

// FuzzSubmission: whatever body arrives at the submit endpoint, decoding and
// validation end without a panic, and what they accept is storable: text in
// UTF-8 without NUL, every figure finite and within its documented range.
func FuzzSubmission(f *testing.F) {
	f.Add([]byte(`{"loanType":"purchase","isFirstHome":true,"propertyType":"primary","propertyStyle":"single","militaryService":false,
		"zipCode":"84101","creditScore":742,"state":"UT","purchasePrice":450000,"downPayment":45000,"downPaymentPercent":10,
		"brokerRate":6.625,"brokerLenderFees":-1200,"brokerMortgageInsurance":140,"questions":["Is this a good rate?"],"keystone_consideration":"open"}`))
	f.Add([]byte(`{"loanType":"refinance","propertyType":"primary","propertyStyle":"townhouse","militaryService":true,"zipCode":"84604",
		"creditScore":700,"state":"UT","propertyValue":600000,"remainingBalance":320000,"cashOut":true,"cashOutAmount":50000,
		"refi_intent":"get_notified","email":"o@example.com","current_mortgage_rate":7.5,"current_monthly_payment":2200,"current_mortgage_program":"30-year-fixed"}`))
	f.Add([]byte(`{"zipCode":"84\u0000101","purchasePrice":"1_000","brokerRate":1e308,"questions":["\ud800"]}`))
	f.Add([]byte(`{"loanType":"refinance","current_mortgage_rate":"0x1p4","email":"a@b.co"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/api/quote-requests/submit", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		var sub quoterequest.Submission
		if err := decode(httptest.NewRecorder(), r, &sub, false); err != nil {
			return
		}
		q, err := quoterequest.ValidateSubmission(sub)
		if err != nil {
			return
		}
		texts := append([]string{q.ZipCode, q.State, q.LoanType, q.PropertyType, q.PropertyStyle}, q.Questions...)
		for _, p := range []*string{q.Email, q.UserUploadedQuoteURL, q.RefiIntent, q.KeystoneConsideration} {
			if p != nil {
				texts = append(texts, *p)
			}
		}
		for _, s := range texts {
			if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
				t.Fatalf("accepted unstorable text %q", s)
			}
		}
		for name, v := range map[string]*float64{"purchasePrice": q.PurchasePrice, "downPayment": q.DownPayment, "propertyValue": q.PropertyValue,
			"remainingBalance": q.RemainingBalance, "cashOutAmount": q.CashOutAmount} {
			if v != nil && (math.IsNaN(*v) || *v < 0 || *v > quoterequest.MaxAmount) {
				t.Fatalf("accepted %s = %v", name, *v)
			}
		}
		for name, v := range map[string]*float64{"interestRate": q.InterestRate, "brokerRate": q.BrokerRate} {
			if v != nil && (*v < 0 || *v > quoterequest.MaxRatePercent) {
				t.Fatalf("accepted %s = %v", name, *v)
			}
		}
		if v := q.BrokerLenderFees; v != nil && math.Abs(*v) > quoterequest.MaxFees {
			t.Fatalf("accepted lender fees %v", *v)
		}
		if v := q.BrokerMortgageInsurance; v != nil && (*v < 0 || *v > quoterequest.MaxMonthlyInsurance) {
			t.Fatalf("accepted mortgage insurance %v", *v)
		}
	})
}
