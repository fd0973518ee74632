package figures_test

import (
	"context"
	"math"
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
	r := figures.LoanEstimateReview(store.QuoteRequest{LoanType: "purchase", PurchasePrice: &price}, &api.LoanEstimate{Fields: f, PleaseCheck: []string{}})
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
	r := figures.LoanEstimateReview(store.QuoteRequest{}, nil)
	if r.LoanEstimate != nil || len(r.Lines) != 0 || r.ComputedAPR != nil || r.APRDifference == nil {
		t.Fatalf("review = %+v", r)
	}
}
