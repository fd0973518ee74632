// Package loanestimate reads the figures a visitor needs from the standard
// 3-page Loan Estimate (CFPB form H-24) when it arrives as a text PDF: the
// interest rate, loan amount, origination charges (section A, the lender
// fees), points, any lender credit and the monthly mortgage insurance. It
// never trusts the file: every read is bounded in input size, pages, inflated
// bytes, text and time, and the work really stops at each bound; a malformed
// or oversized PDF simply yields nothing.
package loanestimate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ledongthuc/pdf"

	"quotegrade/internal/vocab"
)

// Fields are the figures read; nil means not found. The JSON names are the
// wire shape of `loanEstimate` (internal/httpapi/openapi.json).
type Fields struct {
	InterestRate      *float64 `json:"interestRate"`
	LoanAmount        *float64 `json:"loanAmount"`
	OriginationCharge *float64 `json:"originationCharges"`
	Points            *float64 `json:"points"`
	LenderCredit      *float64 `json:"lenderCredits"`
	MortgageInsurance *float64 `json:"mortgageInsurance"`
	// LenderFees is what the quote form asks for (docs/loan-estimate.md):
	// section A, plus the lender's own fees in sections B and C except the
	// appraisal, less lender credits (negative when the credit is larger).
	// The math core adds its own appraisal and title estimate.
	LenderFees *float64 `json:"lenderFees"`
	// Lines are the lines of sections A to H that show an amount.
	Lines                   []Line       `json:"lines"`
	ClosingCosts            *float64     `json:"closingCosts"`
	CashToClose             *float64     `json:"cashToClose"`
	APR                     *float64     `json:"apr"`
	TotalInterestPercentage *float64     `json:"totalInterestPercentage"`
	InFiveYears             *InFiveYears `json:"inFiveYears"`
	// RateLockUntil is the lock's end (yyyy-mm-dd) when the rate is locked.
	RateLockUntil     *string `json:"rateLockUntil"`
	PrepaymentPenalty *bool   `json:"prepaymentPenalty"`
	// LoanTerm is in months.
	LoanTerm   *int     `json:"loanTerm"`
	LenderName *string  `json:"lenderName"`
	Found      []string `json:"found"`
	NotFound   []string `json:"notFound"`
	// ByOCR: some of the figures were read by OCR (a photo, or a PDF page
	// that is a picture), so any of them may be misread.
	ByOCR bool `json:"readByOcr"`
	// Checks are the form's own arithmetic, each comparison made
	// (checks.go); PleaseCheck derives the figures to check from them.
	Checks []Check `json:"checks"`
}

// Line is one line of the Closing Cost Details, as printed.
type Line struct {
	Section string  `json:"section"`
	Label   string  `json:"label"`
	Amount  float64 `json:"amount"`
}

// InFiveYears is page 3's "In 5 Years" comparison.
type InFiveYears struct {
	TotalPaid     float64 `json:"totalPaid"`
	PrincipalPaid float64 `json:"principalPaid"`
}

// Limits on hostile input. A real Loan Estimate has 3 pages whose content
// streams inflate to a few hundred KB and hold about 10 KB of text.
const (
	MaxPages = 10
	// MaxInflated caps the bytes all content and font-map streams of the
	// pages read may inflate to, counted before any of them is interpreted,
	// so a stream that inflates a thousandfold is refused after inflating
	// at most this much.
	MaxInflated = 4 << 20
	// MaxText caps the text extracted; extraction stops when it is reached.
	MaxText = 1 << 20
	// Timeout is one deadline over the whole read: extraction and matching.
	Timeout = 5 * time.Second
)

// ErrNotLoanEstimate: the file is no readable Loan Estimate.
var ErrNotLoanEstimate = errors.New("not a readable Loan Estimate")

// Read extracts the fields from a PDF's bytes. It runs in the caller's
// goroutine, so when it returns, all its work has ended.
func Read(ctx context.Context, data []byte) (Fields, error) {
	if len(data) > vocab.MaxUploadBytes {
		return Fields{}, fmt.Errorf("%w: over %d bytes", ErrNotLoanEstimate, vocab.MaxUploadBytes)
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	text, err := plainText(ctx, data)
	if err != nil {
		return Fields{}, err
	}
	return fromText(ctx, text)
}

// stop is how a bound ends the PDF library's work: it panics with it from a
// read or a callback, and plainText recovers it.
type stop struct{ reason error }

// guardedFile checks the deadline on every read the PDF library makes, so
// even work inside the library (inflating, lexing) ends soon after it.
type guardedFile struct {
	ctx  context.Context
	data *bytes.Reader
}

func (g guardedFile) ReadAt(p []byte, off int64) (int, error) {
	if err := g.ctx.Err(); err != nil {
		panic(stop{fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)})
	}
	return g.data.ReadAt(p, off)
}

// plainText pulls the text of at most MaxPages pages and MaxText bytes; the
// PDF library may panic on a malformed file, which counts as unreadable.
func plainText(ctx context.Context, data []byte) (text string, err error) {
	defer func() {
		if v := recover(); v != nil {
			if s, ok := v.(stop); ok {
				err = s.reason
				return
			}
			err = fmt.Errorf("%w: malformed PDF", ErrNotLoanEstimate)
		}
	}()
	r, err := pdf.NewReader(guardedFile{ctx, bytes.NewReader(data)}, int64(len(data)))
	if err != nil {
		if s := ctx.Err(); s != nil {
			return "", fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)
		}
		return "", fmt.Errorf("%w: %v", ErrNotLoanEstimate, err)
	}
	if r.NumPage() > MaxPages {
		return "", fmt.Errorf("%w: %d pages", ErrNotLoanEstimate, r.NumPage())
	}
	pages := make([]pdf.Page, 0, r.NumPage())
	for i := 1; i <= r.NumPage(); i++ {
		if p := r.Page(i); !p.V.IsNull() {
			pages = append(pages, p)
		}
	}
	if err := checkInflated(pages); err != nil {
		return "", err
	}
	out := &textBudget{ctx: ctx, max: MaxText}
	var b strings.Builder
	for _, p := range pages {
		b.WriteString(layOut(pageFragments(p, out)))
		b.WriteString("\n")
	}
	return b.String(), nil
}

// inflateGuard refuses, before poppler sees it, a PDF whose pages' streams
// inflate past MaxInflated or that has more than MaxPages pages: poppler
// spends seconds of CPU on a 100 MB text bomb. A PDF the Go library cannot
// open passes: poppler, under its own bounds, may read it.
func inflateGuard(ctx context.Context, data []byte) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = nil
			if s, ok := v.(stop); ok {
				err = s.reason
			}
		}
	}()
	r, err := pdf.NewReader(guardedFile{ctx, bytes.NewReader(data)}, int64(len(data)))
	if err != nil {
		return nil
	}
	if r.NumPage() > MaxPages {
		return fmt.Errorf("%w: %d pages", ErrNotLoanEstimate, r.NumPage())
	}
	pages := make([]pdf.Page, 0, r.NumPage())
	for i := 1; i <= r.NumPage(); i++ {
		if p := r.Page(i); !p.V.IsNull() {
			pages = append(pages, p)
		}
	}
	return checkInflated(pages)
}

// checkInflated inflates every stream the pages' text comes from (content
// streams and the fonts' ToUnicode maps) into nothing, counting bytes, and
// refuses the file once MaxInflated is passed: the bomb is found after
// inflating at most MaxInflated bytes, and nothing is interpreted before.
func checkInflated(pages []pdf.Page) error {
	left := int64(MaxInflated)
	count := func(v pdf.Value) {
		n, err := io.CopyN(io.Discard, v.Reader(), left+1)
		if err != nil && !errors.Is(err, io.EOF) {
			panic(fmt.Errorf("inflate: %w", err))
		}
		left -= n
		if left < 0 {
			panic(stop{fmt.Errorf("%w: its text is larger than a Loan Estimate's", ErrNotLoanEstimate)})
		}
	}
	for _, p := range pages {
		for _, s := range streams(p.V.Key("Contents")) {
			count(s)
		}
		fonts := p.Resources().Key("Font")
		for _, name := range fonts.Keys() {
			if m := fonts.Key(name).Key("ToUnicode"); m.Kind() == pdf.Stream {
				count(m)
			}
		}
	}
	return nil
}

func streams(v pdf.Value) []pdf.Value {
	switch v.Kind() {
	case pdf.Stream:
		return []pdf.Value{v}
	case pdf.Array:
		out := make([]pdf.Value, 0, v.Len())
		for i := 0; i < v.Len(); i++ {
			if s := v.Index(i); s.Kind() == pdf.Stream {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// textBudget counts extracted text and stops the extraction (by panicking
// with stop) at the deadline or once max bytes are extracted.
type textBudget struct {
	ctx  context.Context
	max  int
	used int
}

func (t *textBudget) spend(s string) {
	if err := t.ctx.Err(); err != nil {
		panic(stop{fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)})
	}
	if t.used+len(s) > t.max {
		panic(stop{fmt.Errorf("%w: its text is larger than a Loan Estimate's", ErrNotLoanEstimate)})
	}
	t.used += len(s)
}
