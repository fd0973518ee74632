package mortgage

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"quotegrade/internal/csvfile"
)

// LLPA tables: which grid a scenario is priced on.
const (
	LLPAPurchase          = "purchase"
	LLPALimitedCashOutRef = "limited_cash_out_refinance"
	LLPACashOutRefinance  = "cash_out_refinance"
)

// LLPASource names the grid the instant grade uses, for its output and docs.
const LLPASource = "Fannie Mae loan-level price adjustment matrix dated 2025-11-17 (indicative: a third-party transcription, not Fannie Mae's own document)"

//go:embed llpa-fannie-mae-2025-11-17.csv
var llpaCSV []byte

// creditBuckets and ltvBuckets are the grid's rows and columns, best first.
var (
	creditBuckets = []struct {
		label string
		min   int
	}{{">=780", 780}, {"760-779", 760}, {"740-759", 740}, {"720-739", 720}, {"700-719", 700}, {"680-699", 680}, {"660-679", 660}, {"640-659", 640}, {"<=639", 0}}
	ltvBuckets = []struct {
		label string
		max   float64 // inclusive upper bound, percent
	}{{"<=30", 30}, {"30.01-60", 60}, {"60.01-70", 70}, {"70.01-75", 75}, {"75.01-80", 80}, {"80.01-85", 85}, {"85.01-90", 90}, {"90.01-95", 95}, {">95", 1e9}}
)

// LLPAGrid is loan-level price adjustments in percent of the loan amount,
// by table, credit-score bucket and loan-to-value bucket.
type LLPAGrid struct {
	cells map[string]map[string]map[string]float64
}

var defaultLLPA = mustLLPA()

func mustLLPA() LLPAGrid {
	g, err := LoadLLPAGrid(bytes.NewReader(llpaCSV))
	if err != nil {
		panic("embedded LLPA grid: " + err.Error())
	}
	return g
}

// DefaultLLPAGrid is the grid shipped with the binary.
func DefaultLLPAGrid() LLPAGrid { return defaultLLPA }

// LoadLLPAGrid reads table,credit_score,ltv_pct_bucket,llpa_pct_of_loan_amount
// rows (lines starting with # are comments).
func LoadLLPAGrid(r io.Reader) (LLPAGrid, error) {
	tab, err := csvfile.Open(r, false)
	if err != nil {
		return LLPAGrid{}, fmt.Errorf("llpa grid: %w", err)
	}
	g := LLPAGrid{cells: map[string]map[string]map[string]float64{}}
	for line, rec := range tab.Rows() {
		v, err := strconv.ParseFloat(strings.TrimSpace(rec[3]), 64)
		if err != nil {
			return LLPAGrid{}, fmt.Errorf("llpa grid line %d: %q is not a number", line, rec[3])
		}
		table, credit, ltv := rec[0], rec[1], rec[2]
		if g.cells[table] == nil {
			g.cells[table] = map[string]map[string]float64{}
		}
		if g.cells[table][credit] == nil {
			g.cells[table][credit] = map[string]float64{}
		}
		g.cells[table][credit][ltv] = v
	}
	if err := tab.Err(); err != nil {
		return LLPAGrid{}, fmt.Errorf("llpa grid %w", err)
	}
	if len(g.cells) == 0 {
		return LLPAGrid{}, errors.New("llpa grid: no rows")
	}
	return g, nil
}

// Adjustment is the LLPA in percent of the loan amount (points) for a
// scenario. A loan-to-value past the table's last column (cash-out grids
// stop at 80%) uses the last column; a table it does not know is 0.
func (g LLPAGrid) Adjustment(table string, creditScore int, ltvPercent float64) float64 {
	row := g.cells[table][creditBucket(creditScore)]
	last := 0.0
	for _, b := range ltvBuckets {
		v, ok := row[b.label]
		if !ok {
			continue
		}
		last = v
		if ltvPercent <= b.max {
			return v
		}
	}
	return last
}

func creditBucket(score int) string {
	for _, b := range creditBuckets {
		if score >= b.min {
			return b.label
		}
	}
	return creditBuckets[len(creditBuckets)-1].label
}

// LLPATable is the grid a loan is priced on.
func LLPATable(loanType string, cashOut bool) string {
	switch {
	case loanType != "refinance":
		return LLPAPurchase
	case cashOut:
		return LLPACashOutRefinance
	}
	return LLPALimitedCashOutRef
}
