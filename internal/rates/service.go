package rates

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/store"
)

// LatestMaxAge is how long the newest market rates are reused before the
// store is asked again: they change once a week, and reading them on every
// /api/health and rates card cost a database query each.
const LatestMaxAge = time.Minute

// Store is where the market rates are kept (store.Store in production).
type Store interface {
	SaveMarketRates(ctx context.Context, rows []store.MarketRate) error
	LatestMarketRates(ctx context.Context) ([]store.MarketRate, error)
	MarketRateHistory(ctx context.Context, series string, since time.Time) ([]store.MarketRate, error)
}

// Service keeps the market rates fresh in the store and owns "the latest
// market rate": the one-minute cache of the newest rows, the bundled-snapshot
// fallback, the as-of date and the rate for a loan program (Markets).
type Service struct {
	store  Store
	source Source
	log    *slog.Logger
	now    func() time.Time

	latest recent[[]store.MarketRate]

	bench *benchmarks // the daily benchmark, with a FRED key (WithOptimalBlue)
}

// NewService refreshes from source into st.
func NewService(st Store, source Source, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, source: source, log: log, now: now}
}

// Refresh fetches the source's history and saves it. A failed fetch keeps the
// last good figures and is logged; the error is returned for the job's retry.
func (s *Service) Refresh(ctx context.Context) error {
	obs, err := s.source.Fetch(ctx)
	if err == nil && len(obs) == 0 {
		err = fmt.Errorf("%s returned no rates", s.source.Name())
	}
	if err != nil {
		s.log.WarnContext(ctx, "market rates refresh failed; keeping the last good figures", "source", s.source.Name(), "err", err)
		return err
	}
	rows := make([]store.MarketRate, 0, len(obs))
	for _, o := range obs {
		rows = append(rows, store.MarketRate{Series: o.Series, Week: o.Date, Rate: o.Rate, Source: s.source.Name(), FetchedAt: s.now()})
	}
	if err := s.store.SaveMarketRates(ctx, rows); err != nil {
		return err
	}
	s.latest.forget()
	s.log.InfoContext(ctx, "market rates refreshed", "source", s.source.Name(), "observations", len(rows))
	return nil
}

// National is api.NationalRate (internal/api).
type National = api.NationalRate

// latestRates is the store's newest rates, read at most once a LatestMaxAge
// (another copy's refresh shows within that time; this copy's at once).
func (s *Service) latestRates(ctx context.Context) ([]store.MarketRate, error) {
	rows, err := s.latest.get(ctx, s.now(), s.store.LatestMarketRates)
	if err != nil {
		return nil, fmt.Errorf("latest market rates: %w", err)
	}
	return rows, nil
}

// Latest returns the newest 30- and 15-year rates.
func (s *Service) Latest(ctx context.Context) ([]National, error) {
	latest, err := s.latestRates(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]National, 0, len(latest))
	for _, r := range latest {
		out = append(out, National{Source: Label(r.Series) + " via " + r.Source, Rate: r.Rate, Date: r.Week.Format("2006-01-02"),
			Series: r.Series, AgeDays: DaysOld(r.Week, now), Stale: IsStale(r.Week, now)})
	}
	return out, nil
}

// History returns a series' rates over the last weeks, oldest first.
func (s *Service) History(ctx context.Context, series string, weeks int) ([]store.MarketRate, error) {
	return s.store.MarketRateHistory(ctx, series, s.now().AddDate(0, 0, -7*weeks))
}

// MarketRateHistory is the admin dashboard's chart data: series "15" or
// (anything else) "30", over weeks (1 to 520, else 104).
func (s *Service) MarketRateHistory(ctx context.Context, series string, weeks int) (api.MarketRateHistory, error) {
	if series != Series15 {
		series = Series30
	}
	if weeks < 1 || weeks > 520 {
		weeks = 104
	}
	hist, err := s.History(ctx, series, weeks)
	if err != nil {
		return api.MarketRateHistory{}, err
	}
	out := make([]api.MarketRate, 0, len(hist))
	for _, h := range hist {
		out = append(out, api.MarketRate{Week: h.Week.Format(time.DateOnly), Rate: h.Rate, Source: h.Source})
	}
	return api.MarketRateHistory{Series: series, Rates: out}, nil
}
