package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite" // the tests' database
)

type plainDialect struct{}

func (plainDialect) IsUniqueViolation(error) bool     { return false }
func (plainDialect) IsForeignKeyViolation(error) bool { return false }
func (plainDialect) Bulk() Bulk                       { return BulkJSON }

// newGrouped opens a SQLite file with one table, behind a Store that
// caches statements and groups commits, as the product's SQLite store does.
func newGrouped(t *testing.T) *Store {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "g.db")+
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(4)
	if _, err := db.Exec(`CREATE TABLE writes (name TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	s := NewWith(db, plainDialect{}, Options{CacheStatements: true, GroupCommit: true})
	t.Cleanup(func() {
		// Every call was answered after its commit, and Close waits for the
		// statements being prepared in the background: nothing may still hold
		// the file while the test's folder is removed.
		if err := s.Close(); err != nil {
			t.Error(err)
		}
		if n := db.Stats().OpenConnections; n != 0 {
			t.Errorf("%d connections still open after Close", n)
		}
	})
	return s
}

func stored(t *testing.T, s *Store) map[string]bool {
	t.Helper()
	rows, err := s.db.QueryContext(context.Background(), `SELECT name FROM writes`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	names := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names[n] = true
	}
	return names
}

// waitQueued waits until n calls wait behind the commit under way.
func waitQueued(t *testing.T, s *Store, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		s.group.mu.Lock()
		queued := len(s.group.queue)
		s.group.mu.Unlock()
		if queued == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%d calls never queued", n)
}

// holdCommit starts a call that writes "first" and waits for release, so
// that the calls made meanwhile queue for the next commit.
func holdCommit(t *testing.T, s *Store) (release func(), done <-chan error) {
	t.Helper()
	started, hold, result := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		result <- s.inSQLTx(context.Background(), func(st *Store, tx *sql.Tx) error {
			close(started)
			<-hold
			_, err := tx.Exec(`INSERT INTO writes VALUES ('first')`)
			return err
		})
	}()
	<-started
	return func() { close(hold) }, result
}

// txsSeen counts the transactions that the calls it starts ran in; read
// txs once every call has answered.
type txsSeen struct {
	mu  sync.Mutex
	txs map[*sql.Tx]int
}

// insert starts a call that writes the row "w<i>"; its answer comes on errs.
func (c *txsSeen) insert(s *Store, i int, errs chan<- error) {
	go func() {
		errs <- s.inSQLTx(context.Background(), func(st *Store, tx *sql.Tx) error {
			c.mu.Lock()
			if c.txs == nil {
				c.txs = map[*sql.Tx]int{}
			}
			c.txs[tx]++
			c.mu.Unlock()
			_, err := tx.Exec(`INSERT INTO writes VALUES ($1)`, fmt.Sprint("w", i))
			return err
		})
	}()
}

// Calls made while a commit is under way share the next transaction, and
// each is answered only once the rows it wrote are committed.
func TestGroupCommitSharesOneTransaction(t *testing.T) {
	s := newGrouped(t)
	release, first := holdCommit(t, s)
	const n = 10
	var seen txsSeen
	errs := make(chan error, n)
	for i := range n {
		seen.insert(s, i, errs)
	}
	waitQueued(t, s, n)
	release()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		// Answered: the write is committed, visible on another connection.
	}
	if len(seen.txs) != 1 {
		t.Fatalf("%d calls ran in %d transactions, want 1", n, len(seen.txs))
	}
	if got := stored(t, s); len(got) != n+1 {
		t.Fatalf("stored %v, want first and %d more", got, n)
	}
}

// A call that fails in a shared transaction undoes its own writes only; a
// call that panics does too, and its caller gets the panic.
func TestGroupCommitUndoesOnlyTheFailedCall(t *testing.T) {
	s := newGrouped(t)
	release, first := holdCommit(t, s)
	refused := errors.New("refused")
	outcome := func(f func() error) <-chan any {
		c := make(chan any, 1)
		go func() {
			defer func() {
				if v := recover(); v != nil {
					c <- v
				}
			}()
			c <- f()
		}()
		return c
	}
	write := func(name string, then func() error) func() error {
		return func() error {
			return s.inSQLTx(context.Background(), func(st *Store, tx *sql.Tx) error {
				if _, err := tx.Exec(`INSERT INTO writes VALUES ($1)`, name); err != nil {
					return err
				}
				return then()
			})
		}
	}
	ok := outcome(write("kept-1", func() error { return nil }))
	waitQueued(t, s, 1)
	failed := outcome(write("undone", func() error { return refused }))
	waitQueued(t, s, 2)
	panicked := outcome(write("panicked", func() error { panic("boom") }))
	waitQueued(t, s, 3)
	ok2 := outcome(write("kept-2", func() error { return nil }))
	waitQueued(t, s, 4)
	release()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if v := <-ok; v != nil {
		t.Fatalf("kept-1: %v", v)
	}
	if v := <-ok2; v != nil {
		t.Fatalf("kept-2: %v", v)
	}
	if v := <-failed; v != refused {
		t.Fatalf("failed call answered %v, want its own error", v)
	}
	if v := <-panicked; v != "boom" {
		t.Fatalf("panicking call answered %v, want its panic", v)
	}
	got := stored(t, s)
	if !got["first"] || !got["kept-1"] || !got["kept-2"] || got["undone"] || got["panicked"] || len(got) != 3 {
		t.Fatalf("stored %v, want first, kept-1 and kept-2 only", got)
	}
}

// A visitor who leaves before the commit starts gets their context's error
// and nothing of theirs is written.
func TestGroupCommitSkipsACallWhoseRequestEnded(t *testing.T) {
	s := newGrouped(t)
	release, first := holdCommit(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	result := make(chan error, 1)
	go func() {
		result <- s.inSQLTx(ctx, func(st *Store, tx *sql.Tx) error {
			_, err := tx.Exec(`INSERT INTO writes VALUES ('gone')`)
			return err
		})
	}()
	waitQueued(t, s, 1)
	cancel()
	release()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-result; !errors.Is(err, context.Canceled) {
		t.Fatalf("ended request answered %v, want context.Canceled", err)
	}
	if got := stored(t, s); got["gone"] || !got["first"] {
		t.Fatalf("stored %v, want first only", got)
	}
}

// Statements inside and outside transactions run through the cache: each
// text is prepared once, whatever the number of calls.
func TestStatementsPreparedOnce(t *testing.T) {
	s := newGrouped(t)
	ctx := context.Background()
	for i := range 20 {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO writes VALUES ($1)`, fmt.Sprint("pool", i)); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM writes`).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("count %d, %v", n, err)
		}
	}
	if err := s.inSQLTx(ctx, func(st *Store, _ *sql.Tx) error {
		_, err := st.db.ExecContext(ctx, `INSERT INTO writes VALUES ($1)`, "in tx")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	s.statements.mu.RLock()
	defer s.statements.mu.RUnlock()
	if len(s.statements.byQuery) != 2 {
		t.Fatalf("cached %d statements, want the 2 texts used", len(s.statements.byQuery))
	}
}

// A leader waits for as many calls as the last group held: calls that
// come one after another, as a commit's callers come back, still share one
// transaction instead of each leading a group of its own.
func TestGroupCommitGathersTheLastGroupsSize(t *testing.T) {
	s := newGrouped(t)
	s.group.mu.Lock()
	s.group.last, s.group.wait = 3, 10*time.Second // long enough never to expire here
	s.group.mu.Unlock()
	var seen txsSeen
	errs := make(chan error, 3)
	for i := range 3 {
		seen.insert(s, i, errs)
		if i < 2 {
			waitQueued(t, s, i+1) // the first leads and waits for the others
		}
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if len(seen.txs) != 1 {
		t.Fatalf("3 calls arriving one by one ran in %d transactions, want 1", len(seen.txs))
	}
	if s.group.last != 3 {
		t.Fatalf("last group = %d, want 3", s.group.last)
	}
}
