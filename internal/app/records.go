package app

import (
	"context"
	"log/slog"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/records"
	"quotegrade/internal/store"
	"quotegrade/internal/upload"
)

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
