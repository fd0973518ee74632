package refi

import (
	"context"
	"time"

	"quotegrade/internal/jobs"
)

// EvaluateEvery is how often the watches are evaluated: as often as the
// market rates are refreshed.
const EvaluateEvery = 6 * time.Hour

// EvaluateTask is the job that evaluates every watch and queues the alerts
// (Run); brokers can also run it from the dashboard.
func (s *Service) EvaluateTask() jobs.Task {
	return jobs.Task{Name: "evaluate_refi_watches", Every: EvaluateEvery, Run: func(ctx context.Context) error {
		_, err := s.Run(ctx)
		return err
	}}
}
