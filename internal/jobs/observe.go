package jobs

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"quotegrade/internal/metrics"
)

// CountJobs counts River's jobs by kind and state in db, the product's
// database, where River keeps its tables (SQLite or PostgreSQL alike).
func CountJobs(ctx context.Context, db *sql.DB) ([]metrics.JobCount, error) {
	rows, err := db.QueryContext(ctx, `SELECT kind, state, COUNT(*) FROM river_job GROUP BY kind, state ORDER BY kind, state`)
	if err != nil {
		return nil, fmt.Errorf("count jobs: %w", err)
	}
	defer rows.Close()
	var out []metrics.JobCount
	for rows.Next() {
		var c metrics.JobCount
		if err := rows.Scan(&c.Kind, &c.State, &c.Count); err != nil {
			return nil, fmt.Errorf("scan job count: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// failureHook tells failed(kind) about every job attempt that ended in an error.
type failureHook struct {
	river.HookDefaults
	failed func(kind string)
}

func (h *failureHook) WorkEnd(_ context.Context, job *rivertype.JobRow, err error) error {
	if err != nil {
		h.failed(job.Kind)
	}
	return err
}
