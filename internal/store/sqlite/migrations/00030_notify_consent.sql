-- +goose Up
-- A visitor who asks the notify-me form for a text or a call agrees to it
-- first (TCPA, 47 CFR 64.1200; issue 26 section 3), as the contact form's
-- visitors do (00021): the words shown, when, and the address the request
-- came from are kept with the quote request, and the broker sees them.
ALTER TABLE quote_requests ADD COLUMN contact_consent_text TEXT;
ALTER TABLE quote_requests ADD COLUMN contact_consent_at DATETIME;
ALTER TABLE quote_requests ADD COLUMN contact_consent_address TEXT;

-- +goose Down
ALTER TABLE quote_requests DROP COLUMN contact_consent_address;
ALTER TABLE quote_requests DROP COLUMN contact_consent_at;
ALTER TABLE quote_requests DROP COLUMN contact_consent_text;
