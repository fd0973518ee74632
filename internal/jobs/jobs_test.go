package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/jobs"
	"quotegrade/internal/mail"
	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/testsupport"
)

// refusingSender fails the first deliveries the way a mail server quoting
// the recipient does.
type refusingSender struct {
	refuse atomic.Int32
	sent   atomic.Int32
}

func (s *refusingSender) Send(_ context.Context, m mail.Message) error {
	if s.refuse.Add(-1) >= 0 {
		return errors.New("451 4.3.0 mailbox " + m.To + " busy, try later")
	}
	s.sent.Add(1)
	return nil
}

type sentLog struct {
	mu      sync.Mutex
	sent    map[string]bool
	deleted map[string]bool
}

func (l *sentLog) EmailSent(_ context.Context, id string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sent[id], nil
}

func (l *sentLog) MarkEmailSent(_ context.Context, m mail.Message, _ time.Time) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent[m.ID] = true
	return nil
}

func (l *sentLog) DeletedRequest(_ context.Context, id string) (store.DeletedRequest, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.deleted[id] {
		return store.DeletedRequest{QuoteRequestID: id}, nil
	}
	return store.DeletedRequest{}, apperr.ErrNotFound
}

type counter struct{ n atomic.Int32 }

func (c *counter) Inc() { c.n.Add(1) }

// A mail that cannot be delivered is logged at WARN with the attempt count
// (River's own retry line is INFO) and counted for /metrics.
func TestFailedDeliveryIsAWarningWithItsAttempt(t *testing.T) {
	db, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "q.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	logs := &testsupport.LogBuffer{}
	sender := &refusingSender{}
	sender.refuse.Store(2)
	failures := &counter{}
	q, err := jobs.OpenSQLite(t.Context(), db, sender, &sentLog{sent: map[string]bool{}}, jobs.Options{
		PollInterval: 50 * time.Millisecond, RetryDelay: 50 * time.Millisecond, JobFailed: func(kind string) {
			if kind == "send_email" {
				failures.Inc()
			}
		},
		Logger: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Stop(context.Background()) })
	if err := q.SendEmail(t.Context(), mail.Message{ID: "m-1", To: "visitor@example.com", Subject: "Hi", Text: "x", HTML: "x"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for sender.sent.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if sender.sent.Load() != 1 {
		t.Fatal("the message was not delivered after the refusals")
	}
	if n := failures.n.Load(); n != 2 {
		t.Errorf("failure counter = %d, want 2", n)
	}
	var attempts []float64
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) != nil || rec["msg"] != "e-mail delivery failed" {
			continue
		}
		if rec["level"] != "WARN" || rec["max_attempts"] != 12.0 || !strings.Contains(rec["error"].(string), "<recipient>") {
			t.Errorf("failure line: %v", rec)
		}
		attempts = append(attempts, rec["attempt"].(float64))
	}
	if len(attempts) != 2 || attempts[0] != 1 || attempts[1] != 2 {
		t.Errorf("WARN lines for attempts %v, want [1 2]", attempts)
	}
	if strings.Contains(logs.String(), "visitor@example.com") {
		t.Error("the recipient's address was logged")
	}
}
