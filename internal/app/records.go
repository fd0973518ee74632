package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/config"
	"quotegrade/internal/records"
	"quotegrade/internal/store"
	"quotegrade/internal/upload"
	"quotegrade/internal/vocab"
)

// StartAdminsActor is who the audit trail says granted QG_ADMIN_EMAILS.
const StartAdminsActor = "QG_ADMIN_EMAILS at start"

// grantStartAdmins makes QG_ADMIN_EMAILS admins, recording each one it
// made in the audit trail as grant_admin (as `quotegrade admin grant` is);
// an address already an admin, as on every later start, is left unrecorded.
func grantStartAdmins(ctx context.Context, st store.Store, emails []string) error {
	for _, email := range emails {
		// GetLoanOfficer answers ErrNotFound exactly for an address not an admin's.
		_, err := st.GetLoanOfficer(ctx, email)
		if err == nil {
			continue
		}
		if !errors.Is(err, apperr.ErrNotFound) {
			return fmt.Errorf("grant QG_ADMIN_EMAILS: %w", err)
		}
		now := time.Now().UTC()
		if err := st.GrantAdmin(ctx, email, now); err != nil {
			return fmt.Errorf("grant QG_ADMIN_EMAILS: %w", err)
		}
		if err := st.RecordAudit(ctx, store.AuditEvent{ID: vocab.NewOrderedID(), At: now, Actor: StartAdminsActor,
			Action: "grant_admin", Detail: email}); err != nil {
			return fmt.Errorf("grant QG_ADMIN_EMAILS: %w", err)
		}
	}
	return nil
}

// PurgeRecords is `quotegrade records purge`: the daily purge, run now on
// the configured database and upload store (docs/records.md).
func PurgeRecords(ctx context.Context, cfg config.Config, log *slog.Logger, before time.Time, dryRun bool) (store.Purged, error) {
	st, err := OpenStore(ctx, cfg)
	if err != nil {
		return store.Purged{}, err
	}
	defer st.Close()
	blobs, _, err := openBlobs(cfg)
	if err != nil {
		return store.Purged{}, err
	}
	svc := records.NewService(records.Deps{Store: st, Files: upload.NewService(st, blobs, time.Now), Log: log, Now: time.Now})
	return svc.Purge(ctx, before, dryRun)
}
