-- +goose Up
-- A visitor who asks to be called or texted agrees to it first (TCPA, 47 CFR
-- 64.1200; issue 26): the words shown, when, and the address the request came
-- from are kept with the request, and the broker sees them.
ALTER TABLE contact_requests ADD COLUMN contact_consent_text TEXT;
ALTER TABLE contact_requests ADD COLUMN contact_consent_at TIMESTAMPTZ;
ALTER TABLE contact_requests ADD COLUMN contact_consent_address TEXT;

-- +goose Down
ALTER TABLE contact_requests DROP COLUMN contact_consent_address;
ALTER TABLE contact_requests DROP COLUMN contact_consent_at;
ALTER TABLE contact_requests DROP COLUMN contact_consent_text;
