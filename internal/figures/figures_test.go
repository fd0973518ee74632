package figures

import (
	"testing"
	"time"

	"quotegrade/internal/fees"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/rates"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
)

func f64(v float64) *float64 { return &v }

func TestLoanAmountAndValue(t *testing.T) {
	refi := store.QuoteRequest{LoanType: "refinance", RemainingBalance: f64(320000), CashOut: true, CashOutAmount: f64(50000), PropertyValue: f64(600000)}
	if a, ok := loanAmount(refi); !ok || a != 370000 || propertyValue(refi) != 600000 {
		t.Fatalf("cash-out refinance: %v %v", a, ok)
	}
	refi.CashOut = false
	if a, _ := loanAmount(refi); a != 320000 {
		t.Fatalf("cash out not chosen: %v", a)
	}
	buy := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000)}
	if a, ok := loanAmount(buy); !ok || a != 405000 || propertyValue(buy) != 450000 {
		t.Fatalf("purchase: %v %v", a, ok)
	}
	if _, ok := loanAmount(store.QuoteRequest{LoanType: "purchase"}); ok {
		t.Fatal("a loan amount without a price")
	}
}

// Missing lender fees are graded as typical fees, and the reasons say so.
func TestInstantGradeAssumesTypicalFeesWhenNotGiven(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	m, _ := rates.SnapshotMarkets()
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(500000), DownPayment: f64(100000), CreditScore: 780, BrokerRate: f64(6.36)}
	g := s.InstantGrade(r, m)
	if g == nil || !g.LenderFeesAssumed || g.FeeDifference != 0 || g.Grade != "A" || g.Reasons[1] != "Your lender fees were not provided, so we assumed the typical $4,000 (1% of the loan amount); the expert review will check them." {
		t.Fatalf("grade = %+v", g)
	}
}

// A purchase under 20% down whose quote gives no mortgage insurance counts
// the estimate, marked estimated, in the payment and the comparison.
func TestMissingMortgageInsuranceIsEstimated(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	// 405,000 on 450,000 (90% LTV), score 742: 0.44% a year, 148.50 a month.
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000), CreditScore: 742, BrokerRate: f64(6.625)}
	mine := s.BrokerQuote(r)
	if !mine.MortgageInsuranceEstimated || mine.MortgageInsurance != 148.5 || mine.MonthlyPayment != mortgage.RoundCents(mine.PrincipalAndInterest+148.5) {
		t.Fatalf("visitor's quote without insurance: %+v", mine)
	}
	given := store.Quote{Rate: 6.625, MortgageInsurance: f64(90), Source: "SYSTEM"}
	figs := s.Quotes(r, []store.Quote{given}, "provident")
	if figs[0].MortgageInsuranceEstimated || figs[0].MortgageInsurance != 90 {
		t.Fatalf("a quote with insurance keeps it: %+v", figs[0])
	}
	// Same rate; the lender's 90 a month against the estimated 148.50.
	if d := figs[0].ComparedWithYourQuote.MonthlyDifference; d != -58.5 {
		t.Errorf("monthly difference = %v, want -58.50 (the estimate counts in the comparison)", d)
	}
	twenty := r
	twenty.DownPayment = f64(90000)
	if f := s.BrokerQuote(twenty); f.MortgageInsuranceEstimated || f.MortgageInsurance != 0 {
		t.Errorf("20%% down owes none: %+v", f)
	}
}
