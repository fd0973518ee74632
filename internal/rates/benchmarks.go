package rates

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"quotegrade/internal/jobs"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
)

// BenchmarkStore is where the daily benchmark figures are kept (store.Store).
type BenchmarkStore interface {
	SaveBenchmarkRates(ctx context.Context, rows []store.BenchmarkRate) error
	LatestBenchmarkRates(ctx context.Context) ([]store.BenchmarkRate, error)
}

// Benchmark is a band's newest daily figure: the market a 30-year conforming
// quote in that band is graded against.
type Benchmark struct {
	Band      Band
	Market    mortgage.Market // Index names the band; Week is the day of the figure
	Retrieved time.Time       // when it was read from FRED, for the citation
}

// Citation is FRED's attribution of the figure, shown wherever it is.
func (b Benchmark) Citation() string { return b.Band.Citation(b.Retrieved) }

// Benchmarks are the bands' newest figures by FRED series id; empty without
// a FRED key or before the first refresh.
type Benchmarks map[string]Benchmark

// BenchmarkFor is the figure of the band of a credit score and loan-to-value;
// ok is false when the band has no figure, or only one more than
// StaleAfterDays old at now (the grade then falls back to the survey).
func (m Markets) BenchmarkFor(creditScore int, ltv float64, now time.Time) (Benchmark, bool) {
	b, ok := m.Bands[BandFor(creditScore, ltv).SeriesID]
	if !ok || !(b.Market.Rate > 0) || IsStale(b.Market.Week, now) {
		return Benchmark{}, false
	}
	return b, true
}

// version names the bands' figures for Markets.Version.
func (b Benchmarks) version() string {
	ids := make([]string, 0, len(b))
	for id := range b {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var sb strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&sb, "|%s=%g@%s", id, b[id].Market.Rate, b[id].Market.Week.Format(time.DateOnly))
	}
	return sb.String()
}

func benchmarksOf(rows []store.BenchmarkRate) Benchmarks {
	out := Benchmarks{}
	for _, r := range rows {
		i := slices.IndexFunc(Bands, func(b Band) bool { return b.SeriesID == r.Series })
		if i < 0 {
			continue // the all-loans index: kept, not graded with
		}
		band := Bands[i]
		out[r.Series] = Benchmark{Band: band, Retrieved: r.FetchedAt,
			Market: mortgage.Market{Rate: r.Rate, Series: Series30, Week: r.Day, Source: r.Source, Index: band.Describe()}}
	}
	return out
}

// benchmarks is the daily benchmark's store, source and one-minute cache.
type benchmarks struct {
	store  BenchmarkStore
	source Source

	latest recent[Benchmarks]
}

// WithOptimalBlue turns on the daily benchmark (with a FRED key): source
// fills st, and Markets carries the bands' newest figures.
func (s *Service) WithOptimalBlue(st BenchmarkStore, source Source) *Service {
	s.bench = &benchmarks{store: st, source: source}
	return s
}

// RefreshBenchmarks fetches the bands and saves what was read. A series that
// failed keeps its last good figures; the error goes to the job's retry.
func (s *Service) RefreshBenchmarks(ctx context.Context) error {
	if s.bench == nil {
		return nil
	}
	src := s.bench.source
	obs, fetchErr := src.Fetch(ctx)
	if fetchErr != nil {
		s.log.WarnContext(ctx, "benchmark refresh incomplete; keeping the last good figures where missing", "source", src.Name(), "err", fetchErr)
	}
	if len(obs) == 0 {
		if fetchErr == nil {
			fetchErr = fmt.Errorf("%s returned no benchmark figures", src.Name())
		}
		return fetchErr
	}
	rows := make([]store.BenchmarkRate, 0, len(obs))
	for _, o := range obs {
		rows = append(rows, store.BenchmarkRate{Series: o.Series, Day: o.Date, Rate: o.Rate, Source: src.Name(), FetchedAt: s.now()})
	}
	if err := s.bench.store.SaveBenchmarkRates(ctx, rows); err != nil {
		return err
	}
	s.bench.latest.forget()
	s.log.InfoContext(ctx, "benchmark rates refreshed", "source", src.Name(), "observations", len(rows))
	return fetchErr
}

// BenchmarkTask is the job that keeps the daily benchmark fresh: Optimal
// Blue publishes each business day, so a few reads a day find it within hours.
func (s *Service) BenchmarkTask() jobs.Task {
	return jobs.Task{Name: "refresh_optimal_blue", Every: RefreshEvery, Run: s.RefreshBenchmarks}
}

// latestBenchmarks is the store's newest figure of each band, read at most
// once a LatestMaxAge; nil when the benchmark is off.
func (s *Service) latestBenchmarks(ctx context.Context) (Benchmarks, error) {
	b := s.bench
	if b == nil {
		return nil, nil
	}
	latest, err := b.latest.get(ctx, s.now(), func(ctx context.Context) (Benchmarks, error) {
		rows, err := b.store.LatestBenchmarkRates(ctx)
		return benchmarksOf(rows), err
	})
	if err != nil {
		return nil, fmt.Errorf("latest benchmark rates: %w", err)
	}
	return latest, nil
}
