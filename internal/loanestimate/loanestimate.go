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
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ledongthuc/pdf"

	"quotegrade/internal/vocab"
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

var (
	reRate       = regexp.MustCompile(`(?i)Interest Rate\s*([0-9]{1,2}(?:\.[0-9]{1,4})?)\s*%`)
	reAmount     = regexp.MustCompile(`(?i)Loan Amount\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reOrigin     = regexp.MustCompile(`(?i)A\.\s*Origination Charges\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	rePoints     = regexp.MustCompile(`(?i)([0-9.]+)\s*%\s*of Loan Amount\s*\(Points\)\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reCredit     = regexp.MustCompile(`(?i)Lender Credits\s*[-–]\s*\$\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reInsurance  = regexp.MustCompile(`(?i)Mortgage Insurance\s*\+\s*\$?\s*([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	reIdentifier = regexp.MustCompile(`(?i)Loan Estimate`)
)

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
	return FromText(ctx, text)
}

// FromText matches the fields in a Loan Estimate's plain text, however it
// was extracted (a text PDF, or OCR of a photo), within ctx's deadline.
func FromText(ctx context.Context, text string) (Fields, error) {
	return parse(ctx, text)
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
	for _, p := range pages {
		pageText(p, out)
		out.write("\n")
	}
	return out.b.String(), nil
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

// textBudget collects extracted text and stops the extraction (by panicking
// with stop) at the deadline or once max bytes are collected.
type textBudget struct {
	ctx context.Context
	max int
	b   strings.Builder
}

func (t *textBudget) write(s string) {
	if err := t.ctx.Err(); err != nil {
		panic(stop{fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)})
	}
	if t.b.Len()+len(s) > t.max {
		panic(stop{fmt.Errorf("%w: its text is larger than a Loan Estimate's", ErrNotLoanEstimate)})
	}
	t.b.WriteString(s)
}

// pageText interprets one page's content stream as the PDF library's own
// GetPlainText does, writing into the budget so the work stops at its bound.
func pageText(p pdf.Page, out *textBudget) {
	fonts := map[string]*pdf.Font{}
	for _, name := range p.Fonts() {
		f := p.Font(name)
		fonts[name] = &f
	}
	var enc pdf.TextEncoding = nopEncoding{}
	show := func(raw string) { out.write(enc.Decode(raw)) }
	pdf.Interpret(p.V.Key("Contents"), func(stk *pdf.Stack, op string) {
		n := stk.Len()
		args := make([]pdf.Value, n)
		for i := n - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		switch op {
		case "BT":
			out.write("\n")
		case "T*":
			show("\n")
		case "Tf":
			enc = nopEncoding{}
			if len(args) == 2 {
				if f, ok := fonts[args[0].Name()]; ok {
					enc = f.Encoder()
				}
			}
		case "Tj", "'":
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "\"":
			if len(args) == 3 {
				show(args[2].RawString())
			}
		case "TJ":
			if len(args) == 1 {
				for i := 0; i < args[0].Len(); i++ {
					if x := args[0].Index(i); x.Kind() == pdf.String {
						show(x.RawString())
					}
				}
			}
		}
	})
}

type nopEncoding struct{}

func (nopEncoding) Decode(raw string) string { return raw }

// Parse reads the fields from a Loan Estimate's text.
func Parse(text string) (Fields, error) {
	return parse(context.Background(), text)
}

func parse(ctx context.Context, text string) (Fields, error) {
	if len(text) > MaxText {
		return Fields{}, fmt.Errorf("%w: its text is larger than a Loan Estimate's", ErrNotLoanEstimate)
	}
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
	for _, p := range []struct {
		name  string
		re    *regexp.Regexp
		group int
		dst   **float64
	}{
		{"interestRate", reRate, 1, &f.InterestRate},
		{"loanAmount", reAmount, 1, &f.LoanAmount},
		{"originationCharges", reOrigin, 1, &f.OriginationCharge},
		{"points", rePoints, 2, &f.Points},
		{"lenderCredits", reCredit, 1, &f.LenderCredit},
		{"mortgageInsurance", reInsurance, 1, &f.MortgageInsurance},
	} {
		if ctx.Err() != nil {
			return Fields{}, fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)
		}
		pick(p.name, p.re, p.group, p.dst)
	}
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
