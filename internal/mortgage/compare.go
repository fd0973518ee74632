package mortgage

import (
	"fmt"
	"math"
	"quotegrade/internal/vocab"
)

// HorizonYears are the horizons quotes are compared over.
var HorizonYears = []int{5, 7, 10}

// Offer is what a quote costs: the money due at closing (lender fees, which
// are negative for a credit, plus third-party fees) and the monthly payment,
// of which the mortgage insurance lasts MIMonths.
type Offer struct {
	Upfront              float64
	PrincipalAndInterest float64
	MortgageInsurance    float64
	MIMonths             int
}

// CostOver is the offer's cost over months: the upfront costs plus the
// payments (principal, interest and mortgage insurance while it lasts).
func (o Offer) CostOver(months int) float64 {
	return RoundCents(o.Upfront + o.PrincipalAndInterest*float64(months) + o.MortgageInsurance*float64(min(months, o.MIMonths)))
}

// Comparison is one offer against another.
type Comparison struct {
	// UpfrontDifference and MonthlyDifference are this offer's less the
	// other's (negative: this one costs less).
	UpfrontDifference float64
	MonthlyDifference float64
	// BreakEvenMonths: when the offer that costs more upfront has made it
	// back through its lower payments; nil when neither trades one for the other.
	BreakEvenMonths *int
	// CostDifference by horizon in years: this offer's cost less the other's.
	CostDifference map[int]float64
	// Summary is the comparison in one plain sentence.
	Summary string
}

// Compare says how offer a (named name) compares with offer b (named other).
func Compare(a, b Offer, name, other string) Comparison {
	c := Comparison{
		UpfrontDifference: RoundCents(a.Upfront - b.Upfront),
		MonthlyDifference: RoundCents(a.PrincipalAndInterest + a.MortgageInsurance - b.PrincipalAndInterest - b.MortgageInsurance),
		CostDifference:    map[int]float64{},
	}
	for _, y := range HorizonYears {
		c.CostDifference[y] = RoundCents(a.CostOver(12*y) - b.CostOver(12*y))
	}
	if c.UpfrontDifference*c.MonthlyDifference < 0 {
		m := int(math.Ceil(math.Abs(c.UpfrontDifference/c.MonthlyDifference) - 1e-9))
		c.BreakEvenMonths = &m
	}
	c.Summary = c.sentence(name, other)
	return c
}

func (c Comparison) sentence(name, other string) string {
	up, month := c.UpfrontDifference, c.MonthlyDifference
	seven := c.CostDifference[7]
	over7 := fmt.Sprintf("over 7 years it costs %s %s", vocab.Dollars(math.Abs(seven)), moreOrLess(seven))
	if seven == 0 {
		over7 = "over 7 years both cost the same"
	}
	switch {
	case up > 0 && month < 0:
		return fmt.Sprintf("%s costs %s more upfront but %s less a month than %s: it makes up the difference after %s, and %s.",
			name, vocab.Dollars(up), vocab.Dollars(-month), other, months(*c.BreakEvenMonths), over7)
	case up < 0 && month > 0:
		return fmt.Sprintf("%s costs %s less upfront but %s more a month than %s: after %s %s is cheaper, and %s.",
			name, vocab.Dollars(-up), vocab.Dollars(month), other, months(*c.BreakEvenMonths), other, over7)
	case up <= 0 && month <= 0 && (up < 0 || month < 0):
		return fmt.Sprintf("%s costs less than %s both upfront and every month: %s.", name, other, over7)
	case up >= 0 && month >= 0 && (up > 0 || month > 0):
		return fmt.Sprintf("%s costs more than %s both upfront and every month: %s.", name, other, over7)
	}
	return fmt.Sprintf("%s and %s cost the same upfront and every month.", name, other)
}

func moreOrLess(v float64) string {
	if v > 0 {
		return "more"
	}
	return "less"
}

func months(n int) string {
	if n == 1 {
		return "1 month"
	}
	return fmt.Sprintf("%d months", n)
}
