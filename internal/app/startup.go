package app

import (
	"context"
	"log/slog"
	"path/filepath"
	"time"

	"quotegrade/internal/blob"
	"quotegrade/internal/config"
	"quotegrade/internal/mail"
)

// reachTimeout bounds each start-up check, so a peer that swallows packets
// delays start by seconds, not minutes.
const reachTimeout = 5 * time.Second

// describeUploads names where uploads live, for the start-up line.
func describeUploads(cfg config.Config) string {
	if cfg.S3.Bucket == "" {
		return "folder " + filepath.Join(cfg.DataDir, "uploads")
	}
	endpoint := cfg.S3.Endpoint
	if endpoint == "" {
		endpoint = "AWS " + cfg.S3.Region
	}
	return "s3 bucket " + cfg.S3.Bucket + " at " + endpoint
}

// describeMail names how mail leaves, for the start-up line; never the
// SMTP URL itself, which may hold a password.
func describeMail(sender mail.Sender) string {
	if s, ok := sender.(*mail.SMTP); ok {
		return "smtp " + s.Addr()
	}
	return "outbox"
}

// reacher is a peer that can be checked at start.
type reacher interface {
	Reach(ctx context.Context) error
}

// warnUnreachable checks the upload store and the mail server once at
// start and warns (without stopping: the peer may come back) when either
// does not answer.
func warnUnreachable(ctx context.Context, log *slog.Logger, blobs blob.Store, sender mail.Sender, uploads, mailTransport string) {
	if err := reach(ctx, blobs); err != nil {
		log.WarnContext(ctx, "upload store unreachable: uploads will fail until it answers", "uploads", uploads, "error", err.Error())
	}
	if err := reach(ctx, sender); err != nil {
		log.WarnContext(ctx, "mail server unreachable: e-mail waits in the job queue until it answers", "mail", mailTransport, "error", err.Error())
	}
}

func reach(ctx context.Context, peer any) error {
	r, ok := peer.(reacher)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, reachTimeout)
	defer cancel()
	return r.Reach(ctx)
}
