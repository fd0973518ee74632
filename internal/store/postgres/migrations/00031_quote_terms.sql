-- +goose Up
-- What a quote's uploaded Loan Estimate says that its figures do not price
-- (issue 29): the rate lock's last day (yyyy-mm-dd) and whether there is a
-- prepayment penalty, read from the file when the request is submitted so
-- the comparison's "terms that differ" covers every quote. NULL: the
-- quote has no readable Loan Estimate, or it does not say. The first
-- quote's are quote_requests' broker_* columns, the others visitor_quotes'.
ALTER TABLE quote_requests ADD COLUMN broker_rate_lock_until TEXT;
ALTER TABLE quote_requests ADD COLUMN broker_prepayment_penalty BOOLEAN;
ALTER TABLE visitor_quotes ADD COLUMN rate_lock_until TEXT;
ALTER TABLE visitor_quotes ADD COLUMN prepayment_penalty BOOLEAN;

-- +goose Down
ALTER TABLE visitor_quotes DROP COLUMN prepayment_penalty;
ALTER TABLE visitor_quotes DROP COLUMN rate_lock_until;
ALTER TABLE quote_requests DROP COLUMN broker_prepayment_penalty;
ALTER TABLE quote_requests DROP COLUMN broker_rate_lock_until;
