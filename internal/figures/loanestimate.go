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

// LoanEstimateOf is what the reader read, as the API answers it, with the
// figures the visitor is asked to check.
func LoanEstimateOf(f loanestimate.Fields, pleaseCheck []string) api.LoanEstimate {
	out := api.LoanEstimate{InterestRate: f.InterestRate, LoanAmount: f.LoanAmount, OriginationCharge: f.OriginationCharge,
		Points: f.Points, LenderCredit: f.LenderCredit, MortgageInsurance: f.MortgageInsurance, LenderFees: f.LenderFees,
		ClosingCosts: f.ClosingCosts, CashToClose: f.CashToClose, APR: f.APR, TotalInterestPercentage: f.TotalInterestPercentage,
		RateLockUntil: f.RateLockUntil, PrepaymentPenalty: f.PrepaymentPenalty, LoanTerm: f.LoanTerm, LenderName: f.LenderName,
		Found: f.Found, NotFound: f.NotFound, ReadByOCR: f.ByOCR, PleaseCheck: pleaseCheck}
	if f.Lines != nil {
		out.Lines = make([]api.LoanEstimateLine, len(f.Lines))
		for i, l := range f.Lines {
			out.Lines[i] = api.LoanEstimateLine(l)
		}
	}
	if f.InFiveYears != nil {
		out.InFiveYears = (*api.InFiveYears)(f.InFiveYears)
	}
	if f.Checks != nil {
		out.Checks = make([]api.LoanEstimateCheck, len(f.Checks))
		for i, c := range f.Checks {
			out.Checks[i] = api.LoanEstimateCheck(c)
		}
	}
	return out
}

// LoanEstimateReview classifies what was read from a Loan Estimate for the
// broker (f, nil when the file is no readable Loan Estimate, and the figures
// read from a picture) and sets the lender's APR beside the math core's for
// the same loan (amount, rate, term, the lender fees the quote form takes,
// the monthly mortgage insurance until the balance reaches 78% of the
// request's property value, as for every quote), with the charges the
// difference comes from.
func LoanEstimateReview(r store.QuoteRequest, f *loanestimate.Fields, pleaseCheck []string) api.LoanEstimateReview {
	out := api.LoanEstimateReview{Lines: []api.ClassifiedLine{}, APRDifference: []api.APRCharge{}}
	if f == nil {
		return out
	}
	read := LoanEstimateOf(*f, pleaseCheck)
	out.LoanEstimate = &read
	out.LenderFeesUsed, out.LenderAPR = f.LenderFees, f.APR
	var extra float64
	for _, l := range f.Lines {
		in := loanestimate.InLenderFees(l)
		out.Lines = append(out.Lines, api.ClassifiedLine{LoanEstimateLine: api.LoanEstimateLine(l),
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
