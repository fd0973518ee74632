package loanestimate_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/testsupport"
)

// A misread figure breaks one of the form's sums, and the figures of that
// sum are marked "please check" even in a text PDF; the others are not.
func TestChecksFlagWhatDisagrees(t *testing.T) {
	le := testsupport.SampleLoanEstimate(true, true)
	rows := append(append(append(append([]string{}, le.Page1...), le.LoanCosts...), le.OtherCosts...), le.Page3...)
	read := func(t *testing.T, from, to string) loanestimate.Fields {
		t.Helper()
		text := strings.Replace(strings.Join(rows, "\n"), from, to, 1)
		f, err := loanestimate.FromText(context.Background(), text)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	if f := read(t, "", ""); len(f.PleaseCheck()) != 0 {
		t.Fatalf("the sample's figures all agree, yet %v are to be checked: %+v", f.PleaseCheck(), f.Checks)
	}
	for _, c := range []struct {
		name, from, to string
		flagged        []string
		check          string
	}{
		{"loan amount", "Loan Amount $162,000", "Loan Amount $126,000", []string{"loanAmount", "interestRate", "loanTerm"}, "monthly payment"},
		{"a line", "Credit Report Fee $30", "Credit Report Fee $80", []string{"lines", "lenderFees"}, "section B"},
		{"J", "J. TOTAL CLOSING COSTS $7,304", "J. TOTAL CLOSING COSTS $7,804", []string{"closingCosts"}, "total closing costs"},
		{"APR", "(APR) 4.274 %", "(APR) 9.274 %", []string{"apr"}, "apr"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := read(t, c.from, c.to)
			got := f.PleaseCheck()
			for _, name := range c.flagged {
				if !slices.Contains(got, name) {
					t.Errorf("%s is not marked: %v", name, got)
				}
			}
			i := slices.IndexFunc(f.Checks, func(k loanestimate.Check) bool { return k.Name == c.check })
			if i < 0 || f.Checks[i].Agrees {
				t.Fatalf("the %q check does not disagree: %+v", c.check, f.Checks)
			}
			if !strings.Contains(f.Checks[i].Message, "disagree") && !strings.Contains(f.Checks[i].Message, "form says") {
				t.Errorf("message says not why: %q", f.Checks[i].Message)
			}
		})
	}
}

// OCR's space inside an amount ("$16 2,000" read as 16) is rejoined when,
// and only when, the form's arithmetic then agrees.
func TestSplitAmountsRejoinedWhenTheSumsAgree(t *testing.T) {
	le := testsupport.SampleLoanEstimate(true, true)
	text := strings.Join(append(append(append(append([]string{}, le.Page1...), le.LoanCosts...), le.OtherCosts...), le.Page3...), "\n")
	split := strings.Replace(text, "Loan Amount $162,000", "Loan Amount $16 2,000", 1)
	f, err := loanestimate.FromText(context.Background(), split)
	if err != nil {
		t.Fatal(err)
	}
	if f.LoanAmount == nil || *f.LoanAmount != 162000 || len(f.PleaseCheck()) != 0 {
		t.Fatalf("loan amount %v, please check %v", f.LoanAmount, f.PleaseCheck())
	}
	// Rejoined, "$1 2,000" would still disagree with the payment: it stays as read, and marked.
	wrong := strings.Replace(text, "Loan Amount $162,000", "Loan Amount $1 2,000", 1)
	f, err = loanestimate.FromText(context.Background(), wrong)
	if err != nil {
		t.Fatal(err)
	}
	if f.LoanAmount == nil || *f.LoanAmount != 1 || !slices.Contains(f.PleaseCheck(), "loanAmount") {
		t.Fatalf("loan amount %v, please check %v", f.LoanAmount, f.PleaseCheck())
	}
}
