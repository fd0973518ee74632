-- +goose Up
-- A stamp of everything the results page's answer shows for a request: the
-- request itself, its quotes, whether it is analysed and its demo mark.
-- Triggers bump it on every such write, so no write path can forget, and a
-- read compares one integer to learn whether its kept answer is still true
-- (decision 0028). The stamp lives in the database, so every copy of the
-- server sharing it sees the same one.
ALTER TABLE quote_requests ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

-- +goose StatementBegin
CREATE FUNCTION quote_requests_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.version := OLD.version + 1;
    RETURN NEW;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER quote_requests_version BEFORE UPDATE ON quote_requests
FOR EACH ROW EXECUTE FUNCTION quote_requests_next_version();

-- +goose StatementBegin
CREATE FUNCTION quote_requests_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE quote_requests SET version = version + 1 WHERE id = OLD.quote_request_id;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.quote_request_id IS DISTINCT FROM OLD.quote_request_id) THEN
        UPDATE quote_requests SET version = version + 1 WHERE id = NEW.quote_request_id;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER quotes_version AFTER INSERT OR UPDATE OR DELETE ON quotes
FOR EACH ROW EXECUTE FUNCTION quote_requests_bump_version();
CREATE TRIGGER analyses_version AFTER INSERT OR DELETE OR UPDATE OF quote_request_id ON analyses
FOR EACH ROW EXECUTE FUNCTION quote_requests_bump_version();
CREATE TRIGGER demo_requests_version AFTER INSERT OR UPDATE OR DELETE ON demo_requests
FOR EACH ROW EXECUTE FUNCTION quote_requests_bump_version();

-- +goose Down
DROP TRIGGER demo_requests_version ON demo_requests;
DROP TRIGGER analyses_version ON analyses;
DROP TRIGGER quotes_version ON quotes;
DROP FUNCTION quote_requests_bump_version();
DROP TRIGGER quote_requests_version ON quote_requests;
DROP FUNCTION quote_requests_next_version();
ALTER TABLE quote_requests DROP COLUMN version;
