package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// maxGroup bounds how many transactions' work one commit carries.
const maxGroup = 256

// gatherWait is the longest a leader waits for its group to fill to the
// size of the last one. Without it, a commit's callers came back one at a
// time: the first to arrive led a group of one, the rest queued behind it,
// and the groups split into ever smaller ones, each paying an fsync
// (docs/performance.md). A burst that ended costs one wait, after which the
// expected size is the group that came.
const gatherWait = 500 * time.Microsecond

// groupCommit runs the work of many concurrent InTx calls in one database
// transaction with one commit, so one fsync makes them all durable (a
// SQLite commit in synchronous=FULL mode syncs the write-ahead log; that
// sync was the submit's cost, docs/decisions/0016-group-commit-and-statement-cache.md). Each
// call's work runs inside a savepoint of its own: an error undoes that call
// only. Every call is answered after the commit that holds its work, with
// the commit's error if it failed, never before.
//
// No goroutine runs it: the first caller to find no commit under way leads,
// commits the calls queued by then (its own first), and hands the lead to
// the oldest call that arrived meanwhile.
type groupCommit struct {
	store *Store
	mu    sync.Mutex
	queue []*groupedTx
	busy  bool
	// last is the size of the last group committed: what the next leader
	// waits for, at most gatherWait.
	last int
	// filled is closed when the queue reaches want (nil: nobody waits).
	filled chan struct{}
	want   int
	// wait is gatherWait (tests lengthen it).
	wait time.Duration
}

// groupedTx is one InTx call waiting for its commit.
type groupedTx struct {
	ctx context.Context
	fn  func(st *Store, tx *sql.Tx) error
	// done receives true when this call is to lead the next commit, false
	// once err and panicked hold its outcome.
	done     chan bool
	err      error
	panicked any
}

func (g *groupCommit) run(ctx context.Context, fn func(st *Store, tx *sql.Tx) error) error {
	call := &groupedTx{ctx: ctx, fn: fn, done: make(chan bool, 1)}
	g.mu.Lock()
	g.queue = append(g.queue, call)
	lead := !g.busy
	g.busy = true
	if g.filled != nil && len(g.queue) >= g.want {
		close(g.filled)
		g.filled = nil
	}
	g.mu.Unlock()
	if lead || <-call.done {
		g.lead()
		<-call.done
	}
	if call.panicked != nil {
		panic(call.panicked)
	}
	return call.err
}

// lead commits the oldest queued calls (the leader's own first) and passes
// the lead on.
func (g *groupCommit) lead() {
	g.gather()
	g.mu.Lock()
	n := min(len(g.queue), maxGroup)
	g.last = n
	group := g.queue[:n:n]
	g.queue = append([]*groupedTx(nil), g.queue[n:]...)
	g.mu.Unlock()
	g.commit(group)
	for _, call := range group {
		call.done <- false
	}
	g.mu.Lock()
	if len(g.queue) > 0 {
		g.queue[0].done <- true
	} else {
		g.busy = false
	}
	g.mu.Unlock()
}

// gather waits, at most gatherWait, until as many calls are queued as the
// last group held: under steady load they are on their way.
func (g *groupCommit) gather() {
	g.mu.Lock()
	want := min(g.last, maxGroup)
	if len(g.queue) >= want {
		g.mu.Unlock()
		return
	}
	filled := make(chan struct{})
	g.filled, g.want = filled, want
	g.mu.Unlock()
	timer := time.NewTimer(g.wait)
	select {
	case <-filled:
	case <-timer.C:
	}
	timer.Stop()
	g.mu.Lock()
	if g.filled == filled {
		g.filled = nil
	}
	g.mu.Unlock()
}

// commit runs the group's work in one transaction and sets each call's outcome.
func (g *groupCommit) commit(group []*groupedTx) {
	// The transaction outlives any one caller: a visitor who goes away must
	// not cancel the others' commit.
	ctx := context.Background()
	tx, err := g.store.pool.BeginTx(ctx, nil)
	if err != nil {
		fail(group, fmt.Errorf("begin: %w", err))
		return
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	st := g.store.inTx(tx)
	// The savepoint statements go through the statement cache (st.db), as
	// the calls' own do: parsed anew, two per call made a visible share of
	// a submit's time (docs/performance.md).
	exec := st.db.ExecContext
	savepoints := len(group) > 1
	var kept []*groupedTx
	for i, call := range group {
		if err := call.ctx.Err(); err != nil {
			call.err = err
			continue
		}
		if savepoints {
			if _, err := exec(ctx, `SAVEPOINT grouped`); err != nil {
				fail(append(kept, group[i:]...), fmt.Errorf("group commit: savepoint: %w", err))
				return
			}
		}
		call.work(st, tx)
		if call.err == nil && call.panicked == nil {
			kept = append(kept, call)
		} else if !savepoints {
			return // the deferred rollback undoes the only call's work
		} else if _, err := exec(ctx, `ROLLBACK TO SAVEPOINT grouped`); err != nil {
			// The transaction itself is gone (SQLite rolls a transaction
			// back on some errors): nothing kept in it holds.
			fail(append(kept, group[i+1:]...), fmt.Errorf("group commit: undo a failed write: %w", err))
			return
		}
		if savepoints {
			if _, err := exec(ctx, `RELEASE SAVEPOINT grouped`); err != nil {
				fail(append(kept, group[i+1:]...), fmt.Errorf("group commit: release savepoint: %w", err))
				return
			}
		}
	}
	if len(kept) == 0 {
		return
	}
	if err := tx.Commit(); err != nil {
		fail(kept, fmt.Errorf("commit: %w", err))
	}
}

// work runs the call's function, turning a panic into an outcome the
// caller re-raises in its own goroutine (where the HTTP recoverer is).
func (call *groupedTx) work(st *Store, tx *sql.Tx) {
	defer func() {
		if v := recover(); v != nil {
			call.panicked = v
		}
	}()
	call.err = call.fn(st, tx)
}

func fail(calls []*groupedTx, err error) {
	for _, call := range calls {
		if call.err == nil && call.panicked == nil {
			call.err = err
		}
	}
}
