-- +goose Up
-- Who is an admin is decided here, by e-mail, so a broker can be granted
-- before their first sign-in (quotegrade admin grant EMAIL).
CREATE TABLE admins (
    email TEXT PRIMARY KEY,
    granted_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- A session is one sign-in; the browser holds its refresh secret in an
-- HttpOnly cookie. Only hashes of secrets are stored.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Short-lived bearer tokens (5 minutes), minted from a live session.
CREATE TABLE access_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX access_tokens_expires ON access_tokens (expires_at);

ALTER TABLE contact_requests ADD COLUMN answered_at TIMESTAMPTZ;
ALTER TABLE contact_requests ADD COLUMN answered_by TEXT;

-- +goose Down
ALTER TABLE contact_requests DROP COLUMN answered_by;
ALTER TABLE contact_requests DROP COLUMN answered_at;
DROP TABLE access_tokens;
DROP TABLE sessions;
DROP TABLE users;
DROP TABLE admins;
