package testsupport

import (
	"context"
	"database/sql"
	"sync"

	"quotegrade/internal/mail"
	"quotegrade/internal/store"
)

// MailQueue is a mail.Queue, and a store's mail queue (store.MailQueue),
// that keeps what it is given, for the tests of a package that queues
// e-mail. It keeps a message at once, whether or not its transaction
// commits: that the real queue follows the transaction is jobs' own test
// (TestSendEmailTxFollowsTheTransaction).
type MailQueue struct {
	mu   sync.Mutex
	sent []mail.Message
}

var (
	_ mail.Queue      = (*MailQueue)(nil)
	_ store.MailQueue = (*MailQueue)(nil)
)

// QueueMailOf makes q where st's transactions queue their e-mails, and
// answers q.
func QueueMailOf(st store.Store) *MailQueue {
	q := &MailQueue{}
	st.UseMailQueue(q)
	return q
}

// Messages returns the messages queued so far, in order.
func (q *MailQueue) Messages() []mail.Message {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]mail.Message(nil), q.sent...)
}

func (q *MailQueue) keep(ms ...mail.Message) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.sent = append(q.sent, ms...)
}

// SendEmail keeps m.
func (q *MailQueue) SendEmail(_ context.Context, m mail.Message) error {
	q.keep(m)
	return nil
}

// SendEmailsTx keeps ms; tx is not watched.
func (q *MailQueue) SendEmailsTx(_ context.Context, _ *sql.Tx, ms []mail.Message) error {
	q.keep(ms...)
	return nil
}
