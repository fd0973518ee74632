-- +goose Up
-- Refi Buddy on the homeowner's terms (issue 15, part 4): each watch says
-- what should trigger an alert, and may be paused, from the page its e-mails
-- link to (/refi-buddy/manage). 'rule' is the spec's rule (the default);
-- 'savings' alerts at refi_trigger_value dollars a month or more; 'break_even'
-- when closing costs are earned back within refi_trigger_value months.
ALTER TABLE quote_requests ADD COLUMN refi_trigger TEXT NOT NULL DEFAULT 'rule'
    CHECK (refi_trigger IN ('rule', 'savings', 'break_even'));
ALTER TABLE quote_requests ADD COLUMN refi_trigger_value REAL;
ALTER TABLE quote_requests ADD COLUMN refi_paused_at TIMESTAMPTZ;

-- Manage links: random tokens, stored only as SHA-256 hashes. An alert's
-- manage link carries the alert's own token (unsubscribe_token_hash: the
-- page can unsubscribe too, so a second secret would guard nothing more); a
-- confirmation e-mail's is kept here.
CREATE TABLE refi_manage_links (
    token_hash TEXT PRIMARY KEY,
    quote_request_id TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE refi_manage_links;
ALTER TABLE quote_requests DROP COLUMN refi_paused_at;
ALTER TABLE quote_requests DROP COLUMN refi_trigger_value;
ALTER TABLE quote_requests DROP COLUMN refi_trigger;
