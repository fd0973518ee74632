-- +goose Up
-- The broker's answer to each of the visitor's questions (a list in the order
-- of quote_requests.questions), and why the recommended quote is recommended
-- when it is not the cheapest over seven years (issue 14).
ALTER TABLE analyses ADD COLUMN answers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE analyses ADD COLUMN recommendation_reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE analyses DROP COLUMN recommendation_reason;
ALTER TABLE analyses DROP COLUMN answers;
