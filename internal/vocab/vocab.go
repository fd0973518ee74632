// Package vocab is the product's vocabulary: the words several packages
// speak of, each defined once here. Loan programs, the source of a quote in
// an analysis, the ids of records, the e-mail address rule and its messages,
// US state codes, the upload size limit, and the not-found messages visitors
// read. It knows nothing else of quotegrade (only apperr, for the typed
// not-found errors), so every package may import it. Partner lenders are not
// here: they are the operator's, read from the site file (internal/site).
// See docs/decisions/0017-typed-vocabulary-and-readable-sql.md.
package vocab

// Program is a loan program (spec section 9). A market survey series
// (rates.Series30) is a different thing with a different name.
type Program string

// The loan programs.
const (
	Fixed30 Program = "30-year-fixed"
	Fixed15 Program = "15-year-fixed"
	ARM51   Program = "5-1-arm"
)

// Programs lists every loan program, in the order the forms offer them.
func Programs() []Program { return []Program{Fixed30, Fixed15, ARM51} }

// ProgramNames is Programs as the texts a form sends.
func ProgramNames() []string {
	ps := Programs()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	return names
}

// Valid reports whether p is one of the loan programs.
func (p Program) Valid() bool {
	for _, known := range Programs() {
		if p == known {
			return true
		}
	}
	return false
}

// Label is the program as a sentence names it: "30-year fixed", "15-year
// fixed", "5/1 ARM"; "" for a program it does not know.
func (p Program) Label() string {
	switch p {
	case Fixed30:
		return "30-year fixed"
	case Fixed15:
		return "15-year fixed"
	case ARM51:
		return "5/1 ARM"
	}
	return ""
}

// Adjustable: the program's rate can change after a fixed period (an ARM).
func (p Program) Adjustable() bool { return p == ARM51 }

// MsgRateMayIncrease is what every page and e-mail says beside an
// adjustable-rate program (Regulation Z, 12 CFR 1026.24(c)).
const MsgRateMayIncrease = "the rate may increase after the fixed period"

// QuoteSource says whose quote a quote in an analysis is.
type QuoteSource string

const (
	// SourceBroker marks the visitor's own quote, from the lender they
	// brought: the one the other quotes are compared with.
	SourceBroker QuoteSource = "BROKER"
	// SourceSystem marks an alternative the broker priced with a partner lender.
	SourceSystem QuoteSource = "SYSTEM"
)
