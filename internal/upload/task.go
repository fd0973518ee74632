package upload

import (
	"context"
	"log/slog"
	"time"

	"quotegrade/internal/jobs"
)

// RemoveStaleTask is the hourly job that deletes uploads never attached to a
// request (RemoveStale), logging how many it removed.
func (s *Service) RemoveStaleTask(log *slog.Logger) jobs.Task {
	return jobs.Task{Name: "remove_stale_uploads", Every: time.Hour, Run: func(ctx context.Context) error {
		n, err := s.RemoveStale(ctx)
		if n > 0 {
			log.InfoContext(ctx, "removed uploads never attached to a request", "count", n)
		}
		return err
	}}
}
