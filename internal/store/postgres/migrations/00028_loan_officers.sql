-- +goose Up
-- Each broker's loan officer profile, kept with their admin grant (issue 26):
-- the name and individual NMLS ID shown as "Reviewed by NAME, NMLS #ID".
ALTER TABLE admins ADD COLUMN officer_name TEXT NOT NULL DEFAULT '';
ALTER TABLE admins ADD COLUMN officer_nmls TEXT NOT NULL DEFAULT '';
-- Who reviewed an analysis, copied from the saving broker's profile when it
-- was saved, so a later change of profile does not rewrite past analyses.
-- Empty: saved without a profile (the brokerage stands behind it).
ALTER TABLE analyses ADD COLUMN reviewer_name TEXT NOT NULL DEFAULT '';
ALTER TABLE analyses ADD COLUMN reviewer_nmls TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE analyses DROP COLUMN reviewer_nmls;
ALTER TABLE analyses DROP COLUMN reviewer_name;
ALTER TABLE admins DROP COLUMN officer_nmls;
ALTER TABLE admins DROP COLUMN officer_name;
