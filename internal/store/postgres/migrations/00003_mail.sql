-- +goose Up
-- Messages kept instead of sent when no SMTP server is configured.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX outbox_created_at ON outbox (created_at);

-- Messages already delivered: a retried job checks here first, so a message
-- goes out once.
CREATE TABLE sent_emails (
    id TEXT PRIMARY KEY,
    sent_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE sent_emails;
DROP TABLE outbox;
