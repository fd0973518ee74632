package upload

import (
	"context"
	"log/slog"
	"time"

	"quotegrade/internal/jobs"
)

// RemoveStaleTask is the job that deletes uploads never attached to a
// request and links never used (RemoveStale), logging how many it removed.
// It runs every five minutes, so an unchecked file lives minutes, not hours.
func (s *Service) RemoveStaleTask(log *slog.Logger) jobs.Task {
	return jobs.Task{Name: "remove_stale_uploads", Every: 5 * time.Minute, Run: func(ctx context.Context) error {
		n, err := s.RemoveStale(ctx)
		if n > 0 {
			log.InfoContext(ctx, "removed uploads never attached to a request or never checked", "count", n)
		}
		return err
	}}
}
