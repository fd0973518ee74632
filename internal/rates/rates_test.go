package rates

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

func latest(obs []Observation, series string) Observation {
	var best Observation
	for _, o := range obs {
		if o.Series == series && o.Date.After(best.Date) {
			best = o
		}
	}
	return best
}

func TestSnapshot(t *testing.T) {
	obs, err := Snapshot{}.Fetch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	l30, l15 := latest(obs, Series30), latest(obs, Series15)
	if l30.Date.Format("2006-01-02") != "2026-05-14" || l30.Rate != 6.36 {
		t.Fatalf("latest 30-year = %+v", l30)
	}
	if l15.Rate <= 0 || !l15.Date.Before(l30.Date) {
		t.Fatalf("latest 15-year = %+v (the 15-year series has gaps, so it ends earlier)", l15)
	}
	if n := len(obs); n < 180 {
		t.Fatalf("only %d observations in the snapshot", n)
	}
}

func TestFreddieMacHistoryByHeaderName(t *testing.T) {
	f, _ := os.ReadFile("testdata/freddiemac-history.csv")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(f) }))
	defer srv.Close()
	obs, err := FreddieMac{URL: srv.URL}.Fetch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != 6 {
		t.Fatalf("observations = %d, want 4 for 30-year and 2 for 15-year", len(obs))
	}
	if l := latest(obs, Series30); l.Rate != 6.36 || l.Date != time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC) {
		t.Fatalf("latest = %+v", l)
	}
}

func TestFREDReplay(t *testing.T) {
	var gotKey string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotKey = r.URL.Query().Get("api_key")
		if r.URL.Path != "/series/observations" || r.URL.Query().Get("file_type") != "json" {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, "testdata/fred-"+strings.ToLower(r.URL.Query().Get("series_id"))+".json")
	}))
	defer srv.Close()
	obs, err := FRED{BaseURL: srv.URL, APIKey: "k3y"}.Fetch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if gotKey != "k3y" {
		t.Fatalf("api_key sent = %q", gotKey)
	}
	if l := latest(obs, Series30); l.Rate != 6.36 {
		t.Fatalf("latest 30-year = %+v", l)
	}
	for _, o := range obs {
		if o.Rate <= 0 {
			t.Fatalf("a missing value (\".\") became %+v", o)
		}
	}
}

func TestFREDErrorsDoNotLeakTheKey(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error_message":"Bad Request. The value for variable api_key is not registered."}`, 400)
	}))
	defer srv.Close()
	_, err := FRED{BaseURL: srv.URL, APIKey: "secret-key"}.Fetch(context.Background())
	if err == nil || strings.Contains(err.Error(), "secret-key") {
		t.Fatalf("error %v", err)
	}
}

func TestBadHistoryFiles(t *testing.T) {
	for name, body := range map[string]string{
		"no date column": "when,rate30\n2024-01-04,6.62\n",
		"no rate column": "date,other\n2024-01-04,6.62\n",
		"bad rate":       "date,rate30\n2024-01-04,six\n",
		"bad date":       "date,rate30\nyesterday,6.62\n",
	} {
		if _, err := ParseHistoryCSV(strings.NewReader(body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
