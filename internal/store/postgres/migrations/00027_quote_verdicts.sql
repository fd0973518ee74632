-- +goose Up
-- The broker's verdict on each of the visitor's quotes (issue 29): a list
-- in the order of the request's quotes (the first is quote_requests'
-- broker_* fields, then visitor_quotes by position), each
-- {"Grade", "Pros", "Cons", "Recommended"}. Empty for a request with one
-- quote, whose verdict is the analysis' grade, pros and cons. Kept in the
-- analyses row, so each version in analysis_versions carries it too.
ALTER TABLE analyses ADD COLUMN quote_verdicts TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE analyses DROP COLUMN quote_verdicts;
