// Package comparison puts up to four quotes for the same loan side by side
// (issue 29): each quote's payment, APR, lender and closing costs, cash to
// close, the Loan Estimate's "In 5 Years" figures and its cost over the
// months the visitor expects to keep the loan; which quote is cheapest at
// that horizon, when each more expensive-upfront quote pays back its extra
// costs, and what the numbers leave out. Pure functions over numbers: no
// I/O, no HTTP, no SQL. The loan arithmetic is internal/mortgage's.
//
// The cost of a quote over m months is its closing costs plus the interest
// and mortgage insurance of its first m payments: what keeping the loan
// costs, without the principal repaid, which stays the borrower's equity.
// Counting payments instead would make a 15-year loan, or a smaller loan,
// look dearer for repaying faster. docs/grading.md and decision 0037 say why.
package comparison

import (
	"errors"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/vocab"
)

// MaxQuotes is how many quotes one comparison takes.
const MaxQuotes = 4

// Horizons the visitor may give, in months, and the one assumed when they
// are not sure: seven years, about how long a US mortgage lasts before the
// home is sold or the loan refinanced.
const (
	MinHorizonMonths     = 12
	MaxHorizonMonths     = 360
	DefaultHorizonMonths = 84
)

// FiveYears is the Loan Estimate's "In 5 Years" span, in months.
const FiveYears = 60

// ErrNoQuotes is returned when there is nothing to compare.
var ErrNoQuotes = errors.New("no quotes to compare")

// Scenario is what every quote of a comparison shares: the visitor's loan.
type Scenario struct {
	// LoanAmount is the loan asked about; a quote may name another.
	LoanAmount float64
	// Purchase: a purchase's cash to close includes the down payment,
	// PurchasePrice less the quote's loan amount. A refinance has none.
	Purchase      bool
	PurchasePrice float64
	// PropertyValue is what mortgage insurance's 78% stop and the
	// estimated premium are measured against; 0 when unknown.
	PropertyValue float64
	CreditScore   int
	// ThirdPartyFees are the appraisal, title and other fees the lender
	// does not set: the same estimate for every quote, so that only what
	// the lenders charge makes quotes differ.
	ThirdPartyFees float64
	// HorizonMonths is how long the visitor expects to keep the loan;
	// 0 when they are not sure (DefaultHorizonMonths is used and said).
	HorizonMonths int
}

// Quote is one lender's offer.
type Quote struct {
	// Name is how sentences call the quote ("Quote A", a lender's name).
	Name string
	// LoanAmount is 0 for the scenario's.
	LoanAmount float64
	Program    vocab.Program
	RatePct    float64
	// PointsPercent are discount points, in percent of the loan amount.
	PointsPercent float64
	// LenderFees are the lender's other charges (origination,
	// underwriting, processing...) less its credits: negative for a net credit.
	LenderFees float64
	// MonthlyMortgageInsurance is nil when the quote gives none; a
	// purchase under 20% down then uses an estimate, marked as one.
	MonthlyMortgageInsurance *float64
	Terms                    Terms
	// Priced, when given, is the quote's payment and APR as internal/figures
	// computed them (figures.QuoteFigures) for the same loan, fees and
	// insurance: the comparison takes them rather than pricing the quote again.
	Priced *Priced
}

// Priced is a quote's monthly figures and APR, priced elsewhere.
type Priced struct {
	PrincipalAndInterest       float64
	MortgageInsurance          float64
	MortgageInsuranceMonths    int
	MortgageInsuranceEstimated bool
	// APR is nil when no APR describes the quote.
	APR *float64
}

// Terms are what a quote says that its figures do not price.
type Terms struct {
	// RateLockUntil is the lock's last day (yyyy-mm-dd); "" when not known.
	RateLockUntil string
	// PrepaymentPenalty is nil when not known.
	PrepaymentPenalty *bool
}

// Result is the comparison.
type Result struct {
	HorizonMonths int
	// HorizonAssumed: the visitor was not sure, DefaultHorizonMonths is used.
	HorizonAssumed bool
	Quotes         []Figures
	// Cheapest are the indexes (in Quotes) of the quotes costing least at
	// the horizon: more than one when they tie to the cent.
	Cheapest []int
	// Summary says in one sentence which quote is cheapest at the horizon.
	Summary    string
	BreakEvens []BreakEven
	// TermDifferences are what differs in terms the numbers do not capture.
	TermDifferences []string
	// Notes say plainly when quotes are on different loans.
	Notes []string
}

// Figures are one quote's figures, money rounded to cents.
type Figures struct {
	Name                       string
	LoanAmount                 float64
	Program                    vocab.Program
	TermMonths                 int
	RatePct                    float64
	PrincipalAndInterest       float64
	MortgageInsurance          float64
	MortgageInsuranceMonths    int
	MortgageInsuranceEstimated bool
	MonthlyPayment             float64
	// APR is nil when the figures describe no loan an APR can be given for
	// (a credit as large as the loan, say).
	APR *float64
	// Points is PointsPercent of the loan amount in dollars; LenderCosts is
	// Points plus LenderFees.
	Points         float64
	LenderFees     float64
	LenderCosts    float64
	ThirdPartyFees float64
	ClosingCosts   float64
	// CashToClose is nil for a refinance.
	CashToClose *float64
	InFiveYears InFiveYears
	// CostAtHorizon is the cost over the horizon; Rank is 1 for the
	// cheapest (tied quotes share a rank).
	CostAtHorizon float64
	Rank          int
	// CostByYears is the cost over 5, 7 and 10 years (mortgage.HorizonYears).
	CostByYears map[int]float64
	// Curve is the cost at the end of each year, year 0 being closing.
	Curve []float64
}

// InFiveYears is the Loan Estimate's page 3 comparison: everything paid in
// the first 60 months (payments and closing costs) and the principal repaid.
type InFiveYears struct {
	TotalPaid     float64
	PrincipalPaid float64
}

// BreakEven is one pair of quotes: Quote costs more upfront than Other
// (Quote is the earlier of the two when they cost the same upfront).
type BreakEven struct {
	Quote, Other      int
	UpfrontDifference float64
	// Months is when Quote's lower monthly costs have paid back its higher
	// upfront costs (its cost first no more than Other's); nil when never
	// within either loan's term.
	Months  *int
	Summary string
}

// Compare compares quotes on scenario s.
func Compare(s Scenario, quotes []Quote) (Result, error) {
	if len(quotes) == 0 {
		return Result{}, ErrNoQuotes
	}
	res := Result{HorizonMonths: s.HorizonMonths}
	if res.HorizonMonths <= 0 {
		res.HorizonMonths, res.HorizonAssumed = DefaultHorizonMonths, true
	}
	res.HorizonMonths = min(max(res.HorizonMonths, 1), mortgage.MaxTermMonths)
	costs := make([][]float64, len(quotes))
	for i, q := range quotes {
		f, c := figures(s, q, res.HorizonMonths)
		res.Quotes, costs[i] = append(res.Quotes, f), c
	}
	res.rank()
	res.BreakEvens = breakEvens(res.Quotes, quotes, costs)
	res.Summary = res.summary()
	res.TermDifferences = termDifferences(res.Quotes, quotes)
	res.Notes = differentLoans(res.Quotes)
	return res, nil
}

// figures computes quote q's figures and its cost month by month (element
// m is the cost over m months, 0 being closing) up to its term.
func figures(s Scenario, q Quote, horizon int) (Figures, []float64) {
	amount := q.LoanAmount
	if amount <= 0 {
		amount = s.LoanAmount
	}
	program := q.Program
	if !program.Valid() {
		program = vocab.Fixed30
	}
	term := mortgage.TermMonths(program)
	f := Figures{Name: q.Name, LoanAmount: amount, Program: program, TermMonths: term, RatePct: q.RatePct,
		Points: mortgage.RoundCents(amount * q.PointsPercent / 100), LenderFees: mortgage.RoundCents(q.LenderFees),
		ThirdPartyFees: mortgage.RoundCents(s.ThirdPartyFees)}
	f.LenderCosts = mortgage.RoundCents(f.Points + f.LenderFees)
	f.ClosingCosts = mortgage.RoundCents(f.LenderCosts + f.ThirdPartyFees)
	if s.Purchase {
		f.CashToClose = ptr(mortgage.RoundCents(s.PurchasePrice - amount + f.ClosingCosts))
	}
	p := price(s, q, amount, term, f.LenderCosts)
	f.PrincipalAndInterest, f.MortgageInsurance, f.MortgageInsuranceMonths = p.PrincipalAndInterest, p.MortgageInsurance, p.MortgageInsuranceMonths
	f.MortgageInsuranceEstimated, f.APR = p.MortgageInsuranceEstimated, p.APR
	f.MonthlyPayment = mortgage.RoundCents(f.PrincipalAndInterest + f.MortgageInsurance)

	interest := mortgage.InterestByMonth(amount, q.RatePct, f.PrincipalAndInterest, term)
	cost := Kept{LoanAmount: amount, RatePct: q.RatePct, TermMonths: term, PrincipalAndInterest: f.PrincipalAndInterest,
		ClosingCosts: f.ClosingCosts, MortgageInsurance: f.MortgageInsurance, MortgageInsuranceMonths: f.MortgageInsuranceMonths}.curve(interest)
	at := func(m int) float64 { return mortgage.RoundCents(cost[min(m, term)]) }
	five := min(FiveYears, term)
	f.InFiveYears = InFiveYears{
		TotalPaid:     mortgage.RoundCents(f.ClosingCosts + f.PrincipalAndInterest*float64(five) + f.MortgageInsurance*float64(min(five, f.MortgageInsuranceMonths))),
		PrincipalPaid: mortgage.RoundCents(f.PrincipalAndInterest*float64(five) - interest[five-1]),
	}
	f.CostAtHorizon = at(horizon)
	f.CostByYears = map[int]float64{}
	for _, y := range mortgage.HorizonYears {
		f.CostByYears[y] = at(12 * y)
	}
	for y := 0; y <= max(10, (horizon+11)/12); y++ {
		f.Curve = append(f.Curve, at(12*y))
	}
	return f, cost
}

// price is quote q's monthly figures and APR: the ones given with it
// (Quote.Priced), or priced here as internal/figures prices a quote
// (mortgage.Loan.Payment) with lenderCosts as prepaid finance charges.
func price(s Scenario, q Quote, amount float64, term int, lenderCosts float64) Priced {
	if q.Priced != nil {
		return *q.Priced
	}
	mi, estimated := mortgageInsurance(s, q, amount)
	loan := mortgage.Loan{Amount: amount, RatePct: q.RatePct, TermMonths: term, PrepaidFinanceCharges: lenderCosts,
		MonthlyMortgageInsurance: mi, MortgageInsuranceMonths: mortgage.MortgageInsuranceMonths(amount, q.RatePct, term, s.PropertyValue)}
	lf, ok := loan.Payment()
	p := Priced{PrincipalAndInterest: lf.PrincipalAndInterest, MortgageInsurance: lf.MortgageInsurance,
		MortgageInsuranceMonths: lf.MortgageInsuranceMonths, MortgageInsuranceEstimated: estimated}
	if ok {
		p.APR = ptr(lf.APR)
	}
	return p
}

// Kept is what the cost of keeping a quote's loan is computed from: its
// figures as the comparison (or internal/figures) computed them.
type Kept struct {
	LoanAmount           float64
	RatePct              float64
	TermMonths           int
	PrincipalAndInterest float64
	ClosingCosts         float64
	// MortgageInsurance is paid monthly for MortgageInsuranceMonths.
	MortgageInsurance       float64
	MortgageInsuranceMonths int
}

// CostOver is the cost of keeping the loan over months, rounded to cents:
// closing costs plus the interest and mortgage insurance of its first months
// payments (the loan's term at most), without the principal repaid. It is the
// one cost measure of the comparison's ranking, and the analysis editor's
// rule asking why a quote that is not the cheapest is recommended uses it too,
// so the two never disagree about which quote is cheapest (decision 0037).
func (k Kept) CostOver(months int) float64 {
	term := max(0, min(k.TermMonths, mortgage.MaxTermMonths))
	cost := k.curve(mortgage.InterestByMonth(k.LoanAmount, k.RatePct, k.PrincipalAndInterest, term))
	return mortgage.RoundCents(cost[max(0, min(months, term))])
}

// curve is the cost month by month, element m the cost over m months (0
// being closing), up to the term; interest is the loan's running interest
// (mortgage.InterestByMonth over the term).
func (k Kept) curve(interest []float64) []float64 {
	cost := make([]float64, len(interest)+1)
	cost[0] = k.ClosingCosts
	for m := 1; m < len(cost); m++ {
		cost[m] = k.ClosingCosts + interest[m-1] + k.MortgageInsurance*float64(min(m, k.MortgageInsuranceMonths))
	}
	return cost
}

// mortgageInsurance is the quote's monthly insurance; for a purchase over
// 80% of the price whose quote gives none, the estimate (estimated true),
// so that quote does not look cheaper than those that include it.
func mortgageInsurance(s Scenario, q Quote, amount float64) (float64, bool) {
	if q.MonthlyMortgageInsurance != nil {
		return *q.MonthlyMortgageInsurance, false
	}
	if !s.Purchase || s.PropertyValue <= 0 {
		return 0, false
	}
	return mortgage.EstimatedMortgageInsurance(amount, amount/s.PropertyValue*100, s.CreditScore)
}

// rank numbers the quotes by cost at the horizon, ties sharing a rank.
func (r *Result) rank() {
	for i := range r.Quotes {
		r.Quotes[i].Rank = 1
		for j := range r.Quotes {
			if r.Quotes[j].CostAtHorizon < r.Quotes[i].CostAtHorizon {
				r.Quotes[i].Rank++
			}
		}
		if r.Quotes[i].Rank == 1 {
			r.Cheapest = append(r.Cheapest, i)
		}
	}
}

func ptr[T any](v T) *T { return &v }
