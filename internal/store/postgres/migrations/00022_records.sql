-- +goose Up
-- Records a brokerage can answer for (issue 27, docs/records.md).
--
-- A request on legal hold is neither deleted on request nor purged; the hold
-- names why and who put it there.
CREATE TABLE legal_holds (
    quote_request_id TEXT PRIMARY KEY REFERENCES quote_requests (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    held_by TEXT NOT NULL,
    held_at TIMESTAMPTZ NOT NULL
);

-- A deleted request leaves only its id, when, who ('visitor' or a broker's
-- address) and the broker's reason: no personal data. No foreign key, so the
-- row outlives the request, and its results link answers 410.
CREATE TABLE deleted_requests (
    quote_request_id TEXT PRIMARY KEY,
    deleted_at TIMESTAMPTZ NOT NULL,
    deleted_by TEXT NOT NULL,
    reason TEXT NOT NULL
);
CREATE INDEX deleted_requests_deleted_at ON deleted_requests (deleted_at);

-- Every broker action on visitor data: who, what, when, from where. Nothing
-- in the app updates or deletes a row except the retention purge. No foreign
-- key to the request: the trail outlives a deletion.
CREATE TABLE audit_events (
    id TEXT PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    quote_request_id TEXT,
    address TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at);
CREATE INDEX audit_events_request ON audit_events (quote_request_id, at);

-- +goose Down
DROP TABLE audit_events;
DROP TABLE deleted_requests;
DROP TABLE legal_holds;
