// Package example seeds the fixed example quote request and analysis that
// /example-results shows, so a visitor can see a finished grade before asking
// for one, and the three-quote example it compares side by side (issue 29).
package example

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// QuoteRequestID is the example's well-known id; the web app holds the same constant.
const QuoteRequestID = "7c1e5f0a-9b2d-4e8f-a3c6-5d4b2e1f0a9c"

// ComparisonRequestID is the three-quote example's well-known id; the web
// app holds the same constant.
const ComparisonRequestID = "7c1e5f0a-9b2d-4e8f-a3c6-5d4b2e1f0a9d"

const analysisID = "0b6f3a2e-5d41-4c8e-9f27-3e1d6c5b4a70"

var createdAt = time.Date(2025, 10, 6, 16, 30, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

// Seed creates the examples that are missing. It is safe to run on every
// start and from several servers at once.
func Seed(ctx context.Context, st store.Store) error {
	if err := seedComparison(ctx, st); err != nil {
		return err
	}
	if _, err := st.GetQuoteRequest(ctx, QuoteRequestID); err == nil {
		return correct(ctx, st)
	} else if !errors.Is(err, apperr.ErrNotFound) {
		return fmt.Errorf("seed example: %w", err)
	}
	err := st.CreateQuoteRequest(ctx, Request())
	if err != nil && !errors.Is(err, apperr.ErrConflict) {
		return fmt.Errorf("seed example request: %w", err)
	}
	if err := st.SaveAnalysis(ctx, Analysis()); err != nil {
		return fmt.Errorf("seed example analysis: %w", err)
	}
	return nil
}

// correct replaces an example analysis seeded by an earlier version whose
// figures disagreed with its own quotes (issue 25: APR 6.742% where the
// quote gives 6.948%, "$2,400 upfront" where it saves $1,950), or that had
// no reviewer (issue 26).
func correct(ctx context.Context, st store.Store) error {
	stored, err := st.GetAnalysisByQuoteRequest(ctx, QuoteRequestID)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return fmt.Errorf("seed example: %w", err)
	}
	want := Analysis()
	if err == nil && stored.RecommendationReason == want.RecommendationReason && slices.Equal(stored.Recommendations, want.Recommendations) &&
		stored.ReviewedBy == want.ReviewedBy {
		return nil
	}
	if err := st.SaveAnalysis(ctx, want); err != nil {
		return fmt.Errorf("correct example analysis: %w", err)
	}
	return nil
}

// Request is the example scenario: a first-time buyer in Salt Lake City with a
// lender's quote of 6.875% and $4,850 in lender fees.
func Request() store.QuoteRequest {
	return store.QuoteRequest{
		ID: QuoteRequestID, LoanType: "purchase", PropertyType: "primary", PropertyStyle: "single",
		CreditScore: 740, ZipCode: "84106", State: "UT",
		PurchasePrice: ptr(525000.0), DownPayment: ptr(52500.0), DownPaymentPercent: ptr(10.0), IsFirstHome: ptr(true),
		BrokerRate: ptr(6.875), BrokerLenderFees: ptr(4850.0), BrokerMortgageInsurance: ptr(165.0),
		Questions: []string{"Is this a fair rate for my credit score?"}, IsExample: true, CreatedAt: createdAt,
	}
}

// seedComparison creates the three-quote example if it is missing (databases
// seeded before issue 29 gain it on their next start). It has no analysis:
// /example-results shows its comparison, which the server computes from its
// quotes on every read.
func seedComparison(ctx context.Context, st store.Store) error {
	if _, err := st.GetQuoteRequest(ctx, ComparisonRequestID); err == nil {
		return nil
	} else if !errors.Is(err, apperr.ErrNotFound) {
		return fmt.Errorf("seed comparison example: %w", err)
	}
	if err := st.CreateQuoteRequest(ctx, ComparisonRequest()); err != nil && !errors.Is(err, apperr.ErrConflict) {
		return fmt.Errorf("seed comparison example: %w", err)
	}
	return nil
}

// ComparisonRequest is the three-quote example (issue 29): a buyer in Lehi
// with 20% down on $500,000 who expects to keep the loan 7 years, comparing
// a no-cost quote (a lender credit), a two-point quote and a one-point
// quote. Only the quotes are given: every figure /example-results shows of
// them is the server's comparison (example_test.go pins them).
func ComparisonRequest() store.QuoteRequest {
	return store.QuoteRequest{
		ID: ComparisonRequestID, LoanType: "purchase", PropertyType: "primary", PropertyStyle: "single",
		CreditScore: 742, ZipCode: "84043", State: "UT",
		PurchasePrice: ptr(500000.0), DownPayment: ptr(100000.0), DownPaymentPercent: ptr(20.0), IsFirstHome: ptr(false),
		BrokerLenderName: ptr("Wasatch Home Loans"), BrokerRate: ptr(6.875), BrokerPoints: ptr(0.0), BrokerLenderFees: ptr(-3200.0),
		BrokerMortgageInsurance: ptr(0.0),
		MoreQuotes: []store.VisitorQuote{
			{LenderName: ptr("Bonneville Bank"), Rate: ptr(6.25), Points: ptr(2.0), LenderFees: ptr(1200.0), MortgageInsurance: ptr(0.0)},
			{LenderName: ptr("Uinta Credit Union"), Rate: ptr(6.5), Points: ptr(1.0), LenderFees: ptr(500.0), MortgageInsurance: ptr(0.0)},
		},
		HorizonMonths: ptr(84), IsExample: true, CreatedAt: createdAt,
	}
}

// Reviewer is the example's loan officer: an example, like the demonstration
// site's NMLS ID (a production site's own analyses carry its brokers').
var Reviewer = store.LoanOfficer{Name: "Sample Loan Officer", NMLS: "000003"}

// Analysis is the broker's example verdict with two alternative quotes.
func Analysis() store.Analysis {
	quote := func(id string, rate, fees, mi, apr float64, recommended bool) store.Quote {
		return store.Quote{ID: id, Rate: rate, LenderFees: fees, MortgageInsurance: ptr(mi), APR: ptr(apr),
			IsRecommended: recommended, Source: vocab.SourceSystem, LoanProgram: ptr("30-year-fixed"), CreatedAt: createdAt, UpdatedAt: createdAt}
	}
	return store.Analysis{
		ID: analysisID, QuoteRequestID: QuoteRequestID, Grade: ptr("C"), Lender: "provident",
		Pros: []string{
			"The quote is a standard 30-year fixed loan with no prepayment penalty.",
			"Mortgage insurance of $165 a month is in line with 10% down and a 740 credit score.",
		},
		Cons: []string{
			"The rate is about a quarter point above what borrowers with this profile are being offered.",
			"Lender fees of $4,850 are roughly $2,000 higher than typical for this loan size.",
		},
		Recommendations: []string{
			"Ask the lender to match the recommended quote, 6.625% (6.948% APR), or lower their fees; the alternative below saves about $85 a month and $1,950 upfront.",
		},
		RecommendationReason: "It needs the least cash at closing: $1,950 less than your quote, where the 6.375% (6.753% APR) quote needs $1,500 more. " +
			"That quote costs less over 7 years; choose it if you have the cash and expect to keep the loan that long.",
		Notes:      []string{},
		ReviewedBy: Reviewer,
		CreatedAt:  createdAt, UpdatedAt: createdAt,
		Quotes: []store.Quote{
			// APRs by Appendix J from each row's rate, lender fees and insurance
			// (example_test.go checks them, and the sentences above, against the figures).
			quote("5a0d8e3c-1f2b-4a6d-8c9e-7b3f2a1d0e41", 6.625, 2450, 158, 6.948, true),
			quote("5a0d8e3c-1f2b-4a6d-8c9e-7b3f2a1d0e42", 6.375, 5900, 152, 6.753, false),
		},
	}
}
