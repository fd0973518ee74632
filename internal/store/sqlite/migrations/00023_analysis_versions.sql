-- +goose Up
-- Nothing overwritten (issue 27 §3, docs/records.md): each save of an
-- analysis is kept as a version, numbered from 1, with who saved it, when,
-- and the whole analysis with its quotes as one JSON document. The
-- analyses row stays the latest version, the one the visitor sees.
ALTER TABLE analyses ADD COLUMN saved_by TEXT NOT NULL DEFAULT '';

CREATE TABLE analysis_versions (
    quote_request_id TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    saved_at DATETIME NOT NULL,
    saved_by TEXT NOT NULL,
    analysis TEXT NOT NULL,
    PRIMARY KEY (quote_request_id, version)
);

-- +goose Down
DROP TABLE analysis_versions;
ALTER TABLE analyses DROP COLUMN saved_by;
