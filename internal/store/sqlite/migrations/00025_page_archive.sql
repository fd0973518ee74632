-- +goose Up
-- A dated copy of each distinct version of the public pages the server
-- serves (the prerendered HTML with the operator's values) and of the site
-- file (issue 27 §3; Regulation N, 12 CFR 1014.5, docs/records.md). One row
-- per path and content hash: a restart with the same content adds nothing,
-- and copies of the server starting together cannot both add it.
CREATE TABLE page_archive (
    id TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    hash TEXT NOT NULL,
    first_served_at DATETIME NOT NULL,
    content TEXT NOT NULL,
    size INTEGER NOT NULL,
    UNIQUE (path, hash)
);
CREATE INDEX page_archive_first_served ON page_archive (first_served_at);

-- +goose Down
DROP TABLE page_archive;
