package testsupport

import "maps"

// PurchasePayload is a complete, valid purchase submission with a broker quote;
// change lets a test alter or delete fields (a nil value deletes the field).
func PurchasePayload(change map[string]any) map[string]any {
	p := map[string]any{
		"loanType": "purchase", "isFirstHome": true, "propertyType": "primary", "propertyStyle": "single",
		"militaryService": false, "zipCode": "84101", "creditScore": 742, "state": "UT",
		"purchasePrice": 450000, "downPayment": 45000, "downPaymentPercent": 10,
		"brokerRate": 6.625, "brokerLenderFees": -1200, "brokerMortgageInsurance": 140,
		"questions": []string{"Is this a good rate?"}, "keystone_consideration": "open",
	}
	return apply(p, change)
}

// RefinancePayload is a complete, valid cash-out refinance without a quote.
func RefinancePayload(change map[string]any) map[string]any {
	p := map[string]any{
		"loanType": "refinance", "propertyType": "primary", "propertyStyle": "townhouse",
		"militaryService": true, "zipCode": "84604", "creditScore": 700, "state": "UT",
		"propertyValue": 600000, "remainingBalance": 320000, "cashOut": true, "cashOutAmount": 50000,
		"keystone_consideration": "skip",
	}
	return apply(p, change)
}

func apply(p, change map[string]any) map[string]any {
	out := maps.Clone(p)
	for k, v := range change {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}
