-- +goose Up
-- Demo requests are marked here rather than in quote_requests, and the mark
-- outlives the request: once an operator removes them, they are not made again.
-- No foreign key, so the mark stays when the request is deleted.
CREATE TABLE demo_requests (
    quote_request_id TEXT PRIMARY KEY,
    removed_at DATETIME
);
-- Servers that made the demo requests before this table existed.
INSERT INTO demo_requests (quote_request_id)
SELECT id FROM quote_requests
WHERE id IN ('d3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a21', 'd3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a22');

-- Each copy of the server records a fingerprint (a hash, never a secret) of
-- its mail and upload settings at start, so a copy whose settings differ from
-- the others' can say so: they share one job queue and one set of uploads.
CREATE TABLE server_copies (
    copy_id TEXT PRIMARY KEY,
    mail_transport TEXT NOT NULL,
    mail_fingerprint TEXT NOT NULL,
    upload_store TEXT NOT NULL,
    upload_fingerprint TEXT NOT NULL,
    started_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE server_copies;
DROP TABLE demo_requests;
