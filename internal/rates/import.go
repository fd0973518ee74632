package rates

import (
	"context"
	"fmt"
	"math"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// MarketDataPreview is api.MarketDataPreview (internal/api).
type MarketDataPreview = api.MarketDataPreview

// PreviewImport checks a market-data file and says what applying it would
// do, compared with the stored weeks. Nothing is stored.
func (s *Service) PreviewImport(ctx context.Context, data []byte) (MarketDataPreview, error) {
	f, err := checkedImport(data, s.now())
	if err != nil {
		return MarketDataPreview{}, err
	}
	return s.preview(ctx, f)
}

// ApplyImport checks a market-data file and stores all its figures in one
// transaction, or none. The newest figures are read again at once, so the
// instant grade and Refi Buddy on this copy use them from the next request
// (other copies within LatestMaxAge).
func (s *Service) ApplyImport(ctx context.Context, data []byte) (MarketDataPreview, error) {
	f, err := checkedImport(data, s.now())
	if err != nil {
		return MarketDataPreview{}, err
	}
	out, err := s.preview(ctx, f)
	if err != nil {
		return MarketDataPreview{}, err
	}
	now := s.now()
	rows := make([]store.MarketRate, 0, len(f.Observations))
	for _, o := range f.Observations {
		rows = append(rows, store.MarketRate{Series: o.Series, Week: o.Date, Rate: o.Rate, Source: f.Source(), FetchedAt: now})
	}
	if err := s.store.SaveMarketRates(ctx, rows); err != nil {
		return MarketDataPreview{}, fmt.Errorf("import market data: %w", err)
	}
	s.latest.forget()
	s.log.InfoContext(ctx, "market data imported", "format", f.Format, "weeks", out.Weeks, "new", out.NewWeeks,
		"changed", out.ChangedWeeks, "last_week", out.LastWeek)
	out.Applied = true
	return out, nil
}

// checkedImport is the file read, or the refusal that names its lines.
func checkedImport(data []byte, now time.Time) (ImportFile, error) {
	if len(data) > MaxImportBytes {
		return ImportFile{}, &apperr.Invalid{Message: fmt.Sprintf("The file is larger than %d MB", MaxImportBytes>>20)}
	}
	f, err := ParseImport(data, now)
	if err != nil {
		return ImportFile{}, &apperr.Invalid{Message: err.Error()}
	}
	if summary, lines := f.ProblemList(); summary != "" {
		return ImportFile{}, &apperr.Invalid{Message: summary, Fields: lines}
	}
	return f, nil
}

// preview summarises f and sorts its weeks into new, changed and unchanged
// against what is stored.
func (s *Service) preview(ctx context.Context, f ImportFile) (MarketDataPreview, error) {
	stored, err := s.storedSince(ctx, f.Weeks[0].AddDate(0, 0, -1))
	if err != nil {
		return MarketDataPreview{}, err
	}
	out := MarketDataPreview{
		Format: f.Format, Weeks: len(f.Weeks),
		FirstWeek: f.Weeks[0].Format(time.DateOnly), LastWeek: f.Weeks[len(f.Weeks)-1].Format(time.DateOnly),
		Gaps: []api.MarketDataGap{}, MissingWeeks: f.MissingWeeks(),
	}
	for _, series := range []string{Series30, Series15} {
		if o, ok := f.Latest(series); ok {
			fig := &api.MarketDataFigure{Week: o.Date.Format(time.DateOnly), Rate: o.Rate}
			if series == Series30 {
				out.Latest30 = fig
			} else {
				out.Latest15 = fig
			}
		}
	}
	for _, g := range f.Gaps {
		out.Gaps = append(out.Gaps, api.MarketDataGap{Series: g.Series, From: g.From.Format(time.DateOnly), To: g.To.Format(time.DateOnly), Weeks: g.Weeks})
	}
	out.NewWeeks, out.ChangedWeeks, out.UnchangedWeeks = compareWeeks(f.Observations, stored)
	return out, nil
}

type seriesWeek struct {
	series string
	week   string
}

// storedSince is every stored figure of both series from since on.
func (s *Service) storedSince(ctx context.Context, since time.Time) (map[seriesWeek]float64, error) {
	out := map[seriesWeek]float64{}
	for _, series := range []string{Series30, Series15} {
		rows, err := s.store.MarketRateHistory(ctx, series, since)
		if err != nil {
			return nil, fmt.Errorf("stored market rates: %w", err)
		}
		for _, r := range rows {
			out[seriesWeek{series, r.Week.Format(time.DateOnly)}] = r.Rate
		}
	}
	return out, nil
}

// compareWeeks counts the file's weeks none of whose figures is stored
// (new), those with a figure stored at another rate or not stored beside
// a stored one (changed), and those stored exactly (unchanged).
func compareWeeks(obs []Observation, stored map[seriesWeek]float64) (fresh, changed, unchanged int) {
	type tally struct{ stored, same, total int }
	weeks := map[string]*tally{}
	var order []string
	for _, o := range obs {
		key := o.Date.Format(time.DateOnly)
		t := weeks[key]
		if t == nil {
			t = &tally{}
			weeks[key] = t
			order = append(order, key)
		}
		t.total++
		if rate, ok := stored[seriesWeek{o.Series, key}]; ok {
			t.stored++
			if math.Abs(rate-o.Rate) < 1e-9 {
				t.same++
			}
		}
	}
	for _, key := range order {
		switch t := weeks[key]; {
		case t.stored == 0:
			fresh++
		case t.same == t.total:
			unchanged++
		default:
			changed++
		}
	}
	return fresh, changed, unchanged
}
