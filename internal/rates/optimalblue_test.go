package rates_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/testsupport"
)

var saturday = time.Date(2026, 5, 23, 12, 0, 0, 0, time.UTC)

// fredReplay answers FRED's series/observations endpoint from the recorded
// answers in testdata (FRED's documented JSON format; see testdata/README.md).
// A series in fail gets FRED's answer for an unknown series.
func fredReplay(t *testing.T, fail string) (*httptest.Server, *[]string) {
	t.Helper()
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != "/series/observations" || q.Get("file_type") != "json" || q.Get("api_key") != "k3y" {
			http.Error(w, `{"error_code":400,"error_message":"Bad Request."}`, http.StatusBadRequest)
			return
		}
		id := q.Get("series_id")
		asked = append(asked, id+" from "+q.Get("observation_start"))
		if id == fail {
			http.Error(w, `{"error_code":400,"error_message":"Bad Request.  The series does not exist."}`, http.StatusBadRequest)
			return
		}
		http.ServeFile(w, r, "testdata/fred-"+strings.ToLower(id)+".json")
	}))
	t.Cleanup(srv.Close)
	return srv, &asked
}

func optimalBlueService(t *testing.T, baseURL string) *rates.Service {
	st := testsupport.NewSQLite(t)
	now := func() time.Time { return saturday }
	src := rates.OptimalBlue{FRED: rates.FRED{BaseURL: baseURL, APIKey: "k3y"}, Now: now}
	return rates.NewService(st, rates.Snapshot{}, slog.New(slog.NewTextHandler(io.Discard, nil)), now).WithOptimalBlue(st, src)
}

// A refresh reads the ten bands and the all-loans index over the last 30
// days, stores them, and the latest market figures carry each band's newest
// day; FRED's "." (missing) is skipped, so that band's newest is the day before.
func TestOptimalBlueRefreshFromRecordedFRED(t *testing.T) {
	ctx := context.Background()
	srv, asked := fredReplay(t, "")
	svc := optimalBlueService(t, srv.URL)
	if err := svc.RefreshBenchmarks(ctx); err != nil {
		t.Fatal(err)
	}
	if len(*asked) != 11 || (*asked)[0] != "OBMMIC30YFLVLE80FGE740 from 2026-04-23" || (*asked)[10] != "OBMMIC30YF from 2026-04-23" {
		t.Fatalf("asked FRED for %v", *asked)
	}
	m, err := svc.Markets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Bands) != 10 {
		t.Fatalf("bands = %d, want the ten (the all-loans index is stored, not graded with)", len(m.Bands))
	}
	b, ok := m.BenchmarkFor(742, 90, saturday)
	if !ok || b.Band.SeriesID != "OBMMIC30YFLVGT80FGE740" || b.Market.Rate != 6.16 || b.Market.Week.Format(time.DateOnly) != "2026-05-21" {
		t.Fatalf("742 at 90%% = %+v, %v; want the >80 / 740+ band's 6.160 of May 21 (May 22 is missing)", b, ok)
	}
	b, ok = m.BenchmarkFor(700, 75, saturday)
	if !ok || b.Band.SeriesID != "OBMMIC30YFLVLE80FB700A719" || b.Market.Rate != 6.23 || b.Market.Week.Format(time.DateOnly) != "2026-05-22" ||
		b.Market.Source != "FRED" || b.Market.Label() != "Optimal Blue 30-year fixed conforming index for credit scores of 700 to 719 and loan-to-value up to 80%" {
		t.Fatalf("700 at 75%% = %+v, %v", b, ok)
	}
	// The weekly survey is untouched: still the bundled snapshot's figure.
	if m.Fixed30.Rate != 6.36 {
		t.Fatalf("30-year survey = %v", m.Fixed30.Rate)
	}
}

// One series failing keeps the others (the grade falls back for that band
// only) and reports the failure for the job's retry.
func TestOptimalBlueOneSeriesFailing(t *testing.T) {
	ctx := context.Background()
	srv, _ := fredReplay(t, "OBMMIC30YFLVGT80FLT680")
	svc := optimalBlueService(t, srv.URL)
	err := svc.RefreshBenchmarks(ctx)
	if err == nil || !strings.Contains(err.Error(), "OBMMIC30YFLVGT80FLT680: HTTP 400") || strings.Contains(err.Error(), "k3y") {
		t.Fatalf("error = %v; want the failed series named, without the key", err)
	}
	m, err := svc.Markets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.BenchmarkFor(650, 95, saturday); ok {
		t.Fatal("a band FRED did not answer has a figure")
	}
	if _, ok := m.BenchmarkFor(650, 80, saturday); !ok {
		t.Fatal("the other bands were lost with the failing one")
	}
}

// Without a FRED key the benchmark is off: no bands, the survey alone.
func TestNoKeyNoBands(t *testing.T) {
	st := testsupport.NewSQLite(t)
	svc := rates.NewService(st, rates.Snapshot{}, slog.New(slog.NewTextHandler(io.Discard, nil)), func() time.Time { return saturday })
	if err := svc.RefreshBenchmarks(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, err := svc.Markets(context.Background())
	if err != nil || len(m.Bands) != 0 || m.Fixed30.Rate != 6.36 {
		t.Fatalf("markets = %+v, %v", m, err)
	}
}

// A band whose newest figure is more than 14 days old counts as none.
func TestStaleBandCountsAsNone(t *testing.T) {
	ctx := context.Background()
	srv, _ := fredReplay(t, "")
	svc := optimalBlueService(t, srv.URL)
	if err := svc.RefreshBenchmarks(ctx); err != nil {
		t.Fatal(err)
	}
	m, err := svc.Markets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.BenchmarkFor(760, 60, saturday.AddDate(0, 0, 12)); !ok {
		t.Fatal("a 13-day-old figure was refused")
	}
	if _, ok := m.BenchmarkFor(760, 60, saturday.AddDate(0, 0, 16)); ok {
		t.Fatal("a 17-day-old figure was used")
	}
}

func TestBandFor(t *testing.T) {
	for _, c := range []struct {
		score int
		ltv   float64
		want  string
	}{
		{800, 50, "OBMMIC30YFLVLE80FGE740"},
		{740, 80, "OBMMIC30YFLVLE80FGE740"},
		{740, 80.000000001, "OBMMIC30YFLVLE80FGE740"}, // 80.00% after rounding to hundredths
		{740, 80.01, "OBMMIC30YFLVGT80FGE740"},
		{739, 80, "OBMMIC30YFLVLE80FB720A739"},
		{720, 97, "OBMMIC30YFLVGT80FB720A739"},
		{719, 60, "OBMMIC30YFLVLE80FB700A719"},
		{700, 90, "OBMMIC30YFLVGT80FB700A719"},
		{699, 80, "OBMMIC30YFLVLE80FB680A699"},
		{680, 95, "OBMMIC30YFLVGT80FB680A699"},
		{679, 70, "OBMMIC30YFLVLE80FLT680"},
		{300, 96.5, "OBMMIC30YFLVGT80FLT680"},
	} {
		if got := rates.BandFor(c.score, c.ltv).SeriesID; got != c.want {
			t.Errorf("BandFor(%d, %v) = %s, want %s", c.score, c.ltv, got, c.want)
		}
	}
}

// The citation is FRED's suggested form for the series.
func TestBandCitation(t *testing.T) {
	got := rates.BandFor(742, 90).Citation(time.Date(2026, 5, 23, 6, 0, 0, 0, time.UTC))
	want := "Optimal Blue, 30-Year Fixed Rate Conforming Mortgage Index: Loan-to-Value Greater Than 80, FICO Score Greater Than 740 " +
		"[OBMMIC30YFLVGT80FGE740], retrieved from FRED, Federal Reserve Bank of St. Louis; https://fred.stlouisfed.org/series/OBMMIC30YFLVGT80FGE740, May 23, 2026."
	if got != want {
		t.Fatalf("citation:\n got %s\nwant %s", got, want)
	}
}
