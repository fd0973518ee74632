package vocab

import (
	"github.com/google/uuid"

	"quotegrade/internal/apperr"
)

// NewID returns a new record id: a version 4 UUID carries 122 random bits
// from crypto/rand, and a quote request's id alone opens a visitor's results,
// so it must be unguessable.
func NewID() string { return uuid.NewString() }

// NewOrderedID is an id for rows written many at a time (Refi Buddy's
// alerts): a UUIDv7, whose leading timestamp makes a batch append to the end
// of its primary key's b-tree instead of writing pages all over it. Its 74
// random bits still make it unguessable (docs/performance.md).
func NewOrderedID() string { return uuid.Must(uuid.NewV7()).String() }

// ErrRequestNotFound and ErrAnalysisNotFound carry the words visitors read.
var (
	ErrRequestNotFound  = apperr.NotFound("Quote request not found")
	ErrAnalysisNotFound = apperr.NotFound("Analysis not found")
)
