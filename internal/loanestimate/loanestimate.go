// Package loanestimate reads the figures a visitor needs from the standard
// 3-page Loan Estimate (CFPB form H-24) when it arrives as a text PDF: the
// interest rate, loan amount, origination charges (section A, the lender
// fees), points, any lender credit and the monthly mortgage insurance. It
// never trusts the file: parsing is bounded in size, pages and time, and a
// malformed PDF simply yields nothing.
package loanestimate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ledongthuc/pdf"
)

// Fields are the figures read; nil means not found.
type Fields struct {
	InterestRate      *float64 `json:"interestRate"`
	LoanAmount        *float64 `json:"loanAmount"`
	OriginationCharge *float64 `json:"originationCharges"`
	Points            *float64 `json:"points"`
	LenderCredit      *float64 `json:"lenderCredits"`
	MortgageInsurance *float64 `json:"mortgageInsurance"`
	// LenderFees is what the quote form asks for: origination charges less
	// lender credits (negative when the credit is larger).
	LenderFees *float64 `json:"lenderFees"`
	Found      []string `json:"found"`
	NotFound   []string `json:"notFound"`
}

// Limits on hostile input.
const (
	MaxBytes = 10 << 20
	MaxPages = 10
	Timeout  = 5 * time.Second
)

// ErrNotLoanEstimate: the file is no readable Loan Estimate.
var ErrNotLoanEstimate = errors.New("not a readable Loan Estimate")

var (
	reRate       = regexp.MustCompile(`(?i)Interest Rate\s*([0-9]{1,2}(?:\.[0-9]{1,4})?)\s*%`)
	reAmount     = regexp.MustCompile(`(?i)Loan Amount\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reOrigin     = regexp.MustCompile(`(?i)A\.\s*Origination Charges\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	rePoints     = regexp.MustCompile(`(?i)([0-9.]+)\s*%\s*of Loan Amount\s*\(Points\)\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reCredit     = regexp.MustCompile(`(?i)Lender Credits\s*[-–]\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reInsurance  = regexp.MustCompile(`(?i)Mortgage Insurance\s*\+\s*\$?\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reIdentifier = regexp.MustCompile(`(?i)Loan Estimate`)
)

// Read extracts the fields from a PDF's bytes within Timeout.
func Read(ctx context.Context, data []byte) (Fields, error) {
	if len(data) > MaxBytes {
		return Fields{}, ErrNotLoanEstimate
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	type result struct {
		text string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		text, err := plainText(data)
		done <- result{text, err}
	}()
	select {
	case <-ctx.Done():
		return Fields{}, fmt.Errorf("%w: parsing took too long", ErrNotLoanEstimate)
	case r := <-done:
		if r.err != nil {
			return Fields{}, r.err
		}
		return Parse(r.text)
	}
}

// plainText pulls the text of at most MaxPages pages; the PDF library may
// panic on a malformed file, which counts as unreadable.
func plainText(data []byte) (text string, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: malformed PDF", ErrNotLoanEstimate)
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotLoanEstimate, err)
	}
	if r.NumPage() > MaxPages {
		return "", fmt.Errorf("%w: %d pages", ErrNotLoanEstimate, r.NumPage())
	}
	var b strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		t, err := p.GetPlainText(nil)
		if err != nil {
			return "", fmt.Errorf("%w: %v", ErrNotLoanEstimate, err)
		}
		b.WriteString(t)
		b.WriteString("\n")
	}
	return b.String(), nil
}

// Parse reads the fields from a Loan Estimate's text.
func Parse(text string) (Fields, error) {
	text = strings.Join(strings.Fields(text), " ")
	if !reIdentifier.MatchString(text) {
		return Fields{}, ErrNotLoanEstimate
	}
	f := Fields{Found: []string{}, NotFound: []string{}}
	pick := func(name string, re *regexp.Regexp, group int, dst **float64) {
		m := re.FindStringSubmatch(text)
		if m == nil {
			f.NotFound = append(f.NotFound, name)
			return
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[group], ",", ""), 64)
		if err != nil {
			f.NotFound = append(f.NotFound, name)
			return
		}
		*dst = &v
		f.Found = append(f.Found, name)
	}
	pick("interestRate", reRate, 1, &f.InterestRate)
	pick("loanAmount", reAmount, 1, &f.LoanAmount)
	pick("originationCharges", reOrigin, 1, &f.OriginationCharge)
	pick("points", rePoints, 2, &f.Points)
	pick("lenderCredits", reCredit, 1, &f.LenderCredit)
	pick("mortgageInsurance", reInsurance, 1, &f.MortgageInsurance)
	if f.OriginationCharge != nil {
		fees := *f.OriginationCharge
		if f.LenderCredit != nil {
			fees -= *f.LenderCredit
		}
		f.LenderFees = &fees
	}
	if len(f.Found) == 0 {
		return f, ErrNotLoanEstimate
	}
	return f, nil
}

// ReadAll reads r (bounded) and extracts the fields.
func ReadAll(ctx context.Context, r io.Reader) (Fields, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return Fields{}, err
	}
	return Read(ctx, data)
}
