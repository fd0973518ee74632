package sqlstore

import (
	"context"
	"fmt"
	"time"

	"quotegrade/internal/store"
)

// SaveMarketRates writes all rates in one transaction: a refresh lands whole.
func (s *Store) SaveMarketRates(ctx context.Context, rates []store.MarketRate) error {
	tx, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("save market rates: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO market_rates (series, week, rate, source, fetched_at) VALUES ($1,$2,$3,$4,$5)
		ON CONFLICT (series, week) DO UPDATE SET rate = excluded.rate, source = excluded.source, fetched_at = excluded.fetched_at`)
	if err != nil {
		return fmt.Errorf("save market rates: %w", err)
	}
	defer stmt.Close()
	for _, r := range rates {
		if _, err := stmt.ExecContext(ctx, r.Series, r.Week.Format("2006-01-02"), r.Rate, r.Source, r.FetchedAt.UTC()); err != nil {
			return fmt.Errorf("save market rate %s %s: %w", r.Series, r.Week.Format("2006-01-02"), err)
		}
	}
	return tx.Commit()
}

func (s *Store) LatestMarketRates(ctx context.Context, notAfter time.Time) ([]store.MarketRate, error) {
	return s.marketRates(ctx, `SELECT m.series, m.week, m.rate, m.source, m.fetched_at FROM market_rates m
		WHERE m.week = (SELECT MAX(x.week) FROM market_rates x WHERE x.series = m.series AND x.week <= $1) ORDER BY m.series DESC`,
		notAfter.Format(time.DateOnly))
}

func (s *Store) DeleteMarketWeek(ctx context.Context, week time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM market_rates WHERE week = $1`, week.Format(time.DateOnly))
	if err != nil {
		return 0, fmt.Errorf("delete market week: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func (s *Store) MarketRateHistory(ctx context.Context, series string, since time.Time) ([]store.MarketRate, error) {
	return s.marketRates(ctx, `SELECT series, week, rate, source, fetched_at FROM market_rates
		WHERE series = $1 AND week >= $2 ORDER BY week`, series, since.Format("2006-01-02"))
}

func (s *Store) marketRates(ctx context.Context, query string, args ...any) ([]store.MarketRate, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("market rates: %w", err)
	}
	defer rows.Close()
	out := []store.MarketRate{}
	for rows.Next() {
		var r store.MarketRate
		var week any
		if err := rows.Scan(&r.Series, &week, &r.Rate, &r.Source, &r.FetchedAt); err != nil {
			return nil, fmt.Errorf("scan market rate: %w", err)
		}
		if r.Week, err = asDate(week); err != nil {
			return nil, err
		}
		r.FetchedAt = r.FetchedAt.UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}

// asDate reads a DATE column: PostgreSQL gives a time, SQLite the text we wrote.
func asDate(v any) (time.Time, error) {
	switch d := v.(type) {
	case time.Time:
		return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC), nil
	case string:
		return time.Parse("2006-01-02", d[:min(len(d), 10)])
	case []byte:
		return time.Parse("2006-01-02", string(d[:min(len(d), 10)]))
	}
	return time.Time{}, fmt.Errorf("unexpected date value %T", v)
}

// SaveBenchmarkRates writes all figures in one transaction: a refresh lands whole.
func (s *Store) SaveBenchmarkRates(ctx context.Context, rates []store.BenchmarkRate) error {
	tx, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("save benchmark rates: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO benchmark_rates (series, day, rate, source, fetched_at) VALUES ($1,$2,$3,$4,$5)
		ON CONFLICT (series, day) DO UPDATE SET rate = excluded.rate, source = excluded.source, fetched_at = excluded.fetched_at`)
	if err != nil {
		return fmt.Errorf("save benchmark rates: %w", err)
	}
	defer stmt.Close()
	for _, r := range rates {
		if _, err := stmt.ExecContext(ctx, r.Series, r.Day.Format(time.DateOnly), r.Rate, r.Source, r.FetchedAt.UTC()); err != nil {
			return fmt.Errorf("save benchmark rate %s %s: %w", r.Series, r.Day.Format(time.DateOnly), err)
		}
	}
	return tx.Commit()
}

func (s *Store) LatestBenchmarkRates(ctx context.Context) ([]store.BenchmarkRate, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT b.series, b.day, b.rate, b.source, b.fetched_at FROM benchmark_rates b
		WHERE b.day = (SELECT MAX(x.day) FROM benchmark_rates x WHERE x.series = b.series) ORDER BY b.series`)
	if err != nil {
		return nil, fmt.Errorf("benchmark rates: %w", err)
	}
	defer rows.Close()
	out := []store.BenchmarkRate{}
	for rows.Next() {
		var r store.BenchmarkRate
		var day any
		if err := rows.Scan(&r.Series, &day, &r.Rate, &r.Source, &r.FetchedAt); err != nil {
			return nil, fmt.Errorf("scan benchmark rate: %w", err)
		}
		if r.Day, err = asDate(day); err != nil {
			return nil, err
		}
		r.FetchedAt = r.FetchedAt.UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}
