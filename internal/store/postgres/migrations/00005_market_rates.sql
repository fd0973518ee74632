-- +goose Up
-- Weekly market rates (Freddie Mac survey) with their history.
CREATE TABLE market_rates (
    series TEXT NOT NULL,
    week DATE NOT NULL,
    rate DOUBLE PRECISION NOT NULL,
    source TEXT NOT NULL,
    fetched_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (series, week)
);

-- +goose Down
DROP TABLE market_rates;
