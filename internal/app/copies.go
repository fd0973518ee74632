package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/store"
)

// forgetCopiesAfter is how long a copy that has not started again still
// counts: one that was switched off stops being compared after a month.
const forgetCopiesAfter = 30 * 24 * time.Hour

// mailFingerprint hashes what decides where and how mail leaves, without the
// password: copies share one job queue, so any of them may send a mail that
// another queued.
func mailFingerprint(cfg config.Config) string {
	if cfg.SMTPURL == "" {
		return fingerprint("outbox") // the outbox is in the shared database
	}
	u, err := url.Parse(cfg.SMTPURL)
	if err != nil {
		return fingerprint("smtp", "unparsable")
	}
	return fingerprint("smtp", u.Scheme, strings.ToLower(u.Host), u.User.Username(), u.Query().Get("tls"), cfg.MailFrom)
}

// uploadFingerprint hashes where uploads live, without the secret key. A
// local folder is this machine's, so it is told apart by host name.
func uploadFingerprint(cfg config.Config, host string) string {
	if cfg.S3.Bucket == "" {
		dir, err := filepath.Abs(filepath.Join(cfg.DataDir, "uploads"))
		if err != nil {
			dir = cfg.DataDir
		}
		return fingerprint("folder", host, dir)
	}
	return fingerprint("s3", cfg.S3.Bucket, cfg.S3.Endpoint, cfg.S3.Region, fmt.Sprint(cfg.S3.PathStyle), cfg.S3.AccessKey)
}

func fingerprint(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:8])
}

// compareCopies warns when this copy's mail or upload settings differ from
// those other copies recorded in the shared database, then records its own.
// It never stops start-up: the operator may be changing settings copy by copy.
func compareCopies(ctx context.Context, st store.Store, log *slog.Logger, cfg config.Config, uploads, mailTransport string, now time.Time) error {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown-host"
	}
	me := store.ServerCopy{ID: host + " " + cfg.Addr, MailTransport: mailTransport, MailFingerprint: mailFingerprint(cfg),
		UploadStore: uploads, UploadFingerprint: uploadFingerprint(cfg, host), StartedAt: now}
	others, err := st.ListServerCopies(ctx)
	if err != nil {
		return err
	}
	for _, o := range others {
		if o.ID == me.ID || now.Sub(o.StartedAt) > forgetCopiesAfter {
			continue
		}
		if o.MailFingerprint != me.MailFingerprint {
			log.WarnContext(ctx, "mail settings differ from another copy's on this database: a mail queued by one copy may be sent by the other with its settings",
				"mail", me.MailTransport, "other_copy", o.ID, "other_mail", o.MailTransport, "other_started_at", o.StartedAt)
		}
		if o.UploadFingerprint != me.UploadFingerprint {
			log.WarnContext(ctx, "upload settings differ from another copy's on this database: files uploaded through one copy may not be readable by the other",
				"uploads", me.UploadStore, "other_copy", o.ID, "other_uploads", o.UploadStore, "other_started_at", o.StartedAt)
		}
	}
	return st.RecordServerCopy(ctx, me)
}
