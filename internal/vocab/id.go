package vocab

import (
	"github.com/google/uuid"

	"quotegrade/internal/apperr"
)

// NewID returns a new record id: a version 4 UUID carries 122 random bits
// from crypto/rand, and a quote request's id alone opens a visitor's results,
// so it must be unguessable.
func NewID() string { return uuid.NewString() }

// ErrRequestNotFound and ErrAnalysisNotFound carry the words visitors read.
var (
	ErrRequestNotFound  = apperr.NotFound("Quote request not found")
	ErrAnalysisNotFound = apperr.NotFound("Analysis not found")
)
