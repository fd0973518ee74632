-- +goose Up
-- Refi Buddy double opt-in (issue 10): an address gets alerts only after the
-- link in its confirmation e-mail was followed. One row per address
-- (lower-cased); confirmation_sent_at limits confirmations to one a day.
CREATE TABLE refi_addresses (
    email TEXT PRIMARY KEY,
    created_at DATETIME NOT NULL,
    confirmation_sent_at DATETIME,
    confirmed_at DATETIME,
    unsubscribed_at DATETIME
);

-- Confirmation links: random tokens, stored only as SHA-256 hashes.
CREATE TABLE refi_confirmations (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL REFERENCES refi_addresses (email) ON DELETE CASCADE,
    created_at DATETIME NOT NULL,
    expires_at DATETIME NOT NULL
);

-- One alert per address and market week, however many watches name it.
-- Alerts from before this migration have no address and are left as they were.
ALTER TABLE refi_alerts ADD COLUMN email TEXT;
CREATE UNIQUE INDEX refi_alerts_email_week ON refi_alerts (email, market_week);

-- +goose Down
DROP INDEX refi_alerts_email_week;
ALTER TABLE refi_alerts DROP COLUMN email;
DROP TABLE refi_confirmations;
DROP TABLE refi_addresses;
