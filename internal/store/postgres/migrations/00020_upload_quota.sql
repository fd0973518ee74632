-- +goose Up
-- Upload quotas (issue 24): each upload link remembers the client it was
-- given to (its address, or its /64 for IPv6), so the bytes a client holds
-- can be counted before another link is handed out.
ALTER TABLE uploads ADD COLUMN client TEXT;
CREATE INDEX uploads_client ON uploads (client, created_at);

-- +goose Down
DROP INDEX uploads_client;
ALTER TABLE uploads DROP COLUMN client;
