// Package csvfile reads the tables quotegrade loads from CSV (the title
// rates, the LLPA grid, a market-rate history): a header line naming the
// columns, then rows, with lines starting with # as comments. Each reader
// checks its own columns and values; this is the reading they share.
package csvfile

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
)

// Table is a CSV file being read: its columns by name, then its rows.
type Table struct {
	cr *csv.Reader
	// Columns are the header's names, lower case and trimmed, by position.
	Columns map[string]int
	err     error
}

// Open reads r's header. Ragged tables may give rows fewer or more fields
// than the header (Freddie Mac's history does); others may not.
func Open(r io.Reader, ragged bool) (*Table, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	if ragged {
		cr.FieldsPerRecord = -1
	}
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("read header: %w", err)
	}
	cols := make(map[string]int, len(header))
	for i, h := range header {
		cols[strings.ToLower(strings.TrimSpace(h))] = i
	}
	return &Table{cr: cr, Columns: cols}, nil
}

// Rows yields each row after the header with its line number, counting
// the header as line 1 and not counting comment lines. A row that cannot be
// read ends the rows; Err says why.
func (t *Table) Rows() iter.Seq2[int, []string] {
	return func(yield func(int, []string) bool) {
		for line := 2; ; line++ {
			rec, err := t.cr.Read()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				t.err = fmt.Errorf("line %d: %w", line, err)
				return
			}
			if !yield(line, rec) {
				return
			}
		}
	}
}

// Err is why Rows stopped early, naming the line; nil when every row was read.
func (t *Table) Err() error { return t.err }
