// Package rates reads market mortgage rates (the weekly Freddie Mac survey)
// from a source: the FRED API, Freddie Mac's history file, or the snapshot
// bundled with the binary, which always says how old it is.
package rates

import (
	"context"
	"fmt"
	"time"
)

// Series of the weekly survey (not loan programs: see vocab.Program).
const (
	Series30 = "30"
	Series15 = "15"
)

// Observation is one weekly average.
type Observation struct {
	Series string
	Date   time.Time
	Rate   float64
}

// Source fetches the history it has.
type Source interface {
	// Name says where the figures come from, for the answer and the logs.
	Name() string
	Fetch(ctx context.Context) ([]Observation, error)
}

// Label is how a series is named to visitors; the browser looks for
// "30 Year Fixed" and "15 Year Fixed" in it (spec section 7).
func Label(series string) string {
	return fmt.Sprintf("Freddie Mac %s Year Fixed (weekly average)", series)
}
