-- +goose Up
-- An uploaded file belongs to one quote request: parallel submits naming one
-- upload key once attached it to several. Where that already happened, the
-- earliest request keeps the file and the later ones lose the link.
UPDATE quote_requests SET user_uploaded_quote_url = NULL
WHERE user_uploaded_quote_url IS NOT NULL AND EXISTS (
    SELECT 1 FROM quote_requests o
    WHERE o.user_uploaded_quote_url = quote_requests.user_uploaded_quote_url
      AND (o.created_at < quote_requests.created_at OR (o.created_at = quote_requests.created_at AND o.id < quote_requests.id))
);
DROP INDEX quote_requests_upload;
CREATE UNIQUE INDEX quote_requests_upload ON quote_requests (user_uploaded_quote_url);

-- +goose Down
DROP INDEX quote_requests_upload;
CREATE INDEX quote_requests_upload ON quote_requests (user_uploaded_quote_url);
