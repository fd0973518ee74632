package records

import (
	"context"
	"fmt"
	"time"

	"quotegrade/internal/jobs"
	"quotegrade/internal/store"
)

// DefaultRetentionDays is four years: Utah Code 61-2c-302 has a mortgage
// broker keep its records that long (docs/records.md).
const DefaultRetentionDays = 1461

// ConfirmationCapsKept is how long the Refi Buddy confirmation counts are
// kept: they count one day's confirmations (refi.ConfirmationInterval, the
// domain's count by UTC day), so two days always cover the day counted.
const ConfirmationCapsKept = 48 * time.Hour

// Cutoff is the first instant a retention of days keeps, counted from now.
func Cutoff(now time.Time, days int) time.Time {
	y, m, d := now.UTC().AddDate(0, 0, -days).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Purge removes what was made before before (PurgeRecords), then the
// uploaded files of the removed requests, the confirmation counts older
// than ConfirmationCapsKept and the page-archive versions replaced before
// archiveCutoff. A dry run removes nothing and counts the same rows. The
// counts of a real run go to /metrics and the log.
func (s *Service) Purge(ctx context.Context, before time.Time, dryRun bool) (store.Purged, error) {
	p, err := s.store.PurgeRecords(ctx, before, dryRun)
	if err != nil {
		return p, err
	}
	if !dryRun {
		for _, key := range p.UploadKeys {
			if err := s.files.RemoveFile(ctx, key); err != nil {
				return p, fmt.Errorf("purge: remove an uploaded file: %w", err)
			}
		}
	}
	if p.ConfirmationCaps, err = s.store.PurgeConfirmationCaps(ctx, s.now().Add(-ConfirmationCapsKept), dryRun); err != nil {
		return p, fmt.Errorf("purge: %w", err)
	}
	if p.ArchivedPages, err = s.store.PurgePageArchive(ctx, archiveCutoff(s.now(), before), dryRun); err != nil {
		return p, fmt.Errorf("purge: %w", err)
	}
	if dryRun {
		return p, nil
	}
	counts := Counts(p)
	if s.counter != nil {
		for _, c := range counts {
			s.counter.RecordsPurged(c.Kind, c.N)
		}
	}
	s.log.InfoContext(ctx, "records purged", "before", before.Format(dayLayout), "quote_requests", p.QuoteRequests, "uploads", p.Uploads,
		"contact_requests", p.ContactRequests, "emails", p.Emails, "deleted_requests", p.DeletedRequests, "audit_events", p.AuditEvents,
		"confirmation_caps", p.ConfirmationCaps, "archived_pages", p.ArchivedPages)
	return p, nil
}

// Count is how many records of a kind a purge removed.
type Count struct {
	Kind string
	N    int
}

// Counts lists a purge's counts by kind, in the order the CLI prints them
// (the kinds of metrics.PurgedKinds).
func Counts(p store.Purged) []Count {
	return []Count{{"quote_requests", p.QuoteRequests}, {"uploads", p.Uploads}, {"contact_requests", p.ContactRequests},
		{"emails", p.Emails}, {"deleted_requests", p.DeletedRequests}, {"audit_events", p.AuditEvents},
		{"confirmation_caps", p.ConfirmationCaps}, {"archived_pages", p.ArchivedPages}}
}

// PurgeTask is the daily purge of what is older than the retention; a
// retention left unset (0) is the default, never "purge everything".
func (s *Service) PurgeTask(retentionDays int) jobs.Task {
	if retentionDays <= 0 {
		retentionDays = DefaultRetentionDays
	}
	return jobs.Task{Name: "purge_records", Every: 24 * time.Hour, Run: func(ctx context.Context) error {
		_, err := s.Purge(ctx, Cutoff(s.now(), retentionDays), false)
		return err
	}}
}
