package testsupport

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"testing"

	"github.com/go-pdf/fpdf"
)

// LoanEstimate is the text of a Loan Estimate in the layout of the CFPB's
// form H-24(B), row by row: page 1 "Loan Terms", "Projected Payments" and
// "Costs at Closing"; page 2 "Closing Cost Details", whose Loan Costs (A-D)
// and Other Costs (E-J, "Calculating Cash to Close") the form prints side by
// side; page 3 "Additional Information" and "Comparisons". The figures are
// the CFPB sample's (162,000 at 3.875%), with a lender credit of $750 in J
// when credit is set so every field is exercised.
type LoanEstimate struct {
	Page1, LoanCosts, OtherCosts, Page3 []string
}

// SampleLoanEstimate is the CFPB sample; rate false leaves out the interest
// rate row, credit false the lender credit.
func SampleLoanEstimate(rate, credit bool) LoanEstimate {
	j, cash, credits := "$8,054", "$16,054", "Lender Credits"
	if credit {
		j, cash, credits = "$7,304", "$15,304", "Lender Credits -$750"
	}
	le := LoanEstimate{
		Page1: []string{
			"Ficus Bank",
			"4321 Random Boulevard - Somecity, ST 12340",
			"Loan Estimate    LOAN TERM 30 years",
			"DATE ISSUED 2/15/2013    PURPOSE Purchase    PRODUCT Fixed Rate",
			"RATE LOCK  NO  YES, until 4/16/2013 at 5:00 p.m. EDT",
			"Loan Terms    Can this amount increase after closing?",
			"Loan Amount $162,000    NO",
			"Monthly Principal & Interest $761.78    NO",
			"Does the loan have these features?",
			"Prepayment Penalty    NO",
			"Balloon Payment    NO",
			"Projected Payments",
			"Principal & Interest $761.78",
			"Mortgage Insurance + 82",
			"Estimated Escrow + 206",
			"Costs at Closing",
			"Estimated Closing Costs " + j,
			"Estimated Cash to Close " + cash,
		},
		LoanCosts: []string{
			"Loan Costs",
			"A. Origination Charges $1,802",
			"0.25 % of Loan Amount (Points) $405",
			"Application Fee $300",
			"Underwriting Fee $1,097",
			"B. Services You Cannot Shop For $672",
			"Appraisal Fee $405",
			"Credit Report Fee $30",
			"Flood Determination Fee $20",
			"Flood Monitoring Fee $32",
			"Tax Monitoring Fee $75",
			"Tax Status Research Fee $110",
			"C. Services You Can Shop For $3,198",
			"Pest Inspection Fee $135",
			"Survey Fee $65",
			"Title – Insurance Binder $700",
			"Title – Lender's Title Policy $535",
			"Title – Settlement Agent Fee $502",
			"Title – Title Search $1,261",
			"D. TOTAL LOAN COSTS (A + B + C) $5,672",
		},
		OtherCosts: []string{
			"Other Costs",
			"E. Taxes and Other Government Fees $85",
			"Recording Fees and Other Taxes $85",
			"Transfer Taxes",
			"F. Prepaids $867",
			"Homeowner's Insurance Premium ( 6 months) $605",
			"Mortgage Insurance Premium ( months)",
			"Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %) $262",
			"Property Taxes ( months)",
			"G. Initial Escrow Payment at Closing $413",
			"Homeowner's Insurance $100.83 per month for 2 mo. $202",
			"Mortgage Insurance per month for mo.",
			"Property Taxes $105.30 per month for 2 mo. $211",
			"H. Other $1,017",
			"Title – Owner's Title Policy (optional) $1,017",
			"I. TOTAL OTHER COSTS (E + F + G + H) $2,382",
			"J. TOTAL CLOSING COSTS " + j,
			"D + I $8,054",
			credits,
			"Calculating Cash to Close",
			"Total Closing Costs (J) " + j,
			"Down Payment/Funds from Borrower $18,000",
			"Deposit -$10,000",
			"Estimated Cash to Close " + cash,
		},
		Page3: []string{
			"Additional Information About This Loan",
			"LENDER Ficus Bank    MORTGAGE BROKER",
			"NMLS/__LICENSE ID",
			"Comparisons    Use these measures to compare this loan with other loans.",
			"In 5 Years $56,582 Total you will have paid in principal, interest, mortgage insurance, and loan costs.",
			"$15,773 Principal you will have paid off.",
			"Annual Percentage Rate (APR) 4.274 %    Your costs over the loan term expressed as a rate.",
			"Total Interest Percentage (TIP) 69.45 %    The total amount of interest that you will pay.",
			"Other Considerations",
			"Appraisal    We may order an appraisal to determine the property's value.",
		},
	}
	if rate {
		le.Page1 = append(le.Page1[:7], append([]string{"Interest Rate 3.875 %    NO"}, le.Page1[7:]...)...)
	}
	return le
}

// LoanEstimatePDF writes SampleLoanEstimate as fpdf lays text out, one row
// under the other in one column (Helvetica), three pages.
func LoanEstimatePDF(t testing.TB, rate, credit bool) []byte {
	t.Helper()
	return SampleLoanEstimate(rate, credit).PDF(t)
}

// PDF writes the Loan Estimate as LoanEstimatePDF does.
func (le LoanEstimate) PDF(t testing.TB) []byte {
	t.Helper()
	p := fpdf.New("P", "pt", "Letter", "")
	tr := p.UnicodeTranslatorFromDescriptor("")
	p.SetFont("Helvetica", "", 9)
	p.SetAutoPageBreak(false, 0)
	for _, page := range [][]string{le.Page1, append(append([]string{"Closing Cost Details"}, le.LoanCosts...), le.OtherCosts...), le.Page3} {
		p.AddPage()
		for _, row := range page {
			p.Cell(0, 11, tr(row))
			p.Ln(11)
		}
	}
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// PDFBomb writes a small one-page PDF whose content stream inflates to about
// inflated bytes: the words of a Loan Estimate, then text shown in strings of
// chunk bytes each (one single string when chunk is 0). It is what a hostile
// visitor uploads to make the server read 100 MB of text from a 100 KB file.
func PDFBomb(t testing.TB, inflated, chunk int) []byte {
	t.Helper()
	prefix := "BT /F1 10 Tf 72 720 Td (Loan Estimate  Loan Amount $162,000  Interest Rate 3.875 %) Tj\n"
	suffix := "ET\n"
	unit := []byte("A")
	if chunk == 0 {
		prefix += "("
		suffix = ") Tj\n" + suffix
	} else {
		unit = append(append([]byte("("), bytes.Repeat([]byte("A"), chunk)...), ") Tj\n"...)
	}
	// Blocks of at least the 32 KB window (so the repeat is exact), at most 1 MB.
	block := bytes.Repeat(unit, min(max(inflated/4, 64<<10), 1<<20)/len(unit))
	content := deflateRepeated(t, []byte(prefix), block, max(inflated/len(block), 2), []byte(suffix))
	return RawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	)
}

// RawPDF writes a PDF file of the given objects, numbered from 1 in order
// (object 1 is the catalog), with their cross-reference table: for a test
// that needs a PDF no library writes (a compressed bomb, a layout of words
// placed one by one).
func RawPDF(objects ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, body := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// deflateRepeated is the zlib stream of prefix, n copies of block and suffix,
// built without compressing n blocks: after a sync flush, the compressed form
// of a block that follows an identical block is the same bytes every time
// (the 32 KB window before it is the same), so it is compressed once and
// repeated. Compressing 100 MB for each test would take a minute under -race.
func deflateRepeated(t testing.TB, prefix, block []byte, n int, suffix []byte) []byte {
	t.Helper()
	var raw bytes.Buffer
	fw, err := flate.NewWriter(&raw, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(prefix)
	fw.Write(block)
	fw.Flush()
	mark := raw.Len()
	fw.Write(block)
	fw.Flush()
	repeated := bytes.Clone(raw.Bytes()[mark:])
	head := bytes.Clone(raw.Bytes())
	raw.Reset()
	fw.Write(suffix)
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	sum := adler32.New()
	sum.Write(prefix)
	for range n {
		sum.Write(block)
	}
	sum.Write(suffix)
	out := bytes.NewBuffer([]byte{0x78, 0xda})
	out.Write(head)
	for range n - 2 {
		out.Write(repeated)
	}
	out.Write(raw.Bytes())
	return binary.BigEndian.AppendUint32(out.Bytes(), sum.Sum32())
}
