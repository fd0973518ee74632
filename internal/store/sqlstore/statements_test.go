package sqlstore

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// A statement first met inside a transaction is prepared in the background.
// Closing the cache ends that prepare and waits for it, even while it still
// waits for a connection, and prepares nothing after: once the store's Close
// returns, no goroutine of its holds a connection to the file.
func TestClosingEndsTheBackgroundPrepares(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "s.db")+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE writes (name TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	c := newStatements(db)
	tx, err := db.BeginTx(ctx, nil) // holds the pool's only connection
	if err != nil {
		t.Fatal(err)
	}
	const query = `SELECT name FROM writes`
	c.prepareLater(query)
	c.close()
	c.mu.RLock()
	preparing, kept := len(c.preparing), len(c.byQuery)
	c.mu.RUnlock()
	if preparing != 0 || kept != 0 {
		t.Fatalf("after close: %d statements still being prepared, %d kept; want none", preparing, kept)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	c.prepareLater(query)
	if st := c.stmt(ctx, query, nil); st != nil {
		t.Error("a closed cache handed out a prepared statement")
	}
	c.mu.RLock()
	preparing, kept = len(c.preparing), len(c.byQuery)
	c.mu.RUnlock()
	if preparing != 0 || kept != 0 {
		t.Fatalf("a closed cache prepares again: %d being prepared, %d kept", preparing, kept)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if n := db.Stats().OpenConnections; n != 0 {
		t.Fatalf("%d connections still open after close", n)
	}
}
