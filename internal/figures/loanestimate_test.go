package figures_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"quotegrade/internal/api"
	"quotegrade/internal/figures"
	"quotegrade/internal/loanestimate"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// The CFPB sample (162,000 at 3.875% on a $180,000 home): the math core's APR
// for the same loan, with the charges the review names as the difference
// added, comes within 0.02 points of the lender's 4.274%: the named charges
// are what the difference comes from.
func TestLoanEstimateReviewExplainsTheAPR(t *testing.T) {
	f, err := loanestimate.Read(context.Background(), testsupport.LoanEstimatePDF(t, true, true))
	if err != nil {
		t.Fatal(err)
	}
	price := 180000.0
	r := figures.LoanEstimateReview(store.QuoteRequest{LoanType: "purchase", PurchasePrice: &price}, &f, []string{})
	if *r.LenderFeesUsed != 1319 || *r.LenderAPR != 4.274 || *r.ComputedAPR != 4.243 {
		t.Fatalf("fees used %v, lender APR %v, computed %v", *r.LenderFeesUsed, *r.LenderAPR, *r.ComputedAPR)
	}
	want := map[string]string{"Title – Settlement Agent Fee": figures.ReasonFinanceCharge,
		"Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %)": figures.ReasonPrepaidInterest}
	if len(r.APRDifference) != len(want) {
		t.Fatalf("difference = %+v", r.APRDifference)
	}
	for _, c := range r.APRDifference {
		if want[c.Label] != c.Reason {
			t.Errorf("%q: %q, want %q", c.Label, c.Reason, want[c.Label])
		}
	}
	if math.Abs(*r.ComputedAPRWithDifference-*r.LenderAPR) > 0.02 {
		t.Fatalf("with the difference added: %v, lender %v", *r.ComputedAPRWithDifference, *r.LenderAPR)
	}
	if len(r.Lines) != len(f.Lines) || r.Lines[3].Kind != "lender" || r.Lines[3].InLenderFees {
		t.Fatalf("appraisal line = %+v", r.Lines[3])
	}
}

// A file that is no Loan Estimate: an empty review, no APR.
func TestLoanEstimateReviewOfNothing(t *testing.T) {
	r := figures.LoanEstimateReview(store.QuoteRequest{}, nil, nil)
	if r.LoanEstimate != nil || len(r.Lines) != 0 || r.ComputedAPR != nil || r.APRDifference == nil {
		t.Fatalf("review = %+v", r)
	}
}

// The API's Loan Estimate is its own type (the reader's struct is not the
// contract), and answers exactly what the reader read: every field of
// loanestimate.Fields, set, encodes to the same JSON, with pleaseCheck
// after it. A field added to the reader that the contract lacks fails here.
func TestLoanEstimateContractCarriesEveryField(t *testing.T) {
	var f loanestimate.Fields
	fill(t, reflect.ValueOf(&f).Elem())
	reader, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	contract, err := json.Marshal(figures.LoanEstimateOf(f, []string{"apr"}))
	if err != nil {
		t.Fatal(err)
	}
	want := append(bytes.TrimSuffix(reader, []byte("}")), []byte(`,"pleaseCheck":["apr"]}`)...)
	if !bytes.Equal(contract, want) {
		t.Fatalf("contract JSON\n%s\nwant the reader's\n%s", contract, want)
	}
	empty, _ := json.Marshal(api.LoanEstimate{})
	if got, _ := json.Marshal(figures.LoanEstimateOf(loanestimate.Fields{}, nil)); !bytes.Equal(got, empty) {
		t.Fatalf("nothing read = %s, want %s", got, empty)
	}
}

// fill sets every field of v to a value that is not its zero.
func fill(t *testing.T, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(t, v.Field(i))
			}
		}
	case reflect.Map:
		key, value := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(t, key)
		fill(t, value)
		v.Set(reflect.MakeMap(v.Type()))
		v.SetMapIndex(key, value)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(t, v.Index(0))
	case reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Int:
		v.SetInt(7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.String:
		v.SetString("x")
	default:
		t.Fatalf("fill: no value for a %s", v.Kind())
	}
}
