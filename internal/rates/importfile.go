package rates

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"quotegrade/internal/csvfile"
)

// The files a broker may import on the Market data page or with
// `quotegrade rates import FILE`, named by their header.
const (
	// FormatFRED is a FRED CSV export: observation_date (DATE in older
	// exports) with MORTGAGE30US and/or MORTGAGE15US; "." or empty is missing.
	FormatFRED = "FRED CSV"
	// FormatFreddieMac is Freddie Mac's PMMS history (historicalweeklydata):
	// week (or date) with pmms30 and pmms15 among other columns, M/D/YYYY
	// dates, recent rows shorter than old ones.
	FormatFreddieMac = "Freddie Mac PMMS history"
	// FormatHistory is quotegrade's own history (date, rate30, rate15), the
	// bundled snapshot's layout.
	FormatHistory = "quotegrade history"
)

// MaxImportBytes caps an imported file: Freddie Mac's whole history since
// 1971 is about 200 KB.
const MaxImportBytes = 2 << 20

// A weekly average outside this range is a broken file, not a market: the
// survey's record high is 18.63% (1981) and its lowest 15-year figure 2.10% (2021).
const (
	MinImportRate = 1.0
	MaxImportRate = 20.0
)

// maxProblemsListed is how many line problems an answer names; a file that
// is wrong throughout says how many more there are.
const maxProblemsListed = 50

// Problem is one line of a file that cannot be imported.
type Problem struct {
	Line    int
	Message string
}

// Gap is a run of survey weeks a series has no figure for, between its
// first and last week in the file. From and To are the Thursdays (the
// survey's day) of the first and last missing week.
type Gap struct {
	Series   string
	From, To time.Time
	Weeks    int
}

// ImportFile is a market-data file read and checked: every figure, the
// weeks it covers, the weeks it leaves out and what is wrong in it.
type ImportFile struct {
	Format       string
	Observations []Observation
	// Weeks are the dates with at least one figure, oldest first.
	Weeks    []time.Time
	Gaps     []Gap
	Problems []Problem
}

// columns names a format's date column and its series columns.
type columns struct {
	format string
	date   []string
	series map[string]string // series -> column
}

var importLayouts = []columns{
	{FormatFRED, []string{"observation_date", "date"}, map[string]string{Series30: "mortgage30us", Series15: "mortgage15us"}},
	{FormatFreddieMac, []string{"week", "date"}, map[string]string{Series30: "pmms30", Series15: "pmms15"}},
	{FormatHistory, []string{"date"}, map[string]string{Series30: "rate30", Series15: "rate15"}},
}

var (
	errEmptyFile = errors.New("The file is empty")
	errNotText   = errors.New("The file is not a CSV text file: export it from FRED or Freddie Mac as CSV")
	errHeader    = errors.New("The first line must name the columns: observation_date (or DATE) with MORTGAGE30US and/or " +
		"MORTGAGE15US for a FRED CSV, or week with pmms30 and pmms15 for Freddie Mac's PMMS history")
	errNoRates = errors.New("The file has no weekly rates")
)

// ParseImport reads and checks a market-data file. An error means the file
// as a whole is not one (empty, not text, an unknown header); a file that
// is one but has wrong lines comes back with its Problems, each naming its
// line, so all of them can be shown at once. A week after today or before
// its series began (WeekProblem at now) is one of the Problems.
func ParseImport(data []byte, now time.Time) (ImportFile, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // spreadsheet programs write a byte-order mark
	if len(bytes.TrimSpace(data)) == 0 {
		return ImportFile{}, errEmptyFile
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return ImportFile{}, errNotText
	}
	tab, err := csvfile.Open(bytes.NewReader(data), true)
	if err != nil {
		return ImportFile{}, errHeader
	}
	layout, dateCol, seriesCols, ok := detect(tab.Columns)
	if !ok {
		return ImportFile{}, errHeader
	}
	r := reader{now: now, file: ImportFile{Format: layout.format}, seen: map[time.Time]int{}, byseries: map[string][]time.Time{}}
	for line, rec := range tab.Rows() {
		r.row(line, rec, dateCol, seriesCols)
	}
	if err := tab.Err(); err != nil {
		r.problem(0, "%s", err.Error()) // csvfile names the line in its error
	}
	if len(r.file.Observations) == 0 && len(r.file.Problems) == 0 {
		return ImportFile{}, errNoRates
	}
	for _, series := range []string{Series30, Series15} {
		r.file.Gaps = append(r.file.Gaps, gaps(series, r.byseries[series])...)
	}
	return r.file, nil
}

// detect finds the layout whose date column and at least one series column
// the header names.
func detect(cols map[string]int) (layout columns, dateCol int, seriesCols map[string]int, ok bool) {
	for _, l := range importLayouts {
		d, found := first(cols, l.date...)
		if !found {
			continue
		}
		sc := map[string]int{}
		for series, name := range l.series {
			if i, has := cols[name]; has {
				sc[series] = i
			}
		}
		if len(sc) > 0 {
			return l, d, sc, true
		}
	}
	return columns{}, 0, nil, false
}

// reader keeps what the rows so far have shown.
type reader struct {
	now      time.Time
	file     ImportFile
	prev     time.Time
	seen     map[time.Time]int // survey week (its Monday) -> line
	byseries map[string][]time.Time
}

func (r *reader) problem(line int, format string, args ...any) {
	r.file.Problems = append(r.file.Problems, Problem{Line: line, Message: fmt.Sprintf(format, args...)})
}

func cell(rec []string, i int) string {
	if i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

func (r *reader) row(line int, rec []string, dateCol int, seriesCols map[string]int) {
	if strings.TrimSpace(strings.Join(rec, "")) == "" {
		return // a blank line at the end of a spreadsheet's export
	}
	date, err := parseDate(cell(rec, dateCol))
	if err != nil {
		r.problem(line, "date %s is not YYYY-MM-DD or M/D/YYYY", shown(cell(rec, dateCol)))
		return
	}
	week := mondayOf(date)
	if earlier, dup := r.seen[week]; dup {
		r.problem(line, "the week of %s is already on line %d", date.Format(time.DateOnly), earlier)
		return
	}
	if date.Before(r.prev) {
		r.problem(line, "%s comes after %s: the weeks must be in order, oldest first", date.Format(time.DateOnly), r.prev.Format(time.DateOnly))
		return
	}
	r.seen[week], r.prev = line, date
	var obs []Observation
	for _, series := range []string{Series30, Series15} {
		i, has := seriesCols[series]
		raw := cell(rec, i)
		if !has || raw == "" || raw == "." { // "." is FRED's mark for a missing value
			continue
		}
		v, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			r.problem(line, "the %s-year rate %s is not a number", series, shown(raw))
			return
		}
		if v < MinImportRate || v > MaxImportRate {
			r.problem(line, "the %s-year rate %s%% is outside %g%% to %g%%", series, strings.Trim(shown(raw), `"`), MinImportRate, MaxImportRate)
			return
		}
		if p := WeekProblem(series, date, r.now); p != "" {
			r.problem(line, "%s", p)
			return
		}
		obs = append(obs, Observation{Series: series, Date: date, Rate: v})
	}
	if len(obs) == 0 {
		return // a week with no figure: it shows as a gap
	}
	r.file.Observations = append(r.file.Observations, obs...)
	r.file.Weeks = append(r.file.Weeks, date)
	for _, o := range obs {
		r.byseries[o.Series] = append(r.byseries[o.Series], date)
	}
}

// mondayOf is the Monday of date's week: the survey is published on
// Thursdays, on Wednesdays in holiday weeks, so weeks are compared by it.
func mondayOf(date time.Time) time.Time {
	d := time.Date(date.Year(), date.Month(), date.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// gaps lists the weeks missing between a series' dates (oldest first).
func gaps(series string, dates []time.Time) []Gap {
	var out []Gap
	for i := 1; i < len(dates); i++ {
		a, b := mondayOf(dates[i-1]), mondayOf(dates[i])
		missing := int(b.Sub(a).Hours()/24/7) - 1
		if missing <= 0 {
			continue
		}
		out = append(out, Gap{Series: series, From: a.AddDate(0, 0, 7+3), To: b.AddDate(0, 0, -7+3), Weeks: missing})
	}
	return out
}

// MissingWeeks is how many weeks the gaps of all series add up to.
func (f ImportFile) MissingWeeks() int {
	n := 0
	for _, g := range f.Gaps {
		n += g.Weeks
	}
	return n
}

// Latest is a series' newest figure in the file; ok is false without one.
func (f ImportFile) Latest(series string) (o Observation, ok bool) {
	for _, x := range f.Observations {
		if x.Series == series && !x.Date.Before(o.Date) {
			o, ok = x, true
		}
	}
	return o, ok
}

// Source is what the stored figures say they come from: the file's format,
// imported by a broker (shown to visitors beside the week, as "FRED" is).
func (f ImportFile) Source() string { return f.Format + " import" }

// ProblemList is the file's problems as the API lists them, "line N" to
// message, at most maxProblemsListed of them, with a summary naming the first.
func (f ImportFile) ProblemList() (summary string, lines map[string]string) {
	if len(f.Problems) == 0 {
		return "", nil
	}
	lines = map[string]string{}
	for _, p := range f.Problems[:min(len(f.Problems), maxProblemsListed)] {
		lines[lineKey(p.Line)] = p.Message
	}
	p := f.Problems[0]
	first := p.Message
	if p.Line > 0 {
		first = fmt.Sprintf("line %d: %s", p.Line, p.Message)
	}
	summary = fmt.Sprintf("Nothing was imported: %s", first)
	if n := len(f.Problems); n > 1 {
		summary = fmt.Sprintf("Nothing was imported: the file has %d problems; %s", n, first)
		if n > maxProblemsListed {
			summary += fmt.Sprintf(" (the first %d are listed)", maxProblemsListed)
		}
	}
	return summary, lines
}

func lineKey(line int) string {
	if line <= 0 {
		return "file"
	}
	return fmt.Sprintf("line %d", line)
}

// shown quotes a cell for a message, cut short: a hostile file's cell may be
// megabytes long, and the message goes back to the page.
func shown(cell string) string {
	const most = 40
	if r := []rune(cell); len(r) > most {
		return strconv.Quote(string(r[:most]) + "...")
	}
	return strconv.Quote(cell)
}
