// Package fees holds the third-party fees of spec section 9: the appraisal,
// the title estimate looked up by loan amount from a table an operator can
// replace. Each partner lender's own fees are the operator's (internal/site).
package fees

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"quotegrade/internal/csvfile"
)

// Appraisal is the appraisal fee.
const Appraisal = 700

//go:embed title-rates.csv
var defaultTitleCSV []byte

// Columns of the title table.
const (
	Refinance = "refinance"
	Purchase  = "purchase"
	Seller    = "seller"
)

// TitleTable is the title estimate by loan amount, in ascending steps.
type TitleTable struct {
	steps []float64
	cols  map[string][]float64
}

// DefaultTitleTable is the table shipped with the binary.
func DefaultTitleTable() TitleTable {
	t, err := LoadTitleTable(bytes.NewReader(defaultTitleCSV))
	if err != nil {
		panic("embedded title-rates.csv: " + err.Error())
	}
	return t
}

// LoadTitleTable reads a CSV with the columns loan_amount, refinance,
// purchase and seller (lines starting with # are comments).
func LoadTitleTable(r io.Reader) (TitleTable, error) {
	tab, err := csvfile.Open(r, false)
	if err != nil {
		return TitleTable{}, fmt.Errorf("title table: %w", err)
	}
	idx := tab.Columns
	for _, want := range []string{"loan_amount", Refinance, Purchase, Seller} {
		if _, ok := idx[want]; !ok {
			return TitleTable{}, fmt.Errorf("title table: missing column %q", want)
		}
	}
	t := TitleTable{cols: map[string][]float64{}}
	for line, rec := range tab.Rows() {
		amount, err := number(rec[idx["loan_amount"]])
		if err != nil || (len(t.steps) > 0 && amount <= t.steps[len(t.steps)-1]) {
			return TitleTable{}, fmt.Errorf("title table line %d: loan amounts must be numbers in ascending order", line)
		}
		t.steps = append(t.steps, amount)
		for _, col := range []string{Refinance, Purchase, Seller} {
			v, err := number(rec[idx[col]])
			if err != nil || v < 0 {
				return TitleTable{}, fmt.Errorf("title table line %d: %s is not an amount", line, col)
			}
			t.cols[col] = append(t.cols[col], v)
		}
	}
	if err := tab.Err(); err != nil {
		return TitleTable{}, fmt.Errorf("title table %w", err)
	}
	if len(t.steps) == 0 {
		return TitleTable{}, errors.New("title table: no rows")
	}
	return t, nil
}

func number(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return v, nil
}

// Estimate is the title estimate of a column for a loan amount: rounded up
// to the next step, and capped at the top row.
func (t TitleTable) Estimate(column string, loanAmount float64) float64 {
	values := t.cols[column]
	for i, step := range t.steps {
		if loanAmount <= step {
			return values[i]
		}
	}
	return values[len(values)-1]
}

// RefinanceClosingCosts is the third-party and lender fees of refinancing
// loanAmount with a lender: appraisal, title estimate and the lender's own
// fees (lenderFees).
func (t TitleTable) RefinanceClosingCosts(lenderFees, loanAmount float64) float64 {
	return Appraisal + t.Estimate(Refinance, loanAmount) + lenderFees
}
