-- +goose Up
-- A broker's second factor (issue 27 §5, decision 0039): a TOTP secret
-- sealed with the server's second-factor key (never stored in the clear),
-- confirmed once the broker typed a code from it, the last 30-second step
-- accepted (a code is never taken twice), and a run of wrong codes for the
-- rate limit. Recovery codes are kept as SHA-256 hashes, each used once.
CREATE TABLE second_factors (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed TEXT NOT NULL,
    created_at DATETIME NOT NULL,
    enrolled_at DATETIME,
    last_step BIGINT NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    failed_at DATETIME
);
CREATE TABLE recovery_codes (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at DATETIME,
    PRIMARY KEY (user_id, code_hash)
);
-- A session outside development mode must pass the second factor before it
-- acts as an admin; last_seen_at ends it after the idle time.
ALTER TABLE sessions ADD COLUMN needs_second_factor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN second_factor_at DATETIME;
ALTER TABLE sessions ADD COLUMN last_seen_at DATETIME;

-- +goose Down
ALTER TABLE sessions DROP COLUMN last_seen_at;
ALTER TABLE sessions DROP COLUMN second_factor_at;
ALTER TABLE sessions DROP COLUMN needs_second_factor;
DROP TABLE recovery_codes;
DROP TABLE second_factors;
