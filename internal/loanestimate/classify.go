package loanestimate

import (
	"math"
	"regexp"
)

// Kind says whose charge a line is, by the lists of spec section 9.
type Kind string

const (
	// LenderFee: origination, appraisal, credit report, discount points,
	// underwriting, processing, application, tax service, flood
	// certification, VOE, and everything in section A.
	LenderFee Kind = "lender"
	// ThirdParty: title search, title insurance, recording, settlement,
	// notary, MERS, and the other services of sections B and C.
	ThirdParty Kind = "third-party"
	// Other: taxes, prepaids, the initial escrow and section H's other
	// costs, which are no fee of anyone's for the quote.
	Other Kind = "other"
)

var (
	// The spec's "not lender fees" are tested first: "Title – Settlement
	// Agent Fee" is a settlement fee even though "agent" says nothing.
	reNotLender = regexp.MustCompile(`(?i)title|recording|settlement|closing (?:agent|fee)|escrow fee|notary|\bMERS\b|mortgage electronic registration`)
	reLender    = regexp.MustCompile(`(?i)origination|apprais|credit report|discount|points|underwriting|processing|application|tax (?:service|monitoring|status|certification)|flood|\bVOE\b|verification of (?:employment|income|deposit)`)
	// reAppraisal: the math core adds its own appraisal (internal/fees), so
	// the Loan Estimate's is left out of the lender fees it takes.
	reAppraisal = regexp.MustCompile(`(?i)apprais`)
)

// Classify labels one line for the broker.
func Classify(l Line) Kind {
	switch {
	case l.Section == "A":
		return LenderFee
	case reNotLender.MatchString(l.Label):
		return ThirdParty
	case l.Section > "C":
		return Other
	case reLender.MatchString(l.Label):
		return LenderFee
	}
	return ThirdParty
}

// InLenderFees says whether a line counts in the quote form's lender fees
// (docs/loan-estimate.md): every lender fee but the appraisal, which the
// math core adds itself, as it adds the title estimate.
func InLenderFees(l Line) bool {
	return Classify(l) == LenderFee && !(l.Section != "A" && reAppraisal.MatchString(l.Label))
}

// lenderFees is section A's total (or its lines' sum when the total was not
// read), plus the lender's fees in B and C but the appraisal, less lender
// credits. Nil when section A was not read at all.
func lenderFees(f Fields) *float64 {
	var a, others float64
	var aLines bool
	for _, l := range f.Lines {
		switch {
		case l.Section == "A":
			a += l.Amount
			aLines = true
		case InLenderFees(l):
			others += l.Amount
		}
	}
	if f.OriginationCharge != nil {
		a = *f.OriginationCharge
	} else if !aLines {
		return nil
	}
	total := a + others
	if f.LenderCredit != nil {
		total -= *f.LenderCredit
	}
	total = math.Round(total*100) / 100
	return &total
}
