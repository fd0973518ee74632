package rates

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sharedPMMS is the team's copy of the published survey (../shared, beside
// the worktree): date,rate30,rate15, the 15-year series with gaps.
const sharedPMMS = "../../../shared/data/pmms-weekly.csv"

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func gapList(f ImportFile) string {
	var parts []string
	for _, g := range f.Gaps {
		parts = append(parts, g.Series+":"+g.From.Format(time.DateOnly)+".."+g.To.Format(time.DateOnly)+"="+strconv.Itoa(g.Weeks))
	}
	return strings.Join(parts, " ")
}

// The real files read whole: the format named, every week, the newest figure
// of each series and the gaps of the 15-year series listed, none hidden.
func TestParseImportRealFiles(t *testing.T) {
	for _, c := range []struct {
		name, path, format     string
		weeks                  int
		first, last            string
		latest30, latest15     float64
		latest15Week, someGaps string
	}{
		{"shared PMMS history", sharedPMMS, FormatHistory, 124, "2024-01-04", "2026-05-14", 6.36, 5.44, "2026-02-26", "15:2024-09-12..2024-10-17=6"},
		{"Freddie Mac history file", "testdata/freddiemac-history.csv", FormatFreddieMac, 4, "2024-01-04", "2026-05-14", 6.36, 5.87, "2024-01-11", "30:2024-01-18..2026-04-30=120"},
		{"FRED CSV, observation_date", "testdata/fred-MORTGAGE30US.csv", FormatFRED, 124, "2024-01-04", "2026-05-14", 6.36, 0, "", ""},
		{"FRED CSV, older DATE header", "testdata/fred-MORTGAGE15US-DATE.csv", FormatFRED, 37, "2024-01-04", "2024-10-24", 0, 5.71, "2024-10-24", "15:2024-09-12..2024-10-17=6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := ParseImport(readFixture(t, c.path), testNow)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Problems) > 0 {
				t.Fatalf("problems in a real file: %+v", f.Problems)
			}
			if f.Format != c.format || len(f.Weeks) != c.weeks {
				t.Fatalf("format %q with %d weeks, want %q with %d", f.Format, len(f.Weeks), c.format, c.weeks)
			}
			if got := f.Weeks[0].Format(time.DateOnly) + ".." + f.Weeks[len(f.Weeks)-1].Format(time.DateOnly); got != c.first+".."+c.last {
				t.Fatalf("weeks %s, want %s..%s", got, c.first, c.last)
			}
			l30, ok30 := f.Latest(Series30)
			if ok30 != (c.latest30 > 0) || l30.Rate != c.latest30 {
				t.Fatalf("latest 30-year %+v (%v), want %v", l30, ok30, c.latest30)
			}
			l15, ok15 := f.Latest(Series15)
			if ok15 != (c.latest15 > 0) || l15.Rate != c.latest15 {
				t.Fatalf("latest 15-year %+v (%v), want %v", l15, ok15, c.latest15)
			}
			if c.latest15Week != "" && l15.Date.Format(time.DateOnly) != c.latest15Week {
				t.Fatalf("latest 15-year week %v, want %s", l15.Date, c.latest15Week)
			}
			if gaps := gapList(f); !strings.Contains(gaps, c.someGaps) || (c.someGaps == "" && gaps != "") {
				t.Fatalf("gaps %q, want them to include %q", gaps, c.someGaps)
			}
		})
	}
}

// The shared file's 15-year series is every week to 2024-09-05, then
// scattered: each missing run is listed, and the 30-year series has none
// (Wednesday releases in holiday weeks are the same survey week).
func TestParseImportListsEveryMissingWeek(t *testing.T) {
	f, err := ParseImport(readFixture(t, sharedPMMS), testNow)
	if err != nil {
		t.Fatal(err)
	}
	missing15 := 0
	for _, g := range f.Gaps {
		if g.Series == Series30 {
			t.Fatalf("a 30-year gap in a complete series: %+v", g)
		}
		if g.From.Weekday() != time.Thursday || g.To.Before(g.From) {
			t.Fatalf("gap %+v: weeks are named by their Thursday, oldest first", g)
		}
		missing15 += g.Weeks
	}
	l15, _ := f.Latest(Series15)
	first15 := day("2024-01-04")
	weeks15 := int(mondayOf(l15.Date).Sub(mondayOf(first15)).Hours()/24/7) + 1
	have15 := 0
	for _, o := range f.Observations {
		if o.Series == Series15 {
			have15++
		}
	}
	if have15+missing15 != weeks15 || f.MissingWeeks() != missing15 {
		t.Fatalf("%d 15-year weeks + %d missing != %d weeks from first to last", have15, missing15, weeks15)
	}
}

func TestParseImportRefusesBrokenFiles(t *testing.T) {
	fred := "observation_date,MORTGAGE30US,MORTGAGE15US\n"
	for _, c := range []struct {
		name, body string
		fileErr    string // the whole file refused
		line       int    // or this line named
		problem    string
	}{
		{"empty", "", "The file is empty", 0, ""},
		{"only blank lines", "\n \n", "The file is empty", 0, ""},
		{"wrong header", "when,rate\n2024-01-04,6.62\n", "The first line must name the columns", 0, ""},
		{"date but no rate column", "observation_date,DGS10\n2024-01-04,4.0\n", "The first line must name the columns", 0, ""},
		{"header only", fred, "The file has no weekly rates", 0, ""},
		{"not text", "observation_date,MORTGAGE30US\n2024-01-04,6.62\x00\n", "not a CSV text file", 0, ""},
		{"bad date", fred + "2024-01-04,6.62,5.89\n2024-13-11,6.66,5.87\n", "", 3, `date "2024-13-11" is not YYYY-MM-DD or M/D/YYYY`},
		{"out of order", fred + "2024-01-11,6.66,5.87\n2024-01-04,6.62,5.89\n", "", 3, "2024-01-04 comes after 2024-01-11: the weeks must be in order, oldest first"},
		{"duplicate week", fred + "2024-01-04,6.62,5.89\n2024-01-11,6.66,5.87\n2024-01-11,6.66,5.87\n", "", 4, "the week of 2024-01-11 is already on line 3"},
		{"same week, another day", fred + "2024-01-04,6.62,5.89\n2024-01-03,6.62,5.89\n", "", 3, "the week of 2024-01-03 is already on line 2"},
		{"30-year out of range", fred + "2024-01-04,66.2,5.89\n", "", 2, "the 30-year rate 66.2% is outside 1% to 20%"},
		{"15-year out of range", fred + "2024-01-04,6.62,0.589\n", "", 2, "the 15-year rate 0.589% is outside 1% to 20%"},
		{"rate not a number", fred + "2024-01-04,6.62%,5.89\n", "", 2, `the 30-year rate "6.62%" is not a number`},
		{"broken quoting", fred + "2024-01-04,\"6.62,5.89\n", "", 0, "line 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := ParseImport([]byte(c.body), testNow)
			if c.fileErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.fileErr) {
					t.Fatalf("error %v, want %q", err, c.fileErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Problems) == 0 {
				t.Fatalf("accepted: %+v", f)
			}
			p := f.Problems[0]
			if p.Line != c.line || !strings.Contains(p.Message, c.problem) {
				t.Fatalf("problem %+v, want line %d: %s", p, c.line, c.problem)
			}
		})
	}
}

// A gap is reported, not refused: the weeks around it import, and the
// missing ones are named.
func TestParseImportReportsAGap(t *testing.T) {
	f, err := ParseImport([]byte("observation_date,MORTGAGE30US\n2024-01-04,6.62\n2024-01-11,.\n2024-01-18,6.60\n2024-02-08,6.64\n\n"), testNow)
	if err != nil || len(f.Problems) > 0 {
		t.Fatalf("%v %+v", err, f.Problems)
	}
	if got := gapList(f); got != "30:2024-01-11..2024-01-11=1 30:2024-01-25..2024-02-01=2" {
		t.Fatalf("gaps %q", got)
	}
	if len(f.Weeks) != 3 || f.MissingWeeks() != 3 {
		t.Fatalf("%d weeks, %d missing", len(f.Weeks), f.MissingWeeks())
	}
}

// Every problem of a file is listed by line, and the summary names the first.
func TestProblemListNamesTheLines(t *testing.T) {
	f, err := ParseImport([]byte("DATE,MORTGAGE30US\n2024-01-04,6.62\nsoon,6.6\n2024-01-18,99\n"), testNow)
	if err != nil {
		t.Fatal(err)
	}
	summary, lines := f.ProblemList()
	if !strings.Contains(summary, "2 problems") || !strings.Contains(summary, `line 3: date "soon"`) {
		t.Fatalf("summary %q", summary)
	}
	if len(lines) != 2 || !strings.Contains(lines["line 4"], "99%") {
		t.Fatalf("lines %v", lines)
	}
}

// A hostile file's long cell comes back cut short in the message.
func TestProblemsQuoteCellsShort(t *testing.T) {
	f, err := ParseImport([]byte("observation_date,MORTGAGE30US\n"+strings.Repeat("9", 100000)+",6.1\n2024-01-04,"+strings.Repeat("7", 5000)+"\n"), testNow)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Problems) != 2 || len(f.Problems[0].Message) > 120 || len(f.Problems[1].Message) > 120 {
		t.Fatalf("problems %+v", f.Problems)
	}
}

// testNow is the day the files are read: after every fixture's last week.
var testNow = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// A week after today (beyond the survey's release lead) or before its series
// began is refused with its line, so it never becomes the live market rate.
func TestParseImportRefusesWeeksOutsideTheSurvey(t *testing.T) {
	for name, c := range map[string]struct {
		body, want string
	}{
		"far future":          {"observation_date,MORTGAGE30US\n2026-11-19,6.2\n9999-12-30,6.1\n", "the week of 9999-12-30 is after today"},
		"next week":           {"observation_date,MORTGAGE30US\n2026-11-19,6.2\n2026-12-03,6.1\n", "the week of 2026-12-03 is after today"},
		"year 1":              {"observation_date,MORTGAGE30US\n0001-01-04,6.1\n2026-11-19,6.2\n", "before the survey's 30-year series began (1971-04-02)"},
		"15-year before 1991": {"observation_date,MORTGAGE15US\n1990-01-04,9.1\n", "before the survey's 15-year series began (1991-08-30)"},
	} {
		t.Run(name, func(t *testing.T) {
			f, err := ParseImport([]byte(c.body), testNow)
			if err != nil {
				t.Fatal(err)
			}
			summary, lines := f.ProblemList()
			if summary == "" || !strings.Contains(fmt.Sprint(lines), c.want) {
				t.Fatalf("problems = %q %v, want %q", summary, lines, c.want)
			}
		})
	}
	// Within the lead (dated Thursday, read on Wednesday in UTC) is fine.
	if f, err := ParseImport([]byte("observation_date,MORTGAGE30US\n2026-11-19,6.2\n2026-11-28,6.1\n"), testNow); err != nil || len(f.Problems) != 0 {
		t.Fatalf("a week within the lead: %v %v", err, f.Problems)
	}
}
