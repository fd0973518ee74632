package loanestimate_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
	"testing"

	"github.com/go-pdf/fpdf"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/vocab"
)

func TestMissingFieldsAreNamed(t *testing.T) {
	f, err := loanestimate.Read(context.Background(), testsupport.LoanEstimatePDF(t, false, false))
	if err != nil {
		t.Fatal(err)
	}
	// Without the credit: section A plus B's lender fees but the appraisal.
	if f.InterestRate != nil || f.LenderCredit != nil || *f.LenderFees != 2069 {
		t.Fatalf("fields = %+v", f)
	}
	if len(f.NotFound) != 2 || f.NotFound[0] != "interestRate" || f.NotFound[1] != "lenderCredits" {
		t.Fatalf("not found = %v", f.NotFound)
	}
}

func TestUnreadableFiles(t *testing.T) {
	good := testsupport.LoanEstimatePDF(t, true, true)
	truncated := good[:len(good)/2]
	garbage := make([]byte, 5000)
	rand.New(rand.NewSource(1)).Read(garbage)
	other := func() []byte {
		p := fpdf.New("P", "pt", "Letter", "")
		p.AddPage()
		p.SetFont("Helvetica", "", 10)
		p.Cell(0, 14, "Quarterly newsletter")
		var b bytes.Buffer
		p.Output(&b)
		return b.Bytes()
	}()
	for name, data := range map[string][]byte{
		"truncated PDF":   truncated,
		"random bytes":    garbage,
		"PDF header only": []byte("%PDF-1.7\n%%EOF"),
		"another PDF":     other,
		"empty":           {},
	} {
		if _, err := loanestimate.Read(context.Background(), data); !errors.Is(err, loanestimate.ErrNotLoanEstimate) {
			t.Errorf("%s: %v, want ErrNotLoanEstimate", name, err)
		}
	}
}

// FuzzRead: no panic and no hang on any input.
func FuzzRead(f *testing.F) {
	f.Add(testsupport.LoanEstimatePDF(f, true, true))
	f.Add([]byte("%PDF-1.4\n1 0 obj<</Type/Pages/Kids[1 0 R]>>endobj\ntrailer<</Root 1 0 R>>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		loanestimate.Read(context.Background(), data)
	})
}

// Parsing is bounded: a file over the size limit or with more pages than a
// Loan Estimate could have is not parsed at all, and answers at once.
func TestBounds(t *testing.T) {
	many := fpdf.New("P", "pt", "Letter", "")
	many.SetFont("Helvetica", "", 10)
	for range loanestimate.MaxPages + 1 {
		many.AddPage()
		many.Cell(0, 14, "Loan Estimate  Loan Amount $162,000  Interest Rate 3.875 %")
	}
	var pages bytes.Buffer
	if err := many.Output(&pages); err != nil {
		t.Fatal(err)
	}
	huge := append(testsupport.LoanEstimatePDF(t, true, true), bytes.Repeat([]byte(" "), vocab.MaxUploadBytes)...)
	for name, data := range map[string][]byte{"too many pages": pages.Bytes(), "over the size limit": huge} {
		if _, err := loanestimate.Read(context.Background(), data); !errors.Is(err, loanestimate.ErrNotLoanEstimate) {
			t.Errorf("%s: %v, want ErrNotLoanEstimate", name, err)
		}
	}
}
