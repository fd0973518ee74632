package testsupport

import (
	"context"
	"testing"
	"time"
)

// JobCounter is the job queue's view of its unfinished work (jobs.Queue).
type JobCounter interface {
	Unfinished(ctx context.Context) (int, error)
}

// WaitForIdleQueue polls the job queue until no job is waiting, running or
// due for a retry. A job is in the queue's table from the moment the write
// that caused it commits, so once the queue is idle every e-mail caused by
// what the test did before the call has been delivered (or given up), and
// counting the mail then also catches a late duplicate, which a fixed sleep
// cannot. It fails the test if the queue is still busy after timeout.
func WaitForIdleQueue(t testing.TB, q JobCounter, timeout time.Duration) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(timeout)
	for {
		n, err := q.Unfinished(ctx)
		if err != nil {
			t.Fatalf("count unfinished jobs: %v", err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("job queue still has %d unfinished jobs after %s", n, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// WaitForIdleQueue waits for the server's job queue to be idle (see the
// function of that name), for up to 10 seconds.
func (s *Server) WaitForIdleQueue(t testing.TB) {
	t.Helper()
	WaitForIdleQueue(t, s.App.Queue, 10*time.Second)
}

// WaitForStartupTasks waits until every periodic task has had its run at
// start. River runs them once the server is elected leader, which under load
// can be seconds after start: a Refi Buddy evaluation that ran between a
// test's confirm and pause alerted a paused watch. Tests that count what a
// task sends call it before they begin; the others do not pay its seconds.
func (s *Server) WaitForStartupTasks(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		done, err := s.App.Queue.TasksStarted(context.Background())
		if err != nil {
			t.Fatalf("periodic tasks: %v", err)
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the periodic tasks' runs at start are not over after 30s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
