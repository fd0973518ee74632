package example_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/example"
	"quotegrade/internal/fees"
	"quotegrade/internal/figures"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
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
	want := fmt.Sprintf("saves about %s a month and %s upfront", mortgage.Dollars(math.Floor(-c.MonthlyDifference/5)*5), mortgage.Dollars(-c.UpfrontDifference))
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
	for _, d := range example.DemoRequests(time.Now()) {
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
