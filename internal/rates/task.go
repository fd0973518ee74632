package rates

import (
	"time"

	"quotegrade/internal/jobs"
)

// RefreshEvery is how often the market rates are fetched: the survey is
// weekly, so a few times a day finds a new week within hours.
const RefreshEvery = 6 * time.Hour

// RefreshTask is the job that keeps the market rates fresh (Refresh).
func (s *Service) RefreshTask() jobs.Task {
	return jobs.Task{Name: "refresh_market_rates", Every: RefreshEvery, Run: s.Refresh}
}
