-- +goose Up
-- Refi Buddy confirmations to one inbox (issue 24): victim+1@, v.i.c.t.i.m@
-- (Gmail), a trailing-dot domain and a quoted local part are different
-- addresses in refi_addresses but one inbox. Confirmations are also counted
-- by the inbox (refi.Mailbox: the address folded, for counting only, never
-- for sending): one a day per mailbox, and a cap a day per domain.
CREATE TABLE refi_confirmation_mailboxes (
    mailbox TEXT PRIMARY KEY,
    sent_at DATETIME NOT NULL
);

CREATE TABLE refi_confirmation_domains (
    domain TEXT NOT NULL,
    day TEXT NOT NULL,
    sent INTEGER NOT NULL,
    PRIMARY KEY (domain, day)
);

-- +goose Down
DROP TABLE refi_confirmation_domains;
DROP TABLE refi_confirmation_mailboxes;
