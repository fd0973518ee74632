-- +goose Up
-- Files visitors upload. A file counts as attached once a quote request
-- names its key (quote_requests.user_uploaded_quote_url); unattached ones are
-- removed after a day.
CREATE TABLE uploads (
    key TEXT PRIMARY KEY,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'received', 'rejected')),
    size BIGINT,
    sha256 TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    received_at TIMESTAMPTZ
);
CREATE INDEX uploads_created_at ON uploads (created_at);
CREATE INDEX quote_requests_upload ON quote_requests (user_uploaded_quote_url);

-- +goose Down
DROP INDEX quote_requests_upload;
DROP TABLE uploads;
