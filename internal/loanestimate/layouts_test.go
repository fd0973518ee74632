package loanestimate_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

// want is what a Loan Estimate says, field by field and line by line.
type want struct {
	rate, amount, origination, points, credit, mi, fees *float64
	closing, cash, apr, tip                             *float64
	five                                                *loanestimate.InFiveYears
	lock                                                *string
	prepay                                              *bool
	term                                                *int
	lender                                              *string
	lines                                               []loanestimate.Line
}

func num(v float64) *float64 { return &v }
func str(s string) *string   { return &s }
func yes(b bool) *bool       { return &b }
func months(n int) *int      { return &n }

func line(section, label string, amount float64) loanestimate.Line {
	return loanestimate.Line{Section: section, Label: label, Amount: amount}
}

// sample is testsupport.SampleLoanEstimate(true, true) as read.
var sample = want{
	rate: num(3.875), amount: num(162000), origination: num(1802), points: num(405), credit: num(750), mi: num(82),
	// A 1,802 + B's credit report, flood and tax fees 267 (not the appraisal) - credit 750.
	fees:    num(1319),
	closing: num(7304), cash: num(15304), apr: num(4.274), tip: num(69.45),
	five: &loanestimate.InFiveYears{TotalPaid: 56582, PrincipalPaid: 15773}, lock: str("2013-04-16"), prepay: yes(false),
	term: months(360), lender: str("Ficus Bank"),
	lines: []loanestimate.Line{
		line("A", "0.25 % of Loan Amount (Points)", 405), line("A", "Application Fee", 300), line("A", "Underwriting Fee", 1097),
		line("B", "Appraisal Fee", 405), line("B", "Credit Report Fee", 30), line("B", "Flood Determination Fee", 20),
		line("B", "Flood Monitoring Fee", 32), line("B", "Tax Monitoring Fee", 75), line("B", "Tax Status Research Fee", 110),
		line("C", "Pest Inspection Fee", 135), line("C", "Survey Fee", 65), line("C", "Title – Insurance Binder", 700),
		line("C", "Title – Lender's Title Policy", 535), line("C", "Title – Settlement Agent Fee", 502),
		line("C", "Title – Title Search", 1261), line("E", "Recording Fees and Other Taxes", 85),
		line("F", "Homeowner's Insurance Premium ( 6 months)", 605),
		line("F", "Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %)", 262),
		line("G", "Homeowner's Insurance $100.83 per month for 2 mo.", 202),
		line("G", "Property Taxes $105.30 per month for 2 mo.", 211),
		line("H", "Title – Owner's Title Policy (optional)", 1017),
	},
}

// refinance is another lender's 15-year refinance, written by hand-made PDF
// code: no rate lock, a prepayment penalty, the credit in parentheses, the
// "In 5 Years" amounts after their words.
var refinance = want{
	rate: num(5.5), amount: num(250000), origination: num(3350), points: num(2500), credit: num(500), mi: num(0),
	// A 3,350 + credit report 45, flood 25, VOE 50, tax service 80, processing 245 - credit 500.
	fees:    num(3295),
	closing: num(7240), cash: num(7240), apr: num(5.812), tip: num(47.226),
	five: &loanestimate.InFiveYears{TotalPaid: 129550, PrincipalPaid: 61778}, prepay: yes(true),
	term: months(180), lender: str("Canyon Credit Union"),
	lines: []loanestimate.Line{
		line("A", "1 % of Loan Amount (Points)", 2500), line("A", "Origination Fee", 850),
		line("B", "Appraisal Fee", 650), line("B", "Credit Report Fee", 45), line("B", "Flood Certification", 25),
		line("B", "Verification of Employment (VOE)", 50), line("B", "MERS Registration Fee", 25), line("B", "Tax Service Fee", 80),
		line("B", "Processing Fee", 245),
		line("C", "Title – Lender's Title Insurance", 1340), line("C", "Settlement Fee", 550), line("C", "Notary Fee", 150),
		line("C", "Title Search", 100),
		line("E", "Recording Fees and Other Taxes", 120),
		line("F", "Prepaid Interest ( $37.67 per day for 10 days @ 5.5 %)", 377),
		line("F", "Homeowner's Insurance Premium ( 12 months)", 633),
	},
}

var refinanceRows = testsupport.LoanEstimate{
	Page1: []string{
		"Canyon Credit Union", "Loan Estimate", "LOAN TERM 15 years", "PURPOSE Refinance", "RATE LOCK NO YES, until",
		"Loan Terms", "Interest Rate 5.5 %", "Loan Amount $250,000", "Monthly Principal & Interest $2,042.71",
		"Prepayment Penalty YES As high as $2,500 if you pay off the loan during the first 2 years",
		"Projected Payments", "Mortgage Insurance + 0",
	},
	LoanCosts: []string{
		"A. Origination Charges $3,350", "1 % of Loan Amount (Points) $2,500", "Origination Fee $850",
		"B. Services You Cannot Shop For $1,120", "Appraisal Fee $650", "Credit Report Fee $45", "Flood Certification $25",
		"Verification of Employment (VOE) $50", "MERS Registration Fee $25", "Tax Service Fee $80", "Processing Fee $245",
		"C. Services You Can Shop For $2,140", "Title – Lender's Title Insurance $1,340", "Settlement Fee $550",
		"Notary Fee $150", "Title Search $100", "D. TOTAL LOAN COSTS (A + B + C) $6,610",
	},
	OtherCosts: []string{
		"E. Taxes and Other Government Fees $120", "Recording Fees and Other Taxes $120", "F. Prepaids $1,010",
		"Prepaid Interest ( $37.67 per day for 10 days @ 5.5 %) $377", "Homeowner's Insurance Premium ( 12 months) $633",
		"G. Initial Escrow Payment at Closing", "H. Other", "I. TOTAL OTHER COSTS (E + F + G + H) $1,130",
		"J. TOTAL CLOSING COSTS $7,240", "D + I $7,740", "Lender Credits ($500)", "Calculating Cash to Close",
		"Estimated Cash to Close $7,240",
	},
	Page3: []string{
		"LENDER Canyon Credit Union", "Comparisons",
		"In 5 Years Total you will have paid in principal, interest, mortgage insurance, and loan costs. $129,550",
		"Principal you will have paid off. $61,778",
		"Annual Percentage Rate (APR) 5.812 %", "Total Interest Percentage (TIP) 47.226 %",
	},
}

// Each writer lays the same rows out as a different system would; the reading
// must not depend on which one wrote the file.
func TestLayoutsReadAlike(t *testing.T) {
	engine := ocr.New("")
	for name, c := range map[string]struct {
		pdf  []byte
		want want
		// byPoppler is what poppler reads when the Go library reads otherwise.
		byPoppler *want
	}{
		"fpdf, Helvetica, one column":                      {testsupport.LoanEstimatePDF(t, true, true), sample, nil},
		"fpdf, Times, two columns, right column first":     {twoColumns(t, testsupport.SampleLoanEstimate(true, true), "Times"), sample, nil},
		"fpdf, Courier, two columns, amounts in own cells": {twoColumns(t, testsupport.SampleLoanEstimate(true, true), "Courier"), sample, nil},
		// The Go PDF library maps the en-dash of fpdf's embedded fonts to a
		// control character, which the reading drops; poppler reads it.
		"fpdf, embedded DejaVu (Unicode), table reordered": {unicodeReordered(t, testsupport.SampleLoanEstimate(true, true)),
			withLabels(sample, strings.NewReplacer("– ", "")), &sample},
		"hand-written PDF, Tm and TJ spacing, bottom first": {rawPDF(t, refinanceRows), refinance, nil},
	} {
		t.Run(name, func(t *testing.T) {
			f, err := loanestimate.Read(context.Background(), c.pdf)
			if err != nil {
				t.Fatal(err)
			}
			check(t, f, c.want)
			f, err = loanestimate.ReadPDF(context.Background(), engine, nil, c.pdf)
			if err != nil {
				t.Fatal(err)
			}
			if c.byPoppler != nil {
				c.want = *c.byPoppler
			}
			check(t, f, c.want)
			for _, c := range f.Checks {
				if !c.Agrees {
					t.Errorf("the figures of a well-read PDF disagree: %s", c.Message)
				}
			}
		})
	}
}

// withLabels is w with its lines' labels changed by r.
func withLabels(w want, r *strings.Replacer) want {
	w.lines = append([]loanestimate.Line(nil), w.lines...)
	for i := range w.lines {
		w.lines[i].Label = r.Replace(w.lines[i].Label)
	}
	return w
}

// FromText is the same matching on plain text (what OCR gives), here the
// rows of the two columns one after the other.
func TestFromText(t *testing.T) {
	le := testsupport.SampleLoanEstimate(true, true)
	text := strings.Join(append(append(append(le.Page1, le.LoanCosts...), le.OtherCosts...), le.Page3...), "\n")
	f, err := loanestimate.FromText(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	check(t, f, sample)
	if _, err := loanestimate.FromText(context.Background(), "Quarterly newsletter\nRate 3 %"); err == nil {
		t.Fatal("a text that is no Loan Estimate was read")
	}
}

func check(t *testing.T, f loanestimate.Fields, w want) {
	t.Helper()
	for name, pair := range map[string][2]*float64{
		"interestRate": {f.InterestRate, w.rate}, "loanAmount": {f.LoanAmount, w.amount},
		"originationCharges": {f.OriginationCharge, w.origination}, "points": {f.Points, w.points},
		"lenderCredits": {f.LenderCredit, w.credit}, "mortgageInsurance": {f.MortgageInsurance, w.mi},
		"lenderFees": {f.LenderFees, w.fees}, "closingCosts": {f.ClosingCosts, w.closing}, "cashToClose": {f.CashToClose, w.cash},
		"apr": {f.APR, w.apr}, "totalInterestPercentage": {f.TotalInterestPercentage, w.tip},
	} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s = %v, want %v", name, show(pair[0]), show(pair[1]))
		}
	}
	if !reflect.DeepEqual(f.InFiveYears, w.five) {
		t.Errorf("inFiveYears = %+v, want %+v", f.InFiveYears, w.five)
	}
	if !reflect.DeepEqual(f.RateLockUntil, w.lock) || !reflect.DeepEqual(f.PrepaymentPenalty, w.prepay) ||
		!reflect.DeepEqual(f.LoanTerm, w.term) || !reflect.DeepEqual(f.LenderName, w.lender) {
		t.Errorf("lock %v, prepayment penalty %v, term %v, lender %v; want %v %v %v %v", show(f.RateLockUntil), show(f.PrepaymentPenalty),
			show(f.LoanTerm), show(f.LenderName), show(w.lock), show(w.prepay), show(w.term), show(w.lender))
	}
	if len(f.Lines) != len(w.lines) {
		t.Errorf("%d lines, want %d:\n%v", len(f.Lines), len(w.lines), f.Lines)
	}
	for i := range min(len(f.Lines), len(w.lines)) {
		if f.Lines[i] != w.lines[i] {
			t.Errorf("line %d = %+v, want %+v", i, f.Lines[i], w.lines[i])
		}
	}
	if len(f.Found)+len(f.NotFound) != 16 {
		t.Errorf("found %v + not found %v should name all 16 fields", f.Found, f.NotFound)
	}
	if (w.lock == nil) != (len(f.NotFound) == 1 && f.NotFound[0] == "rateLockUntil") {
		t.Errorf("not found = %v", f.NotFound)
	}
}

func show[T any](p *T) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

// splitAmount cuts a row into its label and its amount ("$1,097"), when it ends in one.
func splitAmount(row string) (string, string) {
	i := strings.LastIndex(row, " $")
	if i < 0 || strings.ContainsAny(row[i+2:], " ()") {
		return row, ""
	}
	return row[:i], row[i+1:]
}

func output(t *testing.T, p *fpdf.Fpdf) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// twoColumns prints page 2 as the form does: Loan Costs on the left, Other
// Costs on the right, each row's amount right-aligned in its own cell; and
// it writes the right column before the left, so the content stream's order
// is not the reading order.
func twoColumns(t *testing.T, le testsupport.LoanEstimate, font string) []byte {
	t.Helper()
	p := fpdf.New("P", "pt", "Letter", "")
	tr := p.UnicodeTranslatorFromDescriptor("")
	p.SetFont(font, "", 7)
	p.SetAutoPageBreak(false, 0)
	column := func(rows []string, x float64) {
		for i, row := range rows {
			label, amount := splitAmount(row)
			y := 60 + float64(i)*12
			p.SetXY(x, y)
			p.CellFormat(200, 12, tr(label), "", 0, "L", false, 0, "")
			p.SetXY(x+200, y)
			p.CellFormat(60, 12, tr(amount), "", 0, "R", false, 0, "")
		}
	}
	p.AddPage()
	column(le.Page1, 36)
	p.AddPage()
	p.SetXY(36, 40)
	p.Cell(0, 12, "Closing Cost Details")
	column(le.OtherCosts, 316)
	column(le.LoanCosts, 36)
	p.AddPage()
	column(le.Page3, 36)
	return output(t, p)
}

// unicodeReordered embeds a TrueType font (text as glyph ids with a
// ToUnicode map), writes each page's rows from the bottom up, and swaps the
// Loan Terms rows on page 1.
func unicodeReordered(t *testing.T, le testsupport.LoanEstimate) []byte {
	t.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/go-pdf/fpdf").Output()
	if err != nil {
		t.Fatalf("finding fpdf's fonts: %v", err)
	}
	ttf, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "font", "DejaVuSansCondensed.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	p := fpdf.New("P", "pt", "Letter", "")
	p.AddUTF8FontFromBytes("dejavu", "", ttf)
	p.SetFont("dejavu", "", 8)
	p.SetAutoPageBreak(false, 0)
	page1 := append([]string(nil), le.Page1...)
	for i, r := range page1 {
		if strings.HasPrefix(r, "Loan Amount") {
			page1[i], page1[i+1] = page1[i+1], page1[i]
			break
		}
	}
	for _, rows := range [][]string{page1, append(le.LoanCosts, le.OtherCosts...), le.Page3} {
		p.AddPage()
		for i := len(rows) - 1; i >= 0; i-- {
			p.SetXY(40, 50+float64(i)*13)
			p.Cell(0, 13, rows[i])
		}
	}
	if p.Err() {
		t.Fatal(p.Error())
	}
	return output(t, p)
}

// rawPDF writes the PDF by hand as a simple reporting system might: Courier,
// each row placed with Tm, the words of a row spaced by TJ adjustments
// instead of space characters, rows written from the bottom of the page up.
func rawPDF(t *testing.T, le testsupport.LoanEstimate) []byte {
	t.Helper()
	escape := strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "–", `\226`, "’", `\222`)
	var pages []string
	for _, rows := range [][]string{le.Page1, append(le.LoanCosts, le.OtherCosts...), le.Page3} {
		var c strings.Builder
		c.WriteString("BT /F1 9 Tf\n")
		for i := len(rows) - 1; i >= 0; i-- {
			words := strings.Fields(rows[i])
			for k, w := range words {
				words[k] = "(" + escape.Replace(w) + ")"
			}
			fmt.Fprintf(&c, "1 0 0 1 40 %d Tm [%s] TJ\n", 750-i*12, strings.Join(words, " -600 "))
		}
		c.WriteString("ET\n")
		pages = append(pages, c.String())
	}
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [" + strings.Join(kids, " ") + fmt.Sprintf("] /Count %d >>", len(pages)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
	}
	for i, content := range pages {
		objects = append(objects,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i),
			fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(content), content))
	}
	return testsupport.RawPDF(objects...)
}

// Lines are labelled by spec section 9's lists; the appraisal is a lender
// fee but stays out of the lender fees taken (the math core adds its own).
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		l      loanestimate.Line
		kind   loanestimate.Kind
		inFees bool
	}{
		{line("A", "0.25 % of Loan Amount (Points)", 405), loanestimate.LenderFee, true},
		{line("A", "Wire Fee", 30), loanestimate.LenderFee, true},
		{line("B", "Appraisal Fee", 405), loanestimate.LenderFee, false},
		{line("B", "Credit Report Fee", 30), loanestimate.LenderFee, true},
		{line("B", "Flood Certification", 25), loanestimate.LenderFee, true},
		{line("B", "Verification of Employment (VOE)", 50), loanestimate.LenderFee, true},
		{line("B", "Tax Service Fee", 80), loanestimate.LenderFee, true},
		{line("B", "Processing Fee", 245), loanestimate.LenderFee, true},
		{line("B", "MERS Registration Fee", 25), loanestimate.ThirdParty, false},
		{line("C", "Title – Title Search", 1261), loanestimate.ThirdParty, false},
		{line("C", "Settlement Fee", 550), loanestimate.ThirdParty, false},
		{line("C", "Notary Fee", 150), loanestimate.ThirdParty, false},
		{line("C", "Pest Inspection Fee", 135), loanestimate.ThirdParty, false},
		{line("E", "Recording Fees and Other Taxes", 85), loanestimate.ThirdParty, false},
		{line("F", "Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %)", 262), loanestimate.Other, false},
		{line("H", "Title – Owner's Title Policy (optional)", 1017), loanestimate.ThirdParty, false},
	} {
		if k := loanestimate.Classify(c.l); k != c.kind || loanestimate.InLenderFees(c.l) != c.inFees {
			t.Errorf("%s %q: %s, in lender fees %v; want %s, %v", c.l.Section, c.l.Label, k, loanestimate.InLenderFees(c.l), c.kind, c.inFees)
		}
	}
}

// FuzzFromText: any text (what OCR may produce) is matched without a panic,
// and what is read always names all 16 fields.
func FuzzFromText(f *testing.F) {
	le := testsupport.SampleLoanEstimate(true, true)
	f.Add(strings.Join(append(append(le.Page1, le.LoanCosts...), le.OtherCosts...), "\n"))
	f.Add("Loan Estimate\nA. Origination Charges $\nLender Credits ($")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := loanestimate.FromText(context.Background(), text)
		if err == nil && len(got.Found)+len(got.NotFound) != 16 {
			t.Fatalf("found %v, not found %v", got.Found, got.NotFound)
		}
	})
}

// TestValueBesideTheLabelsRow: LibreOffice centres a figure in a cell two
// rows high, so it lands on the row below its label (the total interest
// percentage, after the form's words about it) or above it (the
// prepayment penalty's answer, before its label).
func TestValueBesideTheLabelsRow(t *testing.T) {
	text := strings.Join([]string{
		"Loan Estimate",
		"Does the loan have these features?",
		"YES • As high as $3,600 if you pay off the loan during the",
		"Prepayment Penalty",
		"first 2 years",
		"Balloon Payment YES • You will have to pay $180,000 at the end of year 5",
		"Annual Percentage Rate 8.054% Your costs over the loan term expressed as a rate. This is not your interest rate.",
		"(APR)",
		"Total Interest Percentage The total amount of interest that you will pay over the loan term as a percentage of",
		"37.911%",
		"(TIP) your loan amount.",
	}, "\n")
	f, err := loanestimate.FromText(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	if show(f.TotalInterestPercentage) != "37.911" || show(f.PrepaymentPenalty) != "true" || show(f.APR) != "8.054" {
		t.Errorf("total interest percentage %s, prepayment penalty %s, APR %s; want 37.911, true, 8.054",
			show(f.TotalInterestPercentage), show(f.PrepaymentPenalty), show(f.APR))
	}
	// A "NO" on the label's own row is still read before any answer above it.
	f, err = loanestimate.FromText(context.Background(), "Loan Estimate\nDoes the loan have these features?\nPrepayment Penalty NO\nBalloon Payment YES • $9,000 at the end of year 7")
	if err != nil {
		t.Fatal(err)
	}
	if show(f.PrepaymentPenalty) != "false" {
		t.Errorf("prepayment penalty %s, want false", show(f.PrepaymentPenalty))
	}
}

// TestOCRSlips: what OCR of a scan makes of the form's words now and then
// is still read: a heading's full stop as a comma ("F, Prepaids"), the
// minus of a lender credit as an em dash, "Points" as "Paints", a heading
// without its letter.
func TestOCRSlips(t *testing.T) {
	text := strings.Join([]string{
		"Loan Estimate",
		"A. Origination Charges $3,300",
		"1% of Loan Amount (Paints) $1,800",
		"Construction Administration Fee $1,500",
		"F, Prepaids $740",
		"Prepaid Interest ($36.99 per day for 20 days @ 7.5%) $740",
		"Lender Credits —$1,200",
		"Taxes and Other Government Fees $210",
		"Recording Fees and Other Taxes $210",
	}, "\n")
	f, err := loanestimate.FromText(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	if show(f.Points) != "1800" || show(f.LenderCredit) != "1200" {
		t.Errorf("points %s, lender credits %s; want 1800, 1200", show(f.Points), show(f.LenderCredit))
	}
	var prepaid *loanestimate.Line
	for i, l := range f.Lines {
		if strings.HasPrefix(l.Label, "Prepaid Interest") {
			prepaid = &f.Lines[i]
		}
	}
	if prepaid == nil || prepaid.Section != "F" || prepaid.Amount != 740 {
		t.Errorf("prepaid interest line %+v, want section F, 740; lines %+v", prepaid, f.Lines)
	}
	// A heading whose letter OCR lost is known by its title.
	if last := f.Lines[len(f.Lines)-1]; last != (loanestimate.Line{Section: "E", Label: "Recording Fees and Other Taxes", Amount: 210}) {
		t.Errorf("last line %+v, want section E's recording fees; lines %+v", last, f.Lines)
	}
}
