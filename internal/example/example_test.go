package example_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/example"
	"quotegrade/internal/fees"
	"quotegrade/internal/figures"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// The example agrees with its own figures (issue 25): each quote's APR is the
// one its rate, lender fees and insurance give by Appendix J, the
// recommendation's savings are the comparison's, and a recommended quote
// that is not the cheapest over 7 years says why.
func TestTheExampleAgreesWithItsOwnFigures(t *testing.T) {
	s := figures.NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	r, a := example.Request(), example.Analysis()
	figs := s.Quotes(r, a.Quotes, a.Lender)
	for i, q := range a.Quotes {
		if figs[i] == nil || figs[i].APR == nil {
			t.Fatalf("quote %d has no figures", i+1)
		}
		if math.Abs(*q.APR-*figs[i].APR) > 0.0005 {
			t.Errorf("quote %d shows APR %.3f%%, its figures give %.3f%%", i+1, *q.APR, *figs[i].APR)
		}
	}
	var recommended *figures.QuoteFigures
	for i, q := range a.Quotes {
		if q.IsRecommended {
			recommended = figs[i]
		}
	}
	c := recommended.ComparedWithYourQuote
	want := fmt.Sprintf("saves about %s a month and %s upfront", vocab.Dollars(math.Floor(-c.MonthlyDifference/5)*5), vocab.Dollars(-c.UpfrontDifference))
	if !strings.Contains(a.Recommendations[0], want) {
		t.Errorf("recommendation %q does not say %q", a.Recommendations[0], want)
	}
	if !figures.RecommendedIsCheapest(r, a.Quotes, figs, s.BrokerQuote(r)) && a.RecommendationReason == "" {
		t.Error("the recommended quote is not the cheapest over 7 years, and the example does not say why")
	}
}

// The demo buyer comparing three quotes comes with the broker's verdict on
// each (issue 29): one verdict a quote, the first also the analysis' grade,
// and the one recommended is the comparison's cheapest at the buyer's
// horizon, so it needs no reason.
func TestTheDemoComparisonHasAVerdictOnEachQuote(t *testing.T) {
	s := figures.NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	var r store.QuoteRequest
	for _, d := range example.DemoRequests(site.Demo().BrokerageName, time.Now()) {
		if d.ID == example.DemoCompareID {
			r = d
		}
	}
	a := example.DemoCompareAnalysis(r.CreatedAt)
	c := s.Comparison(r, figures.Markets{})
	if c == nil || len(a.QuoteVerdicts) != len(figures.VisitorQuotes(r)) || len(c.Quotes) != 3 {
		t.Fatalf("%d verdicts for %d quotes", len(a.QuoteVerdicts), len(figures.VisitorQuotes(r)))
	}
	if *a.Grade != *a.QuoteVerdicts[0].Grade {
		t.Errorf("the analysis' grade %s is not the first quote's %s", *a.Grade, *a.QuoteVerdicts[0].Grade)
	}
	recommended := 0
	for i, v := range a.QuoteVerdicts {
		if v.Grade == nil || len(v.Pros) == 0 || len(v.Cons) == 0 {
			t.Errorf("verdict %d lacks a grade, a pro or a con: %+v", i+1, v)
		}
		if v.Recommended {
			recommended++
			if c.Quotes[i].Rank != 1 {
				t.Errorf("the recommended quote %d ranks %d at the horizon, and the demo gives no reason", i+1, c.Quotes[i].Rank)
			}
		}
	}
	if recommended != 1 {
		t.Errorf("%d quotes recommended, want 1", recommended)
	}
}

// The three-quote example's comparison (issue 29), as /example-results shows
// it: the figures are the server's, computed from the three quotes, pinned
// here. $400,000 over 30 years: 6.875% is $2,627.72 a month, 6.25% $2,462.87,
// 6.5% $2,528.27. Bonneville Bank's two points and $1,200 cost $12,400 more
// upfront than Wasatch Home Loans' $3,200 credit; counting interest, not the
// principal repaid, its lower rate has paid that back after 60 months, so at
// the buyer's 7 years it is the cheapest.
func TestTheComparisonExampleIsTheServersComparison(t *testing.T) {
	s := figures.NewService(fees.DefaultTitleTable(), site.Demo(), time.Now)
	r := example.ComparisonRequest()
	if !r.IsExample || r.ID != example.ComparisonRequestID {
		t.Fatalf("the comparison example is not an example: %+v", r)
	}
	c := s.Comparison(r, figures.Markets{})
	if c == nil || len(c.Quotes) != 3 {
		t.Fatalf("comparison %+v, want three quotes", c)
	}
	type pinned struct {
		name                        string
		apr, payment, closing, cost float64
		rank                        int
	}
	want := []pinned{
		{"Wasatch Home Loans", 6.797, 2627.72, -1010, 183593.35, 3},
		{"Bonneville Bank", 6.472, 2462.87, 11390, 178405.32, 1},
		{"Uinta Credit Union", 6.609, 2528.27, 6690, 180729.88, 2},
	}
	for i, w := range want {
		q := c.Quotes[i]
		got := pinned{q.Name, *q.APR, q.MonthlyPayment, q.ClosingCosts, q.CostAtHorizon, q.Rank}
		if got != w {
			t.Errorf("quote %d: %+v, want %+v", i+1, got, w)
		}
	}
	if c.HorizonMonths != 84 || c.HorizonAssumed {
		t.Errorf("horizon %d months (assumed %v), want the buyer's 84", c.HorizonMonths, c.HorizonAssumed)
	}
	if !slices.Equal(c.Cheapest, []int{1}) ||
		c.Summary != "Bonneville Bank is the cheapest over the 7 years you expect to keep the loan: it costs $178,405.32, $2,324.56 less than the next cheapest." {
		t.Errorf("cheapest %v: %q", c.Cheapest, c.Summary)
	}
	var evens []string
	for _, b := range c.BreakEvens {
		evens = append(evens, fmt.Sprintf("%d over %d: %d months", b.Quote, b.Other, *b.Months))
	}
	if want := []string{"1 over 0: 60 months", "2 over 0: 62 months", "1 over 2: 57 months"}; !slices.Equal(evens, want) {
		t.Errorf("break-evens %v, want %v", evens, want)
	}
	if c.BreakEvens[0].Summary != "Bonneville Bank's lower rate pays back its $12,400 higher costs after 60 months (5 years); keep the loan less than that and Wasatch Home Loans costs less." {
		t.Errorf("break-even: %q", c.BreakEvens[0].Summary)
	}
}
