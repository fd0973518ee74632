package rates

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"quotegrade/internal/csvfile"
)

//go:embed pmms-weekly.csv
var snapshotCSV []byte

// Snapshot is the history bundled with the binary: the embedded default,
// used when no live source is configured. Its newest row is its as-of date.
type Snapshot struct{}

func (Snapshot) Name() string { return "bundled snapshot" }

func (Snapshot) Fetch(context.Context) ([]Observation, error) {
	return ParseHistoryCSV(bytes.NewReader(snapshotCSV))
}

// ParseHistoryCSV reads a weekly history by header name, not position:
// Freddie Mac's file gives recent rows fewer fields than old ones. It takes
// our own columns (date, rate30, rate15) or Freddie Mac's (week / date,
// pmms30, pmms15). Lines starting with # are comments; empty cells are skipped.
func ParseHistoryCSV(r io.Reader) ([]Observation, error) {
	tab, err := csvfile.Open(r, true)
	if err != nil {
		return nil, err
	}
	col := tab.Columns
	dateCol, ok := first(col, "date", "week")
	if !ok {
		return nil, errors.New("no date column")
	}
	seriesCols := map[string]int{}
	for series, names := range map[string][]string{Series30: {"rate30", "pmms30"}, Series15: {"rate15", "pmms15"}} {
		if i, ok := first(col, names...); ok {
			seriesCols[series] = i
		}
	}
	if len(seriesCols) == 0 {
		return nil, errors.New("no rate columns (rate30/pmms30, rate15/pmms15)")
	}
	var out []Observation
	for line, rec := range tab.Rows() {
		if dateCol >= len(rec) {
			continue
		}
		date, err := parseDate(rec[dateCol])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		for series, i := range seriesCols {
			if i >= len(rec) || strings.TrimSpace(rec[i]) == "" {
				continue
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(rec[i]), 64)
			if err != nil || v <= 0 || v > 30 {
				return nil, fmt.Errorf("line %d: rate %q is not a percentage", line, rec[i])
			}
			out = append(out, Observation{Series: series, Date: date, Rate: v})
		}
	}
	return out, tab.Err()
}

func first(col map[string]int, names ...string) (int, bool) {
	for _, n := range names {
		if i, ok := col[n]; ok {
			return i, true
		}
	}
	return 0, false
}

func parseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02", "1/2/2006", "01/02/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q is not YYYY-MM-DD or M/D/YYYY", s)
}
