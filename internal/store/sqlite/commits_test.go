package sqlite

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// The pool counts a write transaction once its commit is done, whichever
// way it was written (a statement on its own, a prepared statement, a
// transaction, an INSERT ... RETURNING read as a row), and nothing for
// reads, a rolled-back transaction, or a transaction still open.
func TestCommitsAreCountedOnceDone(t *testing.T) {
	ctx := context.Background()
	commits := new(atomic.Uint64)
	db, err := openDB(filepath.Join(t.TempDir(), "q.db"), commits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		t.Fatal(err)
	}
	want := commits.Load()
	expect := func(what string, moved uint64) {
		t.Helper()
		want += moved
		if got := commits.Load(); got != want {
			t.Fatalf("%s: %d commits counted, want %d", what, got, want)
		}
	}
	expect("a table created", 0)

	if _, err := db.ExecContext(ctx, `INSERT INTO t (v) VALUES ('a')`); err != nil {
		t.Fatal(err)
	}
	expect("a statement on its own", 1)

	st, err := db.PrepareContext(ctx, `INSERT INTO t (v) VALUES (?)`)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.ExecContext(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	expect("a prepared statement", 1)

	var id int
	if err := db.QueryRowContext(ctx, `INSERT INTO t (v) VALUES ('c') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	expect("an INSERT ... RETURNING read as a row", 1)

	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM t`).Scan(&n); err != nil || n != 3 {
		t.Fatalf("count: %d, %v", n, err)
	}
	expect("a read", 0)

	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES ('d')`); err != nil {
		t.Fatal(err)
	}
	expect("a transaction not yet committed", 0)
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	expect("the transaction committed", 1)

	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES ('e')`); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	expect("a transaction rolled back", 0)

	rows, err := db.QueryContext(ctx, `SELECT v FROM t ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	types, err := rows.ColumnTypes()
	if err != nil || len(types) != 1 || types[0].DatabaseTypeName() != "TEXT" {
		t.Fatalf("column types through the counting pool: %v, %v", types, err)
	}
	rows.Close()
}
