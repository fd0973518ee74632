package testsupport

import (
	"bytes"
	"testing"

	"github.com/go-pdf/fpdf"
)

// LoanEstimatePDF writes a Loan Estimate in the layout of the CFPB's form H-24(B):
// page 1 "Loan Terms" and "Projected Payments", page 2 "Closing Cost Details".
// The figures are those of the CFPB sample (162,000 at 3.875%), with a lender
// credit added so every field is exercised.
func LoanEstimatePDF(t testing.TB, rate, credit bool) []byte {
	t.Helper()
	p := fpdf.New("P", "pt", "Letter", "")
	p.SetFont("Helvetica", "", 10)
	line := func(s string) {
		p.Cell(0, 14, s)
		p.Ln(14)
	}
	p.AddPage()
	line("Ficus Bank    Loan Estimate    LOAN TERM 30 years  PURPOSE Purchase  PRODUCT Fixed Rate")
	line("Loan Terms    Can this amount increase after closing?")
	line("Loan Amount $162,000    NO")
	if rate {
		line("Interest Rate 3.875 %    NO")
	}
	line("Monthly Principal & Interest $761.78    NO")
	line("Projected Payments")
	line("Principal & Interest $761.78")
	line("Mortgage Insurance + 82")
	line("Estimated Escrow + 206")
	p.AddPage()
	line("Closing Cost Details")
	line("Loan Costs")
	line("A. Origination Charges $1,802")
	line(".25 % of Loan Amount (Points) $405")
	line("Application Fee $300")
	line("Underwriting Fee $1,097")
	if credit {
		line("J. TOTAL CLOSING COSTS $8,054")
		line("Lender Credits - $750")
	}
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
