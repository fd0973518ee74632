package loanestimate

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/vocab"
)

// Every figure is checked against the form's own arithmetic before anyone
// sees it: a Loan Estimate repeats itself (each section's total is the sum
// of its lines, D = A + B + C, I = E + F + G + H, J = D + I less lender
// credits, page 1 repeats J and the cash to close, the payment follows
// from amount, rate and term, the points from their percentage, page 3's
// figures from the payment schedule), so a misread digit shows as a sum
// that does not add up. A figure in a check that fails, or in none that
// passes, is marked "please check" (Fields.PleaseCheck), for text PDFs too.

// Check is one comparison the form's figures allow.
type Check struct {
	// Name says which rule: "section A" to "section H", "loan costs",
	// "other costs", "total closing costs", "closing costs on page 1",
	// "cash to close", "monthly payment", "points", "apr", "in 5 years",
	// "total interest percentage", "plausible".
	Name string `json:"name"`
	// Agrees: the figures agree with each other.
	Agrees bool `json:"agrees"`
	// Fields are the figures compared (names of Fields' JSON).
	Fields []string `json:"fields"`
	// Message says what was compared, with the figures.
	Message string `json:"message"`
}

// printed holds figures the form prints only to repeat others: read for the
// checks, never shown on their own.
type printed struct {
	totals        map[string]float64 // section letter to the total on its heading row
	payment       *float64           // monthly principal and interest
	pointsPercent *float64
	page1Closing  *float64
	cashToClose   []float64 // every "Estimated Cash to Close" amount
	prepaidInt    float64
}

var (
	rePayment      = regexp.MustCompile(`(?i)Monthly Principal\s*&\s*Interest[^$]{0,120}?\$\s*` + money)
	rePayment2     = regexp.MustCompile(`(?i)Principal\s*&\s*Interest\s*\$\s*` + money)
	rePage1Closing = regexp.MustCompile(`(?i)Estimated Closing Costs\s*\$\s*` + money)
	reTotalRow     = regexp.MustCompile(`^([A-J])\.\s*[A-Za-z].*?\$\s*` + money + `$`)
	rePrepaidInt   = regexp.MustCompile(`(?i)^Prepaid Interest`)
)

func readPrinted(rows []string, flat string, lines []Line) printed {
	p := printed{totals: map[string]float64{}}
	for _, r := range rows {
		if m := reTotalRow.FindStringSubmatch(r); m != nil {
			if _, seen := p.totals[m[1]]; !seen {
				if v, ok := parseMoney(m[2]); ok {
					p.totals[m[1]] = v
				}
			}
		}
	}
	p.payment = firstNumber(flat, rePayment, rePayment2)
	p.pointsPercent = number(rePoints, flat, 1)
	p.page1Closing = number(rePage1Closing, flat, 1)
	for _, m := range reCash.FindAllStringSubmatch(flat, -1) {
		if v, ok := parseMoney(m[1]); ok {
			p.cashToClose = append(p.cashToClose, v)
		}
	}
	for _, l := range lines {
		if l.Section == "F" && rePrepaidInt.MatchString(l.Label) {
			p.prepaidInt += l.Amount
		}
	}
	return p
}

func dollars(v float64) string {
	s := vocab.Dollars(v)
	return strings.TrimSuffix(s, ".00")
}

// checker collects the checks.
type checker struct{ out []Check }

func (c *checker) add(name string, agrees bool, fields []string, format string, a ...any) {
	c.out = append(c.out, Check{Name: name, Agrees: agrees, Fields: fields, Message: fmt.Sprintf(format, a...)})
}

// near: whole-dollar figures agree within a dollar (each is rounded).
func near(a, b, within float64) bool { return math.Abs(a-b) <= within+1e-9 }

func agreeWord(ok bool) string {
	if ok {
		return "agrees with"
	}
	return "disagrees with"
}

func checksOf(f Fields, p printed) []Check {
	var c checker
	sums := map[string]float64{}
	counts := map[string]int{}
	for _, l := range f.Lines {
		sums[l.Section] += l.Amount
		counts[l.Section]++
	}
	total := func(s string) (float64, bool) {
		if v, ok := p.totals[s]; ok {
			return v, true
		}
		return sums[s], counts[s] > 0
	}
	for _, s := range []string{"A", "B", "C", "E", "F", "G", "H"} {
		t, ok := p.totals[s]
		if !ok || (t == 0 && counts[s] == 0) {
			continue
		}
		fields := []string{"lines"}
		if s == "A" {
			fields = append(fields, "originationCharges")
		}
		ok = near(sums[s], t, 1)
		c.add("section "+s, ok, fields, "Section %s's lines add up to %s, which %s its total %s.", s, dollars(sums[s]), agreeWord(ok), dollars(t))
	}
	d, dOK := sumOf(total, "A", "B", "C")
	i, iOK := sumOf(total, "E", "F", "G", "H")
	if v, ok := p.totals["D"]; ok && dOK {
		agrees := near(v, d, 1)
		c.add("loan costs", agrees, []string{"originationCharges", "lines"}, "A + B + C is %s, which %s D, Total Loan Costs, %s.", dollars(d), agreeWord(agrees), dollars(v))
		d = v
	}
	if v, ok := p.totals["I"]; ok && iOK {
		agrees := near(v, i, 1)
		c.add("other costs", agrees, []string{"lines"}, "E + F + G + H is %s, which %s I, Total Other Costs, %s.", dollars(i), agreeWord(agrees), dollars(v))
		i = v
	}
	if f.ClosingCosts != nil && dOK && iOK {
		credit, fields := 0.0, []string{"closingCosts", "lines"}
		if f.LenderCredit != nil {
			credit, fields = *f.LenderCredit, append(fields, "lenderCredits")
		}
		want := d + i - credit
		agrees := near(*f.ClosingCosts, want, 1)
		c.add("total closing costs", agrees, fields, "D + I less lender credits is %s, which %s J, Total Closing Costs, %s.", dollars(want), agreeWord(agrees), dollars(*f.ClosingCosts))
	}
	if j, ok := p.totals["J"]; ok && p.page1Closing != nil && *p.page1Closing != j {
		c.add("closing costs on page 1", false, []string{"closingCosts"}, "Page 1's Estimated Closing Costs %s disagree with page 2's J %s.", dollars(*p.page1Closing), dollars(j))
	} else if ok && p.page1Closing != nil {
		c.add("closing costs on page 1", true, []string{"closingCosts"}, "Page 1's Estimated Closing Costs %s are page 2's J.", dollars(j))
	}
	if len(p.cashToClose) > 1 {
		agrees := !slices.ContainsFunc(p.cashToClose, func(v float64) bool { return v != p.cashToClose[0] })
		c.add("cash to close", agrees, []string{"cashToClose"}, "The Estimated Cash to Close is printed %d times: %s.", len(p.cashToClose), joinDollars(p.cashToClose))
	}
	paymentChecks(&c, f, p, d)
	plausible(&c, f)
	return c.out
}

func sumOf(total func(string) (float64, bool), sections ...string) (float64, bool) {
	sum, any := 0.0, false
	for _, s := range sections {
		if v, ok := total(s); ok {
			sum += v
			any = true
		}
	}
	return sum, any
}

func joinDollars(vs []float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = dollars(v)
	}
	return strings.Join(s, ", ")
}

// schedule is the loan's monthly payments as page 1 and 3 assume them: the
// printed principal and interest (interest only when it is just the
// interest), the last payment clearing the balance (a balloon).
type schedule struct {
	payments  []float64 // principal and interest, month by month
	principal []float64
}

func scheduleOf(amount, rate, payment float64, months int) schedule {
	var s schedule
	r := rate / 1200
	balance := amount
	for k := 1; k <= months; k++ {
		interest := balance * r
		pay := payment
		if k == months {
			pay = balance + interest
		}
		s.payments = append(s.payments, pay)
		s.principal = append(s.principal, pay-interest)
		balance -= pay - interest
	}
	return s
}

func paymentChecks(c *checker, f Fields, p printed, loanCosts float64) {
	if f.LoanAmount == nil || f.InterestRate == nil {
		return
	}
	amount, rate := *f.LoanAmount, *f.InterestRate
	if f.Points != nil && p.pointsPercent != nil {
		want := amount * *p.pointsPercent / 100
		agrees := near(*f.Points, want, 1)
		c.add("points", agrees, []string{"points", "loanAmount"}, "%s%% of the loan amount %s is %s, which %s the points %s.", trimZeros(*p.pointsPercent), dollars(amount), dollars(want), agreeWord(agrees), dollars(*f.Points))
	}
	if f.LoanTerm == nil || p.payment == nil || *f.LoanTerm < 1 || *f.LoanTerm > mortgage.MaxTermMonths {
		return
	}
	months, payment := *f.LoanTerm, *p.payment
	amortising := mortgage.RoundCents(mortgage.MonthlyPayment(amount, rate, months))
	interestOnly := mortgage.RoundCents(amount * rate / 1200)
	agrees := near(payment, amortising, 0.01) || near(payment, interestOnly, 0.01)
	c.add("monthly payment", agrees, []string{"loanAmount", "interestRate", "loanTerm"}, "%s at %s%% over %d months is %s a month (%s interest only); the form says %s.",
		dollars(amount), trimZeros(rate), months, vocab.Dollars(amortising), vocab.Dollars(interestOnly), vocab.Dollars(payment))
	if !agrees {
		return
	}
	s := scheduleOf(amount, rate, payment, months)
	mi := 0.0
	if f.MortgageInsurance != nil {
		mi = *f.MortgageInsurance
	}
	if f.InFiveYears != nil {
		paid, principal := 0.0, 0.0
		for k := 0; k < min(60, months); k++ {
			paid += s.payments[k] + mi
			principal += s.principal[k]
		}
		// The prepaid interest is interest paid too; lenders count the
		// first period differently, so the total agrees within 0.5%.
		paid += loanCosts + p.prepaidInt
		agrees := near(f.InFiveYears.TotalPaid, paid, max(3, paid/200)) && near(f.InFiveYears.PrincipalPaid, principal, 3)
		c.add("in 5 years", agrees, []string{"inFiveYears", "mortgageInsurance"}, "The payments of the first 5 years and the loan costs come to %s, %s of it principal; the form says %s and %s.",
			dollars(math.Round(paid)), dollars(math.Round(principal)), dollars(f.InFiveYears.TotalPaid), dollars(f.InFiveYears.PrincipalPaid))
	}
	if f.TotalInterestPercentage != nil {
		// The TIP counts the prepaid interest (12 CFR 1026.37(l)(3)).
		interest := p.prepaidInt - amount
		for _, v := range s.payments {
			interest += v
		}
		tip := interest / amount * 100
		agrees := near(*f.TotalInterestPercentage, tip, 0.01)
		c.add("total interest percentage", agrees, []string{"totalInterestPercentage"}, "The interest of the payment schedule is %s%% of the loan amount; the form says %s%% (an adjustable rate's later rates are not known here).",
			trimZeros(math.Round(tip*1000)/1000), trimZeros(*f.TotalInterestPercentage))
	}
	if f.APR != nil {
		aprCheck(c, f, p, s, mi, loanCosts)
	}
}

// aprCheck: the lender's APR lies between the note rate (less a little, for
// lender credits) and the APR with every loan cost and the prepaid interest
// as finance charges, each within Regulation Z's 1/8 point tolerance.
func aprCheck(c *checker, f Fields, p printed, s schedule, mi, loanCosts float64) {
	runs := make([]mortgage.PaymentRun, len(s.payments))
	for k, v := range s.payments {
		runs[k] = mortgage.PaymentRun{Amount: mortgage.RoundCents(v + mi), Count: 1}
	}
	highest, err := mortgage.APR(mortgage.APRInput{AmountFinanced: *f.LoanAmount - loanCosts - p.prepaidInt, Payments: runs})
	if err != nil {
		return
	}
	const tolerance = 0.125
	lowest := *f.InterestRate - 0.25
	agrees := *f.APR >= lowest && *f.APR <= highest+tolerance
	c.add("apr", agrees, []string{"apr"}, "The APR of these payments lies between %s%% and %s%% with every loan cost as a finance charge; the form says %s%%.",
		trimZeros(lowest), trimZeros(mortgage.RoundAPR(highest+tolerance)), trimZeros(*f.APR))
}

func trimZeros(v float64) string {
	s := strings.TrimRight(fmt.Sprintf("%.3f", v), "0")
	return strings.TrimSuffix(s, ".")
}

// plausible marks figures no Loan Estimate prints.
func plausible(c *checker, f Fields) {
	out := func(name string, v *float64, lo, hi float64, what string) {
		if v != nil && (*v < lo || *v > hi) {
			c.add("plausible", false, []string{name}, "%s %s is outside what a Loan Estimate shows (%s to %s).", what, trimZeros(*v), trimZeros(lo), trimZeros(hi))
		}
	}
	out("interestRate", f.InterestRate, 0.5, 20, "An interest rate of")
	out("apr", f.APR, 0.5, 30, "An APR of")
	out("loanAmount", f.LoanAmount, 10_000, 10_000_000, "A loan amount of")
	out("totalInterestPercentage", f.TotalInterestPercentage, 0, 500, "A total interest percentage of")
	if f.LoanAmount != nil {
		out("mortgageInsurance", f.MortgageInsurance, 0, *f.LoanAmount/100, "Monthly mortgage insurance of")
	}
}

// figures are the fields that are numbers the checks can hold.
var figures = map[string]bool{"interestRate": true, "loanAmount": true, "originationCharges": true, "points": true,
	"lenderCredits": true, "mortgageInsurance": true, "lines": true, "closingCosts": true, "cashToClose": true, "apr": true,
	"totalInterestPercentage": true, "inFiveYears": true, "loanTerm": true}

// PleaseCheck names what the visitor is asked to check: on a picture (OCR)
// everything read, as OCR may misread any digit; from a text PDF every
// figure in a check that fails and every figure no check confirms; and the
// lender fees when a figure they come from is named.
func (f Fields) PleaseCheck() []string {
	if f.ByOCR {
		names := append([]string{}, f.Found...)
		if f.LenderFees != nil {
			names = append(names, "lenderFees")
		}
		return names
	}
	agreed, disagreed := map[string]bool{}, map[string]bool{}
	for _, c := range f.Checks {
		for _, name := range c.Fields {
			if c.Agrees {
				agreed[name] = true
			} else {
				disagreed[name] = true
			}
		}
	}
	names := []string{}
	for _, name := range f.Found {
		switch {
		case disagreed[name], figures[name] && !agreed[name]:
			names = append(names, name)
		}
	}
	if f.LenderFees != nil && slices.ContainsFunc(names, func(n string) bool {
		return n == "originationCharges" || n == "lines" || n == "lenderCredits"
	}) {
		names = append(names, "lenderFees")
	}
	return names
}
