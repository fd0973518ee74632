package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/testsupport"
)

func writeFile(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "MORTGAGE30US.csv")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// `quotegrade rates import FILE` prints the preview's summary and stores the
// file, on either database; a broken file exits non-zero naming its lines
// and stores nothing.
func TestRatesImport(t *testing.T) {
	for name, settings := range map[string]func(t *testing.T) []string{
		"SQLite": func(t *testing.T) []string { return []string{"--data-dir", t.TempDir()} },
		"PostgreSQL": func(t *testing.T) []string {
			return []string{"--data-dir", t.TempDir(), "--database-url", testsupport.PostgresURL(t)}
		},
	} {
		t.Run(name, func(t *testing.T) {
			args := settings(t)
			noEnv := func(string) string { return "" }
			var out bytes.Buffer
			real := "../../internal/rates/testdata/fred-MORTGAGE30US.csv"
			if err := run(append([]string{"rates", "import", real}, args...), noEnv, &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"FRED CSV: 124 weeks, 2024-01-04 to 2026-05-14", "latest 30-year: 6.36% (week of 2026-05-14)",
				"124 new, 0 changed, 0 unchanged weeks", "no missing weeks", "imported 124 weeks"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}

			out.Reset()
			file := writeFile(t, "observation_date,MORTGAGE30US\n2026-05-14,6.35\n2026-05-28,6.21\n")
			if err := run(append([]string{"rates", "import", file}, args...), noEnv, &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			if s := out.String(); !strings.Contains(s, "1 new, 1 changed, 0 unchanged weeks") || !strings.Contains(s, "1 week missing:\n  30-year: 2026-05-21 to 2026-05-21 (1 week)") {
				t.Errorf("second import said:\n%s", s)
			}

			broken := writeFile(t, "observation_date,MORTGAGE30US\n2026-06-04,6.2\n2026-06-04,6.2\nlater,6.1\n")
			err := run(append([]string{"rates", "import", broken}, args...), noEnv, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "Nothing was imported: the file has 2 problems; line 3: the week of 2026-06-04 is already on line 2") ||
				!strings.Contains(err.Error(), "\n  line 4: date \"later\" is not YYYY-MM-DD or M/D/YYYY") {
				t.Fatalf("broken file: %v", err)
			}

			a := openApp(t, args...)
			defer a.Close()
			m, err := a.Rates.Markets(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if m.Fixed30.Rate != 6.21 || m.Fixed30.Week.Format(time.DateOnly) != "2026-05-28" || m.Fixed30.Source != "FRED CSV import" {
				t.Fatalf("stored 30-year figure %+v", m.Fixed30)
			}
		})
	}
}

func TestRatesImportUsage(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, args := range [][]string{{"rates"}, {"rates", "export", "x.csv"}, {"rates", "import", "--data-dir", "x"}} {
		if err := run(args, noEnv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "usage: quotegrade rates import FILE") {
			t.Errorf("%v: %v", args, err)
		}
	}
	if err := run([]string{"rates", "import", filepath.Join(t.TempDir(), "missing.csv")}, noEnv, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "missing.csv") {
		t.Errorf("a missing file: %v", err)
	}
}
