-- +goose Up
-- Daily benchmark figures with their history: Optimal Blue's 30-year fixed
-- conforming indices by credit score and loan-to-value, read from FRED
-- (series id, e.g. OBMMIC30YFLVLE80FGE740), kept apart from the weekly survey.
CREATE TABLE benchmark_rates (
    series TEXT NOT NULL,
    day DATE NOT NULL,
    rate DOUBLE PRECISION NOT NULL,
    source TEXT NOT NULL,
    fetched_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (series, day)
);

-- +goose Down
DROP TABLE benchmark_rates;
