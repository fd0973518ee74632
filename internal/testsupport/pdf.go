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
	var b bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	b.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
	obj(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", len(content), content))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
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
