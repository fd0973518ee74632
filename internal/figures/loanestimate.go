package figures

import (
	"regexp"

	"quotegrade/internal/api"
	"quotegrade/internal/loanestimate"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
)

// Why the lender's APR differs from the math core's for the same loan.
const (
	ReasonPrepaidInterest   = "prepaid interest"
	ReasonMortgageInsurance = "mortgage insurance"
	ReasonFinanceCharge     = "finance charge outside section A"
)

var (
	rePrepaidInterest = regexp.MustCompile(`(?i)prepaid interest`)
	reMortgageIns     = regexp.MustCompile(`(?i)mortgage insurance|\bPMI\b|funding fee|guarantee fee`)
	// Charges Regulation Z leaves out of the finance charge on a real-estate
	// loan (12 CFR 1026.4(c)(7)) and recording fees (1026.4(e)).
	reNotFinanceCharge = regexp.MustCompile(`(?i)title (?:search|insurance|policy)|insurance binder|lender's title|owner's title|apprais|credit report|notary|pest|survey|inspection|recording|document prep`)
)

// LoanEstimateReview classifies what was read from a Loan Estimate for the
// broker and sets the lender's APR beside the math core's for the same loan
// (amount, rate, term, the lender fees the quote form takes, the monthly
// mortgage insurance until the balance reaches 78% of the request's property
// value, as for every quote), with the charges the difference comes from.
func LoanEstimateReview(r store.QuoteRequest, read *api.LoanEstimate) api.LoanEstimateReview {
	out := api.LoanEstimateReview{LoanEstimate: read, Lines: []api.ClassifiedLine{}, APRDifference: []api.APRCharge{}}
	if read == nil {
		return out
	}
	f := &read.Fields
	out.LenderFeesUsed, out.LenderAPR = f.LenderFees, f.APR
	var extra float64
	for _, l := range f.Lines {
		in := loanestimate.InLenderFees(l)
		out.Lines = append(out.Lines, api.ClassifiedLine{Section: l.Section, Label: l.Label, Amount: l.Amount,
			Kind: string(loanestimate.Classify(l)), InLenderFees: in})
		if reason := aprReason(l, in); reason != "" {
			out.APRDifference = append(out.APRDifference, api.APRCharge{Label: l.Label, Amount: l.Amount, Reason: reason})
			extra += l.Amount
		}
	}
	if f.LoanAmount == nil || f.InterestRate == nil {
		return out
	}
	loan := mortgage.Loan{Amount: *f.LoanAmount, RatePct: *f.InterestRate, TermMonths: 360, PrepaidFinanceCharges: value(f.LenderFees),
		MonthlyMortgageInsurance: value(f.MortgageInsurance)}
	if f.LoanTerm != nil {
		loan.TermMonths = *f.LoanTerm
	}
	loan.MortgageInsuranceMonths = mortgage.MortgageInsuranceMonths(loan.Amount, loan.RatePct, loan.TermMonths, propertyValue(r))
	if lf, err := loan.Figures(); err == nil {
		out.ComputedAPR = &lf.APR
	}
	loan.PrepaidFinanceCharges += extra
	if lf, err := loan.Figures(); err == nil && len(out.APRDifference) > 0 {
		out.ComputedAPRWithDifference = &lf.APR
	}
	return out
}

// aprReason says why a line counts in the lender's APR but not in the math
// core's, or "" when it does not.
func aprReason(l loanestimate.Line, inLenderFees bool) string {
	switch {
	case inLenderFees || l.Amount <= 0:
		return ""
	case rePrepaidInterest.MatchString(l.Label):
		return ReasonPrepaidInterest
	case reMortgageIns.MatchString(l.Label) && (l.Section == "B" || l.Section == "F"):
		return ReasonMortgageInsurance
	case (l.Section == "B" || l.Section == "C") && !reNotFinanceCharge.MatchString(l.Label):
		return ReasonFinanceCharge
	}
	return ""
}
