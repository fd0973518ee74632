package store

import (
	"context"
	"time"
)

// Operations is what the store keeps for running the site rather than for
// its visitors: demo data and the copies of the server that share it.
type Operations interface {
	// MarkDemoRequest marks a quote request as demo data (idempotent).
	MarkDemoRequest(ctx context.Context, quoteRequestID string) error
	// DemoRequestsRemoved reports whether the demo requests were removed once,
	// so they are not made again.
	DemoRequestsRemoved(ctx context.Context) (bool, error)
	// RemoveDemoRequests deletes every request marked as demo data (with its
	// analysis, quotes and alerts) and remembers that it did; it returns how
	// many requests it deleted.
	RemoveDemoRequests(ctx context.Context, at time.Time) (int, error)

	// RecordServerCopy creates or replaces one copy's settings fingerprint.
	RecordServerCopy(ctx context.Context, c ServerCopy) error
	// ListServerCopies lists every recorded copy, most recently started first.
	ListServerCopies(ctx context.Context) ([]ServerCopy, error)
}

// ServerCopy is one running copy of quotegrade as it recorded itself at start:
// how it sends mail and where it keeps uploads, described and fingerprinted.
// Nothing here is secret.
type ServerCopy struct {
	ID                string
	MailTransport     string
	MailFingerprint   string
	UploadStore       string
	UploadFingerprint string
	StartedAt         time.Time
}
