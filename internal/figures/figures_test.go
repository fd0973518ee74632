package figures

import (
	"strings"
	"testing"
	"time"

	"quotegrade/internal/fees"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/rates"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
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

// marketsWithBand is the bundled survey plus one Optimal Blue band's figure
// (the >80% loan-to-value, 740+ band: 6.16% on May 21, 2026).
func marketsWithBand(t *testing.T) Markets {
	t.Helper()
	m, err := rates.SnapshotMarkets()
	if err != nil {
		t.Fatal(err)
	}
	band := rates.BandFor(742, 90)
	day := time.Date(2026, 5, 21, 0, 0, 0, 0, time.UTC)
	m.Bands = rates.Benchmarks{band.SeriesID: {Band: band, Retrieved: time.Date(2026, 5, 23, 6, 0, 0, 0, time.UTC),
		Market: mortgage.Market{Rate: 6.16, Series: rates.Series30, Week: day, Source: "FRED", Index: band.Describe()}}}
	return m
}

func may23() time.Time { return time.Date(2026, 5, 23, 12, 0, 0, 0, time.UTC) }

// A 30-year conforming quote whose band has a figure is graded against it as
// it is (no LLPA on top), names it, and carries FRED's citation.
func TestInstantGradeUsesOptimalBlueBand(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), may23)
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000), CreditScore: 742,
		BrokerRate: f64(6.625), BrokerLenderFees: f64(4050)}
	g := s.InstantGrade(r, marketsWithBand(t))
	if g == nil || g.Benchmark != BenchmarkOptimalBlue || g.ExpectedRate != 6.16 || g.RateAdjustment != 0 || g.LLPAPoints != 0 || g.LLPASource != "" {
		t.Fatalf("grade = %+v", g)
	}
	if g.Market.Rate != 6.16 || g.Market.Week != "2026-05-21" || g.Market.AgeDays != 2 ||
		g.Market.Label != "Optimal Blue 30-year fixed conforming index for credit scores of 740 or more and loan-to-value over 80%" ||
		!strings.Contains(g.Market.Citation, "[OBMMIC30YFLVGT80FGE740], retrieved from FRED, Federal Reserve Bank of St. Louis") {
		t.Fatalf("market = %+v", g.Market)
	}
	if len(g.Reasons) != 4 || !strings.HasPrefix(g.Reasons[0], "Your rate of 6.625% (7.024% APR) is 0.465 percentage points above the 6.16% (an interest rate, not an APR) we expect for your scenario: the Optimal Blue 30-year fixed conforming index") ||
		!strings.Contains(g.Reasons[0], "so no adjustment is added") {
		t.Fatalf("reasons = %q", g.Reasons)
	}
	// 0.465 points on 405,000 over 7 years with typical fees: about 2.6% of the loan, C.
	if g.Grade != "C" || g.CostPercent != 2.56 {
		t.Fatalf("grade %s, cost %v%%", g.Grade, g.CostPercent)
	}
}

// Where Optimal Blue's conforming index does not describe the loan, or the
// band has no figure, the grade falls back to the survey plus the LLPA grid
// and says why.
func TestInstantGradeFallsBackToSurveyAndLLPA(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), may23)
	m := marketsWithBand(t)
	for name, c := range map[string]struct {
		r      store.QuoteRequest
		reason string
	}{
		"cash-out refinance": {store.QuoteRequest{LoanType: "refinance", RemainingBalance: f64(380000), CashOut: true, CashOutAmount: f64(25000),
			PropertyValue: f64(450000), CreditScore: 742, BrokerRate: f64(6.5)}, "Optimal Blue's daily index leaves out cash-out refinances"},
		"jumbo": {store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(1000000), DownPayment: f64(100000), CreditScore: 742, BrokerRate: f64(6.5)},
			"Your loan is above the $832,750 conforming loan limit"},
		"band without a figure": {store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000), CreditScore: 700, BrokerRate: f64(6.5)},
			"Optimal Blue has no recent figure for your credit-score and loan-to-value band"},
	} {
		g := s.InstantGrade(c.r, m)
		if g == nil || g.Benchmark != BenchmarkSurvey || g.Market.Rate != 6.36 || g.Market.Citation != "" || g.LLPASource == "" || g.RateAdjustment == 0 {
			t.Fatalf("%s: grade = %+v", name, g)
		}
		if !strings.HasPrefix(g.Reasons[4], c.reason) || !strings.HasSuffix(g.Reasons[4], "so we use the Freddie Mac weekly average adjusted by the LLPA grid instead.") ||
			!strings.Contains(g.Reasons[0], "Freddie Mac 30-year fixed average") || !strings.Contains(g.Reasons[5], "loan-level price adjustment") {
			t.Fatalf("%s: reasons = %q", name, g.Reasons)
		}
	}
	// A stale band counts as none.
	late := NewService(fees.DefaultTitleTable(), site.Demo(), func() time.Time { return may23().AddDate(0, 0, 20) })
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000), CreditScore: 742, BrokerRate: f64(6.625)}
	if g := late.InstantGrade(r, m); g == nil || g.Benchmark != BenchmarkSurvey {
		t.Fatalf("stale band used: %+v", g)
	}
	// Without a FRED key there are no bands: the survey and grid, with no fallback sentence.
	m.Bands = nil
	if g := s.InstantGrade(r, m); g == nil || g.Benchmark != BenchmarkSurvey || len(g.Reasons) != 5 || g.ExpectedRate != 6.435 {
		t.Fatalf("no key: %+v", g)
	}
}

// The comparison shows each quote's payment and APR as its QuoteFigures
// give them (issue 29): points counted in the lender fees, insurance
// estimated on a purchase under 20% down, the same on every page.
func TestTheComparisonTakesEachQuotesFigures(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	r := store.QuoteRequest{LoanType: "purchase", CreditScore: 700, PurchasePrice: f64(500000), DownPayment: f64(50000),
		BrokerRate: f64(6.875), BrokerLenderFees: f64(-3200), BrokerPoints: f64(0),
		MoreQuotes: []store.VisitorQuote{{Rate: f64(6.25), Points: f64(2), LenderFees: f64(1200)}}}
	c := s.Comparison(r, Markets{})
	if c == nil || len(c.Quotes) != 2 {
		t.Fatalf("comparison %+v", c)
	}
	second := r
	second.BrokerRate, second.BrokerLenderFees, second.BrokerPoints = f64(6.25), f64(1200), f64(2)
	for i, want := range []*QuoteFigures{s.BrokerQuote(r), s.BrokerQuote(second)} {
		got := c.Quotes[i]
		if want == nil || want.APR == nil || got.APR == nil || *got.APR != *want.APR || got.MonthlyPayment != want.MonthlyPayment ||
			got.MortgageInsurance != want.MortgageInsurance || !got.MortgageInsuranceEstimated {
			t.Errorf("quote %d: compared %+v, its figures %+v", i+1, got, want)
		}
	}
}

// Regulation Z 1026.24 (issue 26): the instant grade names the visitor's rate
// with the APR its figures give, and the expected and market rates as what
// they are; a lender quote saved without a typed APR is named in its
// comparison sentence with the computed one.
func TestRatesInGeneratedWordsComeWithTheirAPR(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	m, _ := rates.SnapshotMarkets()
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(45000), CreditScore: 742,
		BrokerRate: f64(6.625), BrokerLenderFees: f64(-1200), BrokerMortgageInsurance: f64(140)}
	mine := s.BrokerQuote(r)
	if mine == nil || mine.APR == nil {
		t.Fatalf("the visitor's quote has no APR: %+v", mine)
	}
	// The visitor's quotes carry it too, for a rate shown outside the comparison.
	if aprs := s.Request(r, m).VisitorQuoteAPRs; len(aprs) != 1 || aprs[0] == nil || *aprs[0] != *mine.APR {
		t.Fatalf("visitor quote APRs = %v, want [%v]", aprs, *mine.APR)
	}
	g := s.InstantGrade(r, m)
	want := "Your rate of 6.625% (" + vocab.Percent(*mine.APR) + " APR) is 0.19 percentage points above the 6.435% (an interest rate, not an APR) we expect for your scenario: " +
		"the Freddie Mac 30-year fixed average of 6.36% (an average interest rate, not an APR, not an offer; week of May 14, 2026,"
	if g == nil || !strings.HasPrefix(g.Reasons[0], want) {
		t.Fatalf("reason:\n got %q\nwant %q...", g.Reasons[0], want)
	}
	if !strings.HasSuffix(g.Reasons[3], "of the loan amount (here 0.2% of the loan amount less than a typical quote).") {
		t.Fatalf("band: %q", g.Reasons[3])
	}

	figs := s.Quotes(r, []store.Quote{{Rate: 6.5, LenderFees: 1500, MortgageInsurance: f64(120), Source: "SYSTEM"}}, "provident")
	if figs[0].APR == nil || figs[0].ComparedWithYourQuote == nil {
		t.Fatalf("lender quote figures: %+v", figs[0])
	}
	name := "The 6.50% (" + vocab.Percent(*figs[0].APR) + " APR) quote"
	if got := figs[0].ComparedWithYourQuote.Summary; !strings.HasPrefix(got, name) {
		t.Fatalf("comparison sentence %q does not start %q", got, name)
	}
	typed := s.Quotes(r, []store.Quote{{Rate: 6.5, LenderFees: 1500, MortgageInsurance: f64(120), APR: f64(6.8), Source: "SYSTEM"}}, "provident")
	if got := typed[0].ComparedWithYourQuote.Summary; !strings.HasPrefix(got, "The 6.50% (6.80% APR) quote") {
		t.Fatalf("the typed APR wins: %q", got)
	}
}

// Each quote's figures say how many monthly payments they are priced over,
// which every page states beside the payment (12 CFR 1026.24(d)): a 15-year
// fixed 180, a 30-year fixed and a 5/1 ARM 360, the visitor's own quote 360.
func TestQuoteFiguresCarryTheirNumberOfPayments(t *testing.T) {
	s := NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	r := store.QuoteRequest{LoanType: "purchase", PurchasePrice: f64(450000), DownPayment: f64(90000), CreditScore: 760, BrokerRate: f64(6.5)}
	if f := s.BrokerQuote(r); f == nil || f.TermMonths != 360 {
		t.Fatalf("the visitor's quote: %+v", f)
	}
	quotes := []store.Quote{
		{Rate: 5.75, Source: "SYSTEM", LoanProgram: new(string(vocab.Fixed15))},
		{Rate: 6.25, Source: "SYSTEM", LoanProgram: new(string(vocab.Fixed30))},
		{Rate: 6.0, Source: "SYSTEM", LoanProgram: new(string(vocab.ARM51))},
	}
	for i, f := range s.Quotes(r, quotes, "provident") {
		if want := []int{180, 360, 360}[i]; f == nil || f.TermMonths != want {
			t.Errorf("%s: %+v, want %d payments", *quotes[i].LoanProgram, f, want)
		}
	}
}
