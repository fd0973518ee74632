-- +goose Up
-- A Loan Estimate uploaded as up to three pictures, one a page (issue 28
-- §3): the first picture's upload is the one a request names
-- (uploadedFileUrl); each other picture names it in page_of, with its
-- place among the pictures (2 or 3) in page_number. A page is attached when
-- its first picture is, and removed with it.
ALTER TABLE uploads ADD COLUMN page_of TEXT;
ALTER TABLE uploads ADD COLUMN page_number INTEGER;
CREATE INDEX uploads_page_of ON uploads (page_of);

-- +goose Down
DROP INDEX uploads_page_of;
ALTER TABLE uploads DROP COLUMN page_number;
ALTER TABLE uploads DROP COLUMN page_of;
