package jobs_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"quotegrade/internal/jobs"
	"quotegrade/internal/mail"
	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlite"
)

type nobody struct{}

func (nobody) Send(context.Context, mail.Message) error { return errors.New("not started") }

// An e-mail job is inserted through the store's transaction (store.Tx.QueueEmails): it exists only
// if the transaction commits, and a second job for the same message id is
// not inserted while the first waits.
func TestSendEmailTxFollowsTheTransaction(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "quotegrade.db")
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db, err := sqlite.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q, err := jobs.OpenSQLite(ctx, db, nobody{}, st, jobs.Options{}) // not started: jobs stay waiting
	if err != nil {
		t.Fatal(err)
	}
	st.UseMailQueue(q)
	m := mail.Message{ID: "analysis-ready-1", To: "a@example.com", Subject: "Ready"}
	boom := errors.New("boom")
	err = st.InTx(ctx, func(tx store.Tx) error {
		if err := tx.QueueEmails(ctx, m); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if n, err := q.Unfinished(ctx); err != nil || n != 0 {
		t.Fatalf("after a rollback: %d jobs (%v), want none", n, err)
	}
	for range 3 {
		if err := st.InTx(ctx, func(tx store.Tx) error { return tx.QueueEmails(ctx, m) }); err != nil {
			t.Fatal(err)
		}
	}
	other := m
	other.ID = "analysis-ready-2"
	if err := st.InTx(ctx, func(tx store.Tx) error { return tx.QueueEmails(ctx, other, m) }); err != nil {
		t.Fatal(err)
	}
	if n, err := q.Unfinished(ctx); err != nil || n != 2 {
		t.Fatalf("%d jobs (%v) after queuing one message four times and another once, want 2", n, err)
	}
}
