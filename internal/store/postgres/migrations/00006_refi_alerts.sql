-- +goose Up
-- Refi Buddy: every request with a current mortgage and an e-mail is a watch.
-- One alert per request and market week at most (the unique key), so a
-- decision is never sent twice, even when two servers evaluate at once.
CREATE TABLE refi_alerts (
    id TEXT PRIMARY KEY,
    quote_request_id TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    market_week DATE NOT NULL,
    market_rate DOUBLE PRECISION NOT NULL,
    new_rate DOUBLE PRECISION NOT NULL,
    new_payment DOUBLE PRECISION NOT NULL,
    monthly_savings DOUBLE PRECISION NOT NULL,
    closing_costs DOUBLE PRECISION NOT NULL,
    break_even_months INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    queued_at TIMESTAMPTZ,
    unsubscribe_token_hash TEXT UNIQUE,
    UNIQUE (quote_request_id, market_week)
);
CREATE INDEX refi_alerts_unqueued ON refi_alerts (queued_at);

CREATE TABLE refi_unsubscribes (
    quote_request_id TEXT PRIMARY KEY REFERENCES quote_requests (id) ON DELETE CASCADE,
    unsubscribed_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE refi_unsubscribes;
DROP TABLE refi_alerts;
