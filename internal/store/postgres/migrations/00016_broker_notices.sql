-- +goose Up
-- The broker address' notices (issue 15), remembered here so that copies of
-- the server sharing the database send each one once, and a restart forgets
-- nothing. broker_notices holds when each kind of batched notice last went
-- out ('new_requests': at most one every 15 minutes).
CREATE TABLE broker_notices (
    kind TEXT PRIMARY KEY,
    sent_at TIMESTAMPTZ NOT NULL
);

-- The requests a "new quote requests" notice listed, so none is listed twice.
-- Requests made before this migration count as announced: the dashboard
-- already shows them, and a first notice listing all of them would bury the new.
CREATE TABLE announced_requests (
    quote_request_id TEXT PRIMARY KEY REFERENCES quote_requests (id) ON DELETE CASCADE,
    announced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO announced_requests (quote_request_id, announced_at)
SELECT id, created_at FROM quote_requests;

-- One "market data is old" notice per staleness episode: keyed by the newest
-- survey week when it was sent, so a refresh that brings a newer week and
-- then lapses again is told again.
CREATE TABLE stale_rates_notices (
    week DATE PRIMARY KEY,
    sent_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE stale_rates_notices;
DROP TABLE announced_requests;
DROP TABLE broker_notices;
