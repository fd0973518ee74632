-- +goose Up
-- An alert's e-mail is queued in the transaction that stores it (decision
-- 0027), so no query looks alerts up by queued_at any more; the index only
-- cost every alert insert one more b-tree write (docs/performance.md).
DROP INDEX refi_alerts_unqueued;

-- +goose Down
CREATE INDEX refi_alerts_unqueued ON refi_alerts (queued_at);
