-- +goose Up
-- A visitor may ask about one of their quotes ("Contact Broker" on a quote
-- row, or the contact modal's "Which quote is this about?"): the quote as the
-- visitor saw it (lender and rate) is kept with the question for the broker
-- (issue 25 section 3). NULL when the question is about no particular quote.
ALTER TABLE contact_requests ADD COLUMN about_quote TEXT;

-- +goose Down
ALTER TABLE contact_requests DROP COLUMN about_quote;
