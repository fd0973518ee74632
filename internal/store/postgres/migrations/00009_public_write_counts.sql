-- +goose Up
-- The write limit shared by every copy of the server on one database: public
-- writes per client address per minute (window_start is the minute's start in
-- Unix seconds). Old minutes are removed by a periodic task.
CREATE TABLE public_write_counts (
    client TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    writes INTEGER NOT NULL,
    PRIMARY KEY (client, window_start)
);
CREATE INDEX public_write_counts_window ON public_write_counts (window_start);

-- +goose Down
DROP TABLE public_write_counts;
