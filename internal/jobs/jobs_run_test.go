package jobs_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"quotegrade/internal/jobs"
	"quotegrade/internal/mail"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/testsupport"
)

type countingSender struct{ sent atomic.Int32 }

func (s *countingSender) Send(context.Context, mail.Message) error {
	s.sent.Add(1)
	return nil
}

func openSQLiteQueue(t *testing.T, sender mail.Sender, sent jobs.SentLog, o jobs.Options) (jobs.Queue, *sql.DB) {
	t.Helper()
	db, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "q.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	o.PollInterval = 50 * time.Millisecond
	q, err := jobs.OpenSQLite(t.Context(), db, sender, sent, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Stop(context.Background()) })
	return q, db
}

// A periodic task also runs once when the queue starts, so upkeep is not a
// whole period late after a deploy.
func TestATaskRunsAtStart(t *testing.T) {
	ran := make(chan struct{}, 4)
	q, _ := openSQLiteQueue(t, nobody{}, &sentLog{sent: map[string]bool{}}, jobs.Options{Tasks: []jobs.Task{{
		Name: "remove stale uploads", Every: time.Hour, Run: func(context.Context) error { ran <- struct{}{}; return nil },
	}}})
	select {
	case <-ran:
	case <-time.After(15 * time.Second):
		t.Fatal("the task did not run at start")
	}
	testsupport.WaitForIdleQueue(t, q, 15*time.Second)
	if len(ran) != 0 {
		t.Fatalf("the task ran %d more times within its hour", len(ran))
	}
}

// A message the sent log already holds (an earlier attempt delivered it) is
// not delivered again; a new one is, and is then recorded.
func TestADeliveredMessageIsNotSentAgain(t *testing.T) {
	sender := &countingSender{}
	log := &sentLog{sent: map[string]bool{"m-old": true}}
	q, db := openSQLiteQueue(t, sender, log, jobs.Options{})
	for _, id := range []string{"m-old", "m-new"} {
		if err := q.SendEmail(t.Context(), mail.Message{ID: id, To: "a@example.com", Subject: "Hi"}); err != nil {
			t.Fatal(err)
		}
	}
	testsupport.WaitForIdleQueue(t, q, 15*time.Second)
	if n := sender.sent.Load(); n != 1 {
		t.Fatalf("sent %d messages, want only the new one", n)
	}
	if sent, _ := log.EmailSent(t.Context(), "m-new"); !sent {
		t.Fatal("the delivery was not recorded")
	}
	counts, err := jobs.CountJobs(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) != 1 || counts[0].Kind != "send_email" || counts[0].State != "completed" || counts[0].Count != 2 {
		t.Fatalf("job counts = %+v, want 2 completed send_email", counts)
	}
}

// A message about a request deleted while it waited is not sent (nor kept):
// the visitor asked for their data to go. Others still go out.
func TestAMessageOfADeletedRequestIsNotSent(t *testing.T) {
	sender := &countingSender{}
	log := &sentLog{sent: map[string]bool{}, deleted: map[string]bool{"r-gone": true}}
	q, _ := openSQLiteQueue(t, sender, log, jobs.Options{})
	for _, m := range []mail.Message{
		{ID: "m-gone", To: "a@example.com", Subject: "Your Quote Analysis is Ready!", QuoteRequestID: "r-gone"},
		{ID: "m-kept", To: "b@example.com", Subject: "Your Quote Analysis is Ready!", QuoteRequestID: "r-kept"},
	} {
		if err := q.SendEmail(t.Context(), m); err != nil {
			t.Fatal(err)
		}
	}
	testsupport.WaitForIdleQueue(t, q, 15*time.Second)
	if n := sender.sent.Load(); n != 1 {
		t.Fatalf("sent %d messages, want only the kept request's", n)
	}
	if sent, _ := log.EmailSent(t.Context(), "m-gone"); sent {
		t.Fatal("the deleted request's message was recorded as sent")
	}
}

// On PostgreSQL the queue migrates its own tables and delivers the same way.
func TestThePostgresQueueDelivers(t *testing.T) {
	url := testsupport.PostgresURL(t)
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sender := &countingSender{}
	q, stop, err := jobs.OpenPostgres(t.Context(), db, url, sender, &sentLog{sent: map[string]bool{}},
		jobs.Options{PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Stop(context.Background()) })
	if err := q.SendEmail(t.Context(), mail.Message{ID: "pg-1", To: "a@example.com", Subject: "Hi"}); err != nil {
		t.Fatal(err)
	}
	testsupport.WaitForIdleQueue(t, q, 15*time.Second)
	if n := sender.sent.Load(); n != 1 {
		t.Fatalf("sent %d, want 1", n)
	}
	if err := jobs.MigratePostgres(t.Context(), url); err != nil {
		t.Fatalf("migrating again: %v", err)
	}
}
