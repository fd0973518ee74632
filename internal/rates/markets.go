package rates

import (
	"context"
	"fmt"
	"sync"
	"time"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Markets is the latest figure of each survey series: the one answer to
// "what is the market rate" that the instant grade, the figures and Refi
// Buddy all use. A series with no figure has a zero Rate.
type Markets struct {
	Fixed30 mortgage.Market
	Fixed15 mortgage.Market
	// Bands is Optimal Blue's daily figure of each credit-score and
	// loan-to-value band (BenchmarkFor); empty without a FRED key.
	Bands Benchmarks
}

// For is the figure a loan program is compared with: the 15-year survey for
// a 15-year loan, the 30-year survey for a 30-year loan. A 5/1 ARM has no
// benchmark in the survey (its first five years are not a 30-year fixed
// rate), so ok is false for it, as it is without a figure for the program.
func (m Markets) For(program vocab.Program) (market mortgage.Market, ok bool) {
	switch program {
	case vocab.ARM51:
		return mortgage.Market{}, false
	case vocab.Fixed15:
		return m.Fixed15, m.Fixed15.Rate > 0
	}
	return m.Fixed30, m.Fixed30.Rate > 0
}

// AsOf is the survey week of the newest figure.
func (m Markets) AsOf() time.Time {
	if m.Fixed15.Week.After(m.Fixed30.Week) {
		return m.Fixed15.Week
	}
	return m.Fixed30.Week
}

// Version names these figures: it changes whenever a rate, its week or its
// source does, so answers computed from them can be cached under it.
func (m Markets) Version() string {
	return fmt.Sprintf("%s|%s|%g|%s|%s|%g", m.Fixed30.Week.Format(time.DateOnly), m.Fixed30.Source, m.Fixed30.Rate,
		m.Fixed15.Week.Format(time.DateOnly), m.Fixed15.Source, m.Fixed15.Rate) + m.Bands.version()
}

// set keeps the newer figure of a series.
func (m *Markets) set(v mortgage.Market) {
	switch v.Series {
	case Series30:
		if !m.Fixed30.Week.After(v.Week) {
			m.Fixed30 = v
		}
	case Series15:
		if !m.Fixed15.Week.After(v.Week) {
			m.Fixed15 = v
		}
	}
}

func marketsOf(rows []store.MarketRate) Markets {
	var m Markets
	for _, r := range rows {
		m.set(mortgage.Market{Rate: r.Rate, Series: r.Series, Week: r.Week, Source: r.Source})
	}
	return m
}

// snapshot is the bundled history's newest figures, parsed once.
var snapshot = sync.OnceValues(func() (Markets, error) {
	snap := Snapshot{}
	obs, err := snap.Fetch(context.Background())
	if err != nil {
		return Markets{}, fmt.Errorf("bundled rates snapshot: %w", err)
	}
	var m Markets
	for _, o := range obs {
		m.set(mortgage.Market{Rate: o.Rate, Series: o.Series, Week: o.Date, Source: snap.Name()})
	}
	return m, nil
})

// SnapshotMarkets is the newest figures of the snapshot bundled with the binary.
func SnapshotMarkets() (Markets, error) { return snapshot() }

// Markets is the newest stored figures, read at most once a LatestMaxAge.
// Until a rate refresh has stored any, it is the snapshot bundled with the
// binary, so a grade or an alert always names the figure and week it used.
func (s *Service) Markets(ctx context.Context) (Markets, error) {
	latest, err := s.latestRates(ctx)
	if err != nil {
		return Markets{}, err
	}
	m := marketsOf(latest)
	if len(latest) == 0 {
		if m, err = SnapshotMarkets(); err != nil {
			return Markets{}, err
		}
	}
	if m.Bands, err = s.latestBenchmarks(ctx); err != nil {
		return Markets{}, err
	}
	return m, nil
}
