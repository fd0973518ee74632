package rates

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// FRED reads the St. Louis Fed's observations API (series MORTGAGE30US and
// MORTGAGE15US, the weekly Freddie Mac survey).
type FRED struct {
	BaseURL string // https://api.stlouisfed.org/fred in production; a test server in tests
	APIKey  string
	Client  *http.Client
	Since   time.Time
}

var fredSeries = map[string]string{Series30: "MORTGAGE30US", Series15: "MORTGAGE15US"}

func (f FRED) Name() string { return "FRED" }

func (f FRED) Fetch(ctx context.Context) ([]Observation, error) {
	var out []Observation
	for series, id := range fredSeries {
		obs, err := f.series(ctx, series, id)
		if err != nil {
			return nil, err
		}
		out = append(out, obs...)
	}
	return out, nil
}

func (f FRED) series(ctx context.Context, series, id string) ([]Observation, error) {
	q := url.Values{"series_id": {id}, "api_key": {f.APIKey}, "file_type": {"json"}}
	if !f.Since.IsZero() {
		q.Set("observation_start", f.Since.Format("2006-01-02"))
	}
	req, err := http.NewRequestWithContext(ctx, "GET", f.BaseURL+"/series/observations?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	client := f.Client
	if client == nil {
		client = &http.Client{Timeout: 20 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		// The URL holds the API key: report without it.
		return nil, fmt.Errorf("FRED %s: request failed", id)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("FRED %s: HTTP %d", id, res.StatusCode)
	}
	var body struct {
		Observations []struct {
			Date  string `json:"date"`
			Value string `json:"value"`
		} `json:"observations"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return nil, fmt.Errorf("FRED %s: %w", id, err)
	}
	var out []Observation
	for _, o := range body.Observations {
		if o.Value == "." { // FRED's mark for a missing value
			continue
		}
		v, err := strconv.ParseFloat(o.Value, 64)
		if err != nil {
			return nil, fmt.Errorf("FRED %s %s: value %q", id, o.Date, o.Value)
		}
		d, err := time.Parse("2006-01-02", o.Date)
		if err != nil {
			return nil, fmt.Errorf("FRED %s: date %q", id, o.Date)
		}
		out = append(out, Observation{Series: series, Date: d, Rate: v})
	}
	return out, nil
}

// FreddieMac reads Freddie Mac's published history file (CSV).
type FreddieMac struct {
	URL    string
	Client *http.Client
}

func (f FreddieMac) Name() string { return "Freddie Mac" }

func (f FreddieMac) Fetch(ctx context.Context) ([]Observation, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", f.URL, nil)
	if err != nil {
		return nil, err
	}
	client := f.Client
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("Freddie Mac history: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("Freddie Mac history: HTTP %d", res.StatusCode)
	}
	return ParseHistoryCSV(http.MaxBytesReader(nil, res.Body, 20<<20))
}
