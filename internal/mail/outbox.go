package mail

import (
	"context"
	"log/slog"
	"time"

	"quotegrade/internal/store"
)

// Outbox keeps messages in the database instead of sending them: the embedded
// default, so `make run` works without a mail server. Admins read it at /admin/outbox.
type Outbox struct {
	Store store.Store
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
