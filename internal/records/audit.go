package records

import (
	"context"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Actions the audit trail names (the HTTP layer's list of audited routes
// says which route is which).
const (
	ActionReadRequest    = "read_request"
	ActionReadAnalysis   = "read_analysis"
	ActionDownloadUpload = "download_upload"
	ActionReadEstimate   = "read_loan_estimate"
	ActionExport         = "export"
	ActionEdit           = "edit"
	ActionEmail          = "email"
	ActionHold           = "hold"
	ActionRelease        = "release_hold"
	ActionDelete         = "delete"
	ActionReadAudit      = "read_audit"
	ActionReadRecords    = "read_records"
	ActionReadList       = "read_list"
)

// Record appends an event to the audit trail; its id and time are the
// service's, whatever e says (a time-ordered id: events of one instant list
// in the order they came).
func (s *Service) Record(ctx context.Context, e api.AuditEvent) error {
	ev := store.AuditEvent{ID: vocab.NewOrderedID(), At: s.now().UTC(), Actor: e.Actor, Action: e.Action, Address: e.Address, Detail: e.Detail}
	if e.QuoteRequestID != nil && *e.QuoteRequestID != "" {
		ev.QuoteRequestID = e.QuoteRequestID
	}
	return s.store.RecordAudit(ctx, ev)
}

// AuditQuery is api.AuditQuery.
type AuditQuery = api.AuditQuery

const dayLayout = "2006-01-02"

// Audit lists the trail's events matching q, newest first.
func (s *Service) Audit(ctx context.Context, q AuditQuery) ([]api.AuditEvent, error) {
	f := store.AuditFilter{Actor: q.Actor, QuoteRequestID: q.QuoteRequestID}
	fields := apperr.Fields{}
	if q.From != "" {
		d, err := time.Parse(dayLayout, q.From)
		if err != nil {
			fields.Add("from", "Please give the date as YYYY-MM-DD")
		}
		f.Since = d
	}
	if q.To != "" {
		d, err := time.Parse(dayLayout, q.To)
		if err != nil {
			fields.Add("to", "Please give the date as YYYY-MM-DD")
		}
		f.Until = d.AddDate(0, 0, 1)
	}
	if err := fields.Err("Please check the filters"); err != nil {
		return nil, err
	}
	list, err := s.store.ListAudit(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]api.AuditEvent, 0, len(list))
	for _, e := range list {
		out = append(out, api.AuditEvent{ID: e.ID, At: e.At, Actor: e.Actor, Action: e.Action, QuoteRequestID: e.QuoteRequestID,
			Address: e.Address, Detail: e.Detail})
	}
	return out, nil
}
