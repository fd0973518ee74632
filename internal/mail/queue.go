package mail

import (
	"context"
	"database/sql"
)

// Queue takes messages for durable delivery (jobs.Queue in production). A
// message caused by a write is queued in that write's transaction (the Tx
// methods), so the write and its e-mail happen together or not at all.
type Queue interface {
	// SendEmail queues a message that no write of ours causes (a broker's e-mail).
	SendEmail(ctx context.Context, m Message) error
	// SendEmailTx queues m in tx; a message with the id of one already
	// waiting or sent is not queued again.
	SendEmailTx(ctx context.Context, tx *sql.Tx, m Message) error
	// SendEmailsTx queues many messages in tx, in one insert.
	SendEmailsTx(ctx context.Context, tx *sql.Tx, ms []Message) error
}
