-- +goose Up
-- A stamp of everything the results page's answer shows for a request: the
-- request itself, its quotes, whether it is analysed and its demo mark.
-- Triggers bump it on every such write, so no write path can forget, and a
-- read compares one integer to learn whether its kept answer is still true
-- (decision 0028). The stamp lives in the database, so every copy of the
-- server sharing it sees the same one.
ALTER TABLE quote_requests ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- +goose StatementBegin
CREATE TRIGGER quote_requests_version AFTER UPDATE ON quote_requests
WHEN NEW.version = OLD.version
BEGIN
    UPDATE quote_requests SET version = OLD.version + 1 WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER quotes_insert_version AFTER INSERT ON quotes
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id = NEW.quote_request_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER quotes_update_version AFTER UPDATE ON quotes
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id IN (OLD.quote_request_id, NEW.quote_request_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER quotes_delete_version AFTER DELETE ON quotes
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id = OLD.quote_request_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER analyses_insert_version AFTER INSERT ON analyses
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id = NEW.quote_request_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER analyses_update_version AFTER UPDATE OF quote_request_id ON analyses
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id IN (OLD.quote_request_id, NEW.quote_request_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER analyses_delete_version AFTER DELETE ON analyses
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id = OLD.quote_request_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER demo_requests_insert_version AFTER INSERT ON demo_requests
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id = NEW.quote_request_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER demo_requests_update_version AFTER UPDATE ON demo_requests
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id IN (OLD.quote_request_id, NEW.quote_request_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER demo_requests_delete_version AFTER DELETE ON demo_requests
BEGIN
    UPDATE quote_requests SET version = version + 1 WHERE id = OLD.quote_request_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER demo_requests_delete_version;
DROP TRIGGER demo_requests_update_version;
DROP TRIGGER demo_requests_insert_version;
DROP TRIGGER analyses_delete_version;
DROP TRIGGER analyses_update_version;
DROP TRIGGER analyses_insert_version;
DROP TRIGGER quotes_delete_version;
DROP TRIGGER quotes_update_version;
DROP TRIGGER quotes_insert_version;
DROP TRIGGER quote_requests_version;
ALTER TABLE quote_requests DROP COLUMN version;
