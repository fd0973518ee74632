package comparison

import (
	"fmt"
	"strings"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/vocab"
)

// breakEvens compares every pair of quotes: when the one costing more at
// first (upfront, or in the first month when upfront costs are the same)
// has caught up through lower monthly costs, found month by month on the
// two cost curves (so mortgage insurance that stops, a shorter term and a
// different loan amount all count).
func breakEvens(fs []Figures, qs []Quote, costs [][]float64) []BreakEven {
	var out []BreakEven
	for i := range fs {
		for j := i + 1; j < len(fs); j++ {
			be := BreakEven{Quote: i, Other: j}
			first, differ := firstDifference(costs[i], costs[j])
			if differ && costAt(costs[j], first) > costAt(costs[i], first) {
				be.Quote, be.Other = j, i
			}
			a, b := be.Quote, be.Other
			be.UpfrontDifference = mortgage.RoundCents(fs[a].ClosingCosts - fs[b].ClosingCosts)
			if differ {
				be.Months = catchUp(costs[a], costs[b], first+1)
			}
			be.Summary = breakEvenSentence(fs[a], fs[b], qs[a], qs[b], be, differ)
			out = append(out, be)
		}
	}
	return out
}

// costAt is a cost curve's figure at month m, in cents; past the term the
// loan is repaid and the cost stays.
func costAt(c []float64, m int) float64 { return mortgage.RoundCents(c[min(m, len(c)-1)]) }

// firstDifference is the first month (0 being closing) at which two cost
// curves differ by a cent or more; false when they never do.
func firstDifference(a, b []float64) (int, bool) {
	for m := range max(len(a), len(b)) {
		if costAt(a, m) != costAt(b, m) {
			return m, true
		}
	}
	return 0, false
}

// catchUp is the first month from month from at which cost curve a is no
// more than b, looking as far as the longer term; nil if never.
func catchUp(a, b []float64, from int) *int {
	for m := from; m < max(len(a), len(b)); m++ {
		if costAt(a, m) <= costAt(b, m) {
			return ptr(m)
		}
	}
	return nil
}

func breakEvenSentence(a, b Figures, qa, qb Quote, be BreakEven, differ bool) string {
	up := vocab.Dollars(be.UpfrontDifference)
	switch {
	case !differ:
		return fmt.Sprintf("%s and %s cost the same upfront and every month.", a.Name, b.Name)
	case be.UpfrontDifference == 0 && be.Months == nil:
		return fmt.Sprintf("%s and %s cost the same upfront; %s costs less from the first month and stays cheaper.", b.Name, a.Name, b.Name)
	case be.UpfrontDifference == 0:
		return fmt.Sprintf("%s and %s cost the same upfront; %s costs less at first, and %s from month %d on.",
			b.Name, a.Name, b.Name, a.Name, *be.Months)
	case be.Months == nil:
		return fmt.Sprintf("%s costs %s more upfront than %s and never makes it back: %s stays cheaper for as long as you keep the loan.",
			a.Name, up, b.Name, b.Name)
	}
	why := "lower monthly costs pay"
	if qa.RatePct < qb.RatePct {
		why = "lower rate pays"
	}
	return fmt.Sprintf("%s's %s back its %s higher costs after %s; keep the loan less than that and %s costs less.",
		a.Name, why, up, monthsAndYears(*be.Months), b.Name)
}

// monthsAndYears shows a count of months, with years when over a year:
// "43 months (3 years 7 months)".
func monthsAndYears(m int) string {
	s := plural(m, "month")
	if m < 12 {
		return s
	}
	y := plural(m/12, "year")
	if m%12 != 0 {
		y += " " + plural(m%12, "month")
	}
	return s + " (" + y + ")"
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// HorizonText is a horizon in words: "7 years", "18 months", "2 years 6 months".
func HorizonText(months int) string {
	if months < 12 {
		return plural(months, "month")
	}
	s := plural(months/12, "year")
	if months%12 != 0 {
		s += " " + plural(months%12, "month")
	}
	return s
}

// summary names the cheapest quote at the horizon and by how much.
func (r Result) summary() string {
	over := "over the " + HorizonText(r.HorizonMonths) + " you expect to keep the loan"
	if r.HorizonAssumed {
		over = "over " + HorizonText(r.HorizonMonths) + " (you were not sure how long you will keep the loan, so we assumed " +
			HorizonText(r.HorizonMonths) + ")"
	}
	if len(r.Quotes) == 1 {
		return fmt.Sprintf("%s costs %s %s.", r.Quotes[0].Name, vocab.Dollars(r.Quotes[0].CostAtHorizon), over)
	}
	if len(r.Cheapest) == len(r.Quotes) {
		return "All the quotes cost the same " + over + "."
	}
	best := r.Quotes[r.Cheapest[0]]
	next := -1.0
	for _, f := range r.Quotes {
		if f.Rank > 1 && (next < 0 || f.CostAtHorizon < next) {
			next = f.CostAtHorizon
		}
	}
	saves := vocab.Dollars(next - best.CostAtHorizon)
	if len(r.Cheapest) > 1 {
		names := make([]string, len(r.Cheapest))
		for k, i := range r.Cheapest {
			names[k] = r.Quotes[i].Name
		}
		return fmt.Sprintf("%s tie as the cheapest %s, at %s each: %s less than the next.", joinAnd(names), over,
			vocab.Dollars(best.CostAtHorizon), saves)
	}
	return fmt.Sprintf("%s is the cheapest %s: it costs %s, %s less than the next cheapest.", best.Name, over,
		vocab.Dollars(best.CostAtHorizon), saves)
}

// termDifferences say what differs between the quotes that no figure
// prices: an adjustable rate, the term, the rate lock, a prepayment penalty,
// an estimated insurance premium.
func termDifferences(fs []Figures, qs []Quote) []string {
	var out []string
	var arms []string
	for _, f := range fs {
		if f.Program == vocab.ARM51 {
			arms = append(arms, f.Name)
		}
	}
	if len(arms) > 0 && len(arms) < len(fs) {
		out = append(out, fmt.Sprintf("%s %s a 5/1 adjustable-rate mortgage: the rate is fixed for 5 years, then can change every year, "+
			"so its figures after year 5 assume the starting rate, which is not promised; the others are fixed for the whole term.",
			joinAnd(arms), isAre(len(arms))))
	}
	var locks, unknownLocks []string
	for i, q := range qs {
		if q.Terms.RateLockUntil != "" {
			locks = append(locks, fmt.Sprintf("%s until %s", fs[i].Name, q.Terms.RateLockUntil))
		} else {
			unknownLocks = append(unknownLocks, fs[i].Name)
		}
	}
	if len(locks) > 0 && (len(unknownLocks) > 0 || !allSame(qs, func(q Quote) string { return q.Terms.RateLockUntil })) {
		s := "The rate locks differ: " + joinAnd(locks)
		if len(unknownLocks) > 0 {
			s += "; " + joinAnd(unknownLocks) + " " + doesDo(len(unknownLocks)) + " not say the rate is locked"
		}
		out = append(out, s+". An unlocked rate can change before closing.")
	}
	var penalty, unknownPenalty []string
	for i, q := range qs {
		switch {
		case q.Terms.PrepaymentPenalty == nil:
			unknownPenalty = append(unknownPenalty, fs[i].Name)
		case *q.Terms.PrepaymentPenalty:
			penalty = append(penalty, fs[i].Name)
		}
	}
	if len(penalty) > 0 {
		out = append(out, fmt.Sprintf("%s %s a prepayment penalty: selling or refinancing early costs more than the figures show.",
			joinAnd(penalty), hasHave(len(penalty))))
	}
	if len(penalty) == 0 && len(unknownPenalty) > 0 && len(unknownPenalty) < len(qs) {
		out = append(out, fmt.Sprintf("%s %s not say whether there is a prepayment penalty; ask before choosing.",
			joinAnd(unknownPenalty), doesDo(len(unknownPenalty))))
	}
	var estimated []string
	for _, f := range fs {
		if f.MortgageInsuranceEstimated {
			estimated = append(estimated, f.Name)
		}
	}
	if len(estimated) > 0 {
		out = append(out, fmt.Sprintf("%s did not give mortgage insurance; with under 20%% down it is owed, so we used an estimate: "+
			"the lender's own premium can differ.", joinAnd(estimated)))
	}
	return out
}

// differentLoans says plainly when the quotes are not on the same loan.
func differentLoans(fs []Figures) []string {
	var out []string
	if !allSameFigure(fs, func(f Figures) string { return vocab.Dollars(f.LoanAmount) }) {
		var parts []string
		for _, f := range fs {
			parts = append(parts, fmt.Sprintf("%s for %s", f.Name, vocab.Dollars(f.LoanAmount)))
		}
		out = append(out, "These quotes are for different loan amounts ("+strings.Join(parts, ", ")+
			"): a larger loan costs more interest but needs less cash at closing, so part of each difference is the amount, not the lender's price.")
	}
	if !allSameFigure(fs, func(f Figures) string { return string(f.Program) }) {
		var parts []string
		for _, f := range fs {
			parts = append(parts, fmt.Sprintf("%s is %s", f.Name, programName(f.Program)))
		}
		out = append(out, "These quotes are for different loan programs ("+strings.Join(parts, ", ")+
			"): a shorter term has a higher payment but repays the loan sooner and costs less interest, which is why costs here leave out the principal repaid.")
	}
	return out
}

func programName(p vocab.Program) string {
	switch p {
	case vocab.Fixed15:
		return "a 15-year fixed"
	case vocab.ARM51:
		return "a 5/1 ARM"
	}
	return "a 30-year fixed"
}

func allSame(qs []Quote, key func(Quote) string) bool {
	for _, q := range qs {
		if key(q) != key(qs[0]) {
			return false
		}
	}
	return true
}

func allSameFigure(fs []Figures, key func(Figures) string) bool {
	for _, f := range fs {
		if key(f) != key(fs[0]) {
			return false
		}
	}
	return true
}

// joinAnd lists names as a sentence does: "A", "A and B", "A, B and C".
func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func doesDo(n int) string {
	if n == 1 {
		return "does"
	}
	return "do"
}
