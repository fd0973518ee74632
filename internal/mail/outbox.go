package mail

import (
	"context"
	"log/slog"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/store"
)

// OutboxStore keeps the outbox (store.Store in production).
type OutboxStore interface {
	SaveOutboxMessage(ctx context.Context, e store.Email) error
	ListOutbox(ctx context.Context, limit int) ([]store.Email, error)
}

// Outbox keeps messages in the database instead of sending them: the embedded
// default, so `make run` works without a mail server. Admins read it at /admin/outbox.
type Outbox struct {
	Store OutboxStore
	Log   *slog.Logger
}

// Send stores m in the outbox.
func (o Outbox) Send(ctx context.Context, m Message) error {
	err := o.Store.SaveOutboxMessage(ctx, store.Email{ID: m.ID, To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, CreatedAt: time.Now()})
	if err == nil {
		o.Log.InfoContext(ctx, "no SMTP server configured (QG_SMTP_URL): e-mail kept in the outbox", "message_id", m.ID)
	}
	return err
}

// List is the e-mails the outbox kept, newest first.
func (o Outbox) List(ctx context.Context) ([]api.OutboxEmail, error) {
	list, err := o.Store.ListOutbox(ctx, api.AdminListLimit)
	if err != nil {
		return nil, err
	}
	out := make([]api.OutboxEmail, 0, len(list))
	for _, e := range list {
		out = append(out, api.OutboxEmail{ID: e.ID, To: e.To, Subject: e.Subject, Text: e.Text, HTML: e.HTML, CreatedAt: e.CreatedAt})
	}
	return out, nil
}
