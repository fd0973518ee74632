-- +goose Up
-- Every e-mail sent is kept for the retention period (issue 27 §3,
-- docs/records.md), not only while its job exists: the row that marks a
-- message delivered (so a retried job does not send it twice) now holds the
-- message too, who sent it and the request it is about. Rows from before
-- this migration keep only their id and time.
ALTER TABLE sent_emails ADD COLUMN quote_request_id TEXT;
ALTER TABLE sent_emails ADD COLUMN to_address TEXT NOT NULL DEFAULT '';
ALTER TABLE sent_emails ADD COLUMN subject TEXT NOT NULL DEFAULT '';
ALTER TABLE sent_emails ADD COLUMN text_body TEXT NOT NULL DEFAULT '';
ALTER TABLE sent_emails ADD COLUMN html_body TEXT NOT NULL DEFAULT '';
ALTER TABLE sent_emails ADD COLUMN sent_by TEXT NOT NULL DEFAULT '';
CREATE INDEX sent_emails_request ON sent_emails (quote_request_id, sent_at);
CREATE INDEX sent_emails_sent_at ON sent_emails (sent_at);

-- +goose Down
DROP INDEX sent_emails_sent_at;
DROP INDEX sent_emails_request;
ALTER TABLE sent_emails DROP COLUMN sent_by;
ALTER TABLE sent_emails DROP COLUMN html_body;
ALTER TABLE sent_emails DROP COLUMN text_body;
ALTER TABLE sent_emails DROP COLUMN subject;
ALTER TABLE sent_emails DROP COLUMN to_address;
ALTER TABLE sent_emails DROP COLUMN quote_request_id;
