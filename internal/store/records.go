package store

import (
	"context"
	"time"

	"quotegrade/internal/apperr"
)

// MsgOnLegalHold refuses deleting a request a broker put on legal hold.
const MsgOnLegalHold = "This request is on legal hold and cannot be deleted now"

// ErrOnLegalHold: DeleteQuoteRequest found the request on legal hold.
var ErrOnLegalHold = apperr.Conflict(MsgOnLegalHold)

// Records is what the store keeps so a brokerage can answer for its records
// (issue 27, docs/records.md): deletions, legal holds, the audit trail and
// the retention purge.
type Records interface {
	// DeleteQuoteRequest removes a request and everything hanging from it
	// (analysis, quotes, views, contact requests, alerts, its upload's row)
	// and records d, in one transaction; it answers the upload's key, if
	// any, whose file the caller removes. ErrOnLegalHold when on hold,
	// apperr.ErrNotFound for an unknown request.
	DeleteQuoteRequest(ctx context.Context, d DeletedRequest) (uploadKey *string, err error)
	// DeletedRequest reads the record a deletion left; apperr.ErrNotFound
	// when the request was never deleted.
	DeletedRequest(ctx context.Context, quoteRequestID string) (DeletedRequest, error)
	// SetLegalHold puts a request on hold or replaces its hold's reason;
	// apperr.ErrNotFound for an unknown request.
	SetLegalHold(ctx context.Context, h LegalHold) error
	// ReleaseLegalHold takes a request off hold; apperr.ErrNotFound when it
	// was not on hold.
	ReleaseLegalHold(ctx context.Context, quoteRequestID string) error
	// LegalHold reads a request's hold; apperr.ErrNotFound when none.
	LegalHold(ctx context.Context, quoteRequestID string) (LegalHold, error)
	// RecordAudit appends one event to the audit trail.
	RecordAudit(ctx context.Context, e AuditEvent) error
	// ListAudit lists events matching f, newest first.
	ListAudit(ctx context.Context, f AuditFilter) ([]AuditEvent, error)
	// AnalysisVersions lists every saved version of a request's analysis,
	// newest first (the first is the analysis the visitor sees); none for
	// a request never analysed.
	AnalysisVersions(ctx context.Context, quoteRequestID string) ([]AnalysisVersion, error)
	// SentEmails lists the kept e-mails about a request, newest first.
	SentEmails(ctx context.Context, quoteRequestID string) ([]SentEmail, error)
	// PurgeRecords removes what was made before before: requests (with what
	// DeleteQuoteRequest removes) unless on hold, contact requests, kept
	// e-mails, deletion records and audit events. With dryRun it removes
	// nothing and answers what it would.
	PurgeRecords(ctx context.Context, before time.Time, dryRun bool) (Purged, error)
	// PurgeConfirmationCaps removes the Refi Buddy confirmation counts
	// (by mailbox, by domain and day) older than before: they only count
	// the last day's confirmations, and the mailbox is personal data. With
	// dryRun it removes nothing and answers how many it would.
	PurgeConfirmationCaps(ctx context.Context, before time.Time, dryRun bool) (int, error)
}

// AnalysisVersion is one save of an analysis: who, when, and the whole
// analysis with its quotes as it was saved.
type AnalysisVersion struct {
	QuoteRequestID string
	// Version counts the saves of the request's analysis from 1.
	Version  int
	SavedAt  time.Time
	SavedBy  string
	Analysis Analysis
}

// SentEmail is a delivered e-mail, kept for the retention period.
type SentEmail struct {
	ID             string
	QuoteRequestID *string
	To             string
	Subject        string
	Text           string
	HTML           string
	// SentBy is the broker's address, "" for quotegrade's own messages.
	SentBy string
	SentAt time.Time
}

// DeletedRequest is what remains of a deleted request: no personal data.
type DeletedRequest struct {
	QuoteRequestID string
	DeletedAt      time.Time
	// DeletedBy is "visitor" or the broker's address.
	DeletedBy string
	Reason    string
}

// DeletedByVisitor is DeletedBy for the visitor's own deletion.
const DeletedByVisitor = "visitor"

// LegalHold keeps a request from deletion and purge.
type LegalHold struct {
	QuoteRequestID string
	Reason         string
	HeldBy         string
	HeldAt         time.Time
}

// AuditEvent is one broker action on visitor data.
type AuditEvent struct {
	ID             string
	At             time.Time
	Actor          string // the broker's address
	Action         string // e.g. read_request, download_upload, export
	QuoteRequestID *string
	Address        string // the client address the action came from
	Detail         string // e.g. a hold's or deletion's reason
}

// AuditFilter narrows ListAudit; zero fields do not filter.
type AuditFilter struct {
	Actor          string
	QuoteRequestID string
	Since, Until   time.Time
	Limit          int
}

// Purged counts what PurgeRecords removed (or would), by kind, and the
// upload keys whose files the caller removes. ConfirmationCaps and
// ArchivedPages are the counts of PurgeConfirmationCaps and
// PurgePageArchive, which the caller runs with their own cutoffs.
type Purged struct {
	QuoteRequests    int
	Uploads          int
	ContactRequests  int
	Emails           int
	DeletedRequests  int
	AuditEvents      int
	ConfirmationCaps int
	ArchivedPages    int
	UploadKeys       []string
}
