package example

import (
	"context"
	"errors"
	"fmt"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Demo requests sit beside the example on a development server (local admin
// sign-in on the embedded SQLite file, never PostgreSQL), so someone trying the broker side with `make run` finds work on
// the dashboard: one buyer with a lender's quote, one Refi Buddy homeowner,
// and one buyer comparing three quotes (issue 29).
const (
	DemoPurchaseID  = "d3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a21"
	DemoRefinanceID = "d3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a22"
	DemoCompareID   = "d3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a23"
)

// DemoIDs are the demo requests' ids.
var DemoIDs = []string{DemoPurchaseID, DemoRefinanceID, DemoCompareID}

// SeedDemo creates the demo requests that are missing, marked as demo data
// so `quotegrade demo remove` finds them. Like Seed it is safe on every
// start; an analysed demo request stays analysed, and once removed they are
// not made again.
func SeedDemo(ctx context.Context, st store.Store, brokerage string, now time.Time) error {
	if removed, err := st.DemoRequestsRemoved(ctx); err != nil || removed {
		return err
	}
	for _, r := range DemoRequests(brokerage, now) {
		if _, err := st.GetQuoteRequest(ctx, r.ID); err == nil {
			continue
		} else if !errors.Is(err, apperr.ErrNotFound) {
			return fmt.Errorf("seed demo request: %w", err)
		}
		if err := st.CreateQuoteRequest(ctx, r); err != nil && !errors.Is(err, apperr.ErrConflict) {
			return fmt.Errorf("seed demo request: %w", err)
		}
		if err := st.MarkDemoRequest(ctx, r.ID); err != nil {
			return fmt.Errorf("seed demo request: %w", err)
		}
		if r.ID == DemoCompareID {
			// Seeded with its request only, so a broker's own analysis of
			// it is never replaced on the next start.
			if err := st.SaveAnalysis(ctx, DemoCompareAnalysis(r.CreatedAt)); err != nil {
				return fmt.Errorf("seed demo analysis: %w", err)
			}
		}
	}
	return nil
}

// DemoCompareAnalysis is the broker's verdict on each of the three quotes of
// the demo buyer comparing them (issue 29), so the results page and the
// analysis editor show a graded comparison: the two-point quote, the
// cheapest over the buyer's 7 years, recommended (no reason needed); the
// first quote's verdict is also the analysis' grade, pros and cons.
func DemoCompareAnalysis(created time.Time) store.Analysis {
	verdicts := []store.QuoteVerdict{
		{Grade: ptr("B"), Pros: []string{"No closing costs: a $3,200 lender credit", "Cheaper than the two-point quote if you move or refinance within 5 years"},
			Cons: []string{"The highest rate of the three, 6.875%"}},
		{Grade: ptr("A"), Pros: []string{"The lowest rate, 6.25%", "Cheapest over the 7 years you expect to keep the loan"},
			Cons: []string{"$9,200 in points and fees at closing, paid back after 60 months"}, Recommended: true},
		{Grade: ptr("B"), Pros: []string{"A middle path: one point for 6.5%"},
			Cons: []string{"Costs more than the two-point quote over 7 years"}},
	}
	at := created.Add(10 * time.Minute)
	return store.Analysis{
		ID: "d3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a33", QuoteRequestID: DemoCompareID, Lender: "provident",
		Grade: verdicts[0].Grade, Pros: verdicts[0].Pros, Cons: verdicts[0].Cons,
		Recommendations: []string{"Take Bonneville Bank's two-point quote if you have the cash: it costs the least over 7 years."},
		Answers:         []string{"Bonneville Bank's, if you keep the loan about seven years; Wasatch Home Loans' if you may move within five."},
		Notes:           []string{}, QuoteVerdicts: verdicts, ReviewedBy: Reviewer, Quotes: []store.Quote{},
		CreatedAt: at, UpdatedAt: at,
	}
}

// DemoRequests are the three requests SeedDemo creates, the first two
// pending; the comparing buyer's comes analysed (DemoCompareAnalysis). The buyer's
// e-mail address is on example.com, so the notice can only ever reach the
// outbox or a test mail server.
func DemoRequests(brokerage string, now time.Time) []store.QuoteRequest {
	created := now.UTC().Truncate(time.Second)
	// The homeowner who asked to be texted agreed to it, as the notify-me
	// form requires (TCPA), in the words shown beside its checkbox.
	const demoPhone = "801-555-0199"
	textConsent := &store.ContactConsent{Text: vocab.ConsentText(brokerage, demoPhone), At: created.Add(-1 * time.Hour), Address: "192.0.2.10"}
	return []store.QuoteRequest{
		{
			ID: DemoPurchaseID, LoanType: "purchase", PropertyType: "primary", PropertyStyle: "townhouse",
			CreditScore: 715, ZipCode: "84043", State: "UT",
			PurchasePrice: ptr(460000.0), DownPayment: ptr(23000.0), DownPaymentPercent: ptr(5.0), IsFirstHome: ptr(true),
			BrokerRate: ptr(7.125), BrokerLenderFees: ptr(3900.0), BrokerMortgageInsurance: ptr(210.0), InterestRate: ptr(7.125),
			Questions:   []string{"Are these fees normal for a first-time buyer?"},
			ContactInfo: store.ContactInfo{Email: ptr("jordan.demo@example.com"), PreferredContactMethod: ptr("email")},
			CreatedAt:   created.Add(-2 * time.Hour),
		},
		{
			ID: DemoRefinanceID, LoanType: "refinance", PropertyType: "primary", PropertyStyle: "single",
			CreditScore: 760, ZipCode: "84604", State: "UT",
			PropertyValue: ptr(610000.0), RemainingBalance: ptr(382000.0),
			CurrentMortgage: &store.CurrentMortgage{Rate: 7.5, MonthlyPayment: 2671, LoanProgram: ptr("30-year-fixed")},
			// No e-mail: with one the homeowner would also be a Refi Buddy watch.
			ContactInfo: store.ContactInfo{Phone: ptr(demoPhone), PreferredContactMethod: ptr("text"), Consent: textConsent},
			CreatedAt:   created.Add(-1 * time.Hour),
		},
		demoComparison(created),
	}
}

// demoComparison is the three-quote example's loan and quotes (no-cost, two
// points, one point: the points pay back after 5 years, so at the buyer's 7
// years the two-point quote is cheapest), as a visitor's request the broker
// can analyse: not an example, with a question and an address to answer.
func demoComparison(created time.Time) store.QuoteRequest {
	r := ComparisonRequest()
	r.ID, r.IsExample, r.CreatedAt = DemoCompareID, false, created.Add(-30*time.Minute)
	r.Questions = []string{"Which of these three should I take if we move in about seven years?"}
	r.ContactInfo = store.ContactInfo{Email: ptr("casey.demo@example.com"), PreferredContactMethod: ptr("email")}
	return r
}
