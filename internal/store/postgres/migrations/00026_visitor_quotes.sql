-- +goose Up
-- Up to four quotes a visitor compares (issue 29). The first stays in the
-- request's broker_* columns and user_uploaded_quote_url, as the spec's
-- single-quote fields, with its lender's name and points beside them; the
-- second to fourth are rows of visitor_quotes, positions 1 to 3. An upload
-- belongs to one quote of one request, as 00007 made it for the first.
ALTER TABLE quote_requests ADD COLUMN broker_lender_name TEXT;
ALTER TABLE quote_requests ADD COLUMN broker_points DOUBLE PRECISION;
-- How many months the visitor expects to keep the loan; NULL: not sure.
ALTER TABLE quote_requests ADD COLUMN horizon_months INTEGER;

CREATE TABLE visitor_quotes (
    quote_request_id TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    lender_name TEXT,
    rate DOUBLE PRECISION,
    points DOUBLE PRECISION,
    lender_fees DOUBLE PRECISION,
    mortgage_insurance DOUBLE PRECISION,
    upload_key TEXT UNIQUE,
    PRIMARY KEY (quote_request_id, position)
);

-- +goose Down
DROP TABLE visitor_quotes;
ALTER TABLE quote_requests DROP COLUMN horizon_months;
ALTER TABLE quote_requests DROP COLUMN broker_points;
ALTER TABLE quote_requests DROP COLUMN broker_lender_name;
