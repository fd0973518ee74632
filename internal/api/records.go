package api

import (
	"time"

	"quotegrade/internal/jsonfield"
)

// RecordsReason is the broker's reason for a legal hold or a deletion.
type RecordsReason struct {
	Reason jsonfield.String `json:"reason"`
}

// LegalHold is a request's hold: why, who put it on, when.
type LegalHold struct {
	Reason string    `json:"reason"`
	HeldBy string    `json:"held_by"`
	HeldAt time.Time `json:"held_at"`
}

// RecordsStatus is a request's records state on the broker's request page.
type RecordsStatus struct {
	LegalHold *LegalHold `json:"legal_hold"`
}

// AuditEvent is one broker action on visitor data.
type AuditEvent struct {
	ID             string    `json:"id"`
	At             time.Time `json:"at"`
	Actor          string    `json:"actor"`
	Action         string    `json:"action"`
	QuoteRequestID *string   `json:"quote_request_id"`
	Address        string    `json:"address"`
	Detail         string    `json:"detail"`
}

// RecordsExport is everything the product holds about one request.
type RecordsExport struct {
	ExportedAt   time.Time    `json:"exported_at"`
	QuoteRequest QuoteRequest `json:"quote_request"`
	Analysis     *Analysis    `json:"analysis"`
	// UploadURL is a short-lived download link of the visitor's file.
	UploadURL  *string         `json:"upload_url"`
	LegalHold  *LegalHold      `json:"legal_hold"`
	RefiAlerts []ExportedAlert `json:"refi_alerts"`
	Audit      []AuditEvent    `json:"audit"`
	// Versions are every save of the analysis, newest first.
	Versions []AnalysisVersion `json:"analysis_versions"`
	// Emails are the kept e-mails about the request, newest first.
	Emails []KeptEmail `json:"emails"`
}

// AnalysisVersion is one save of a request's analysis: who, when, and the
// analysis with its quotes as saved (without figures, which are computed
// for the latest only).
type AnalysisVersion struct {
	Version  int       `json:"version"`
	SavedAt  time.Time `json:"saved_at"`
	SavedBy  string    `json:"saved_by"`
	Analysis Analysis  `json:"analysis"`
}

// KeptEmail is an e-mail sent about a request, kept for the retention period.
type KeptEmail struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
	// SentBy is the broker's address, "" for quotegrade's own messages.
	SentBy string    `json:"sent_by"`
	SentAt time.Time `json:"sent_at"`
}

// ExportedAlert is one Refi Buddy alert of the request.
type ExportedAlert struct {
	CreatedAt      time.Time  `json:"created_at"`
	MarketWeek     time.Time  `json:"market_week"`
	NewRate        float64    `json:"new_rate"`
	MonthlySavings float64    `json:"monthly_savings"`
	QueuedAt       *time.Time `json:"queued_at"`
}

// AuditQuery filters the audit trail: by broker, by request, by date (From
// and To are days, YYYY-MM-DD, To included).
type AuditQuery struct {
	Actor          string
	QuoteRequestID string
	From, To       string
}

// ArchivedPage is one kept version of a public page or of the site file
// (GET /api/admin/archive); its content is GET /api/admin/archive/{id}.
type ArchivedPage struct {
	ID            string    `json:"id"`
	Path          string    `json:"path"`
	FirstServedAt time.Time `json:"first_served_at"`
	Hash          string    `json:"hash"`
	Size          int       `json:"size"`
}
