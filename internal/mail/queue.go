package mail

import "context"

// Queue takes messages for durable delivery (jobs.Queue in production). A
// message caused by a write is not queued here but by the write's own
// transaction (store.Tx.QueueEmails), so the write and its e-mail happen
// together or not at all.
type Queue interface {
	// SendEmail queues a message that no write of ours causes (a broker's e-mail).
	SendEmail(ctx context.Context, m Message) error
}
