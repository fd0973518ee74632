// Package sqlite opens quotegrade's embedded default database: a SQLite file in
// WAL mode through the pure-Go modernc.org/sqlite driver, so the binary needs no
// C toolchain and no database server.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sync/atomic"

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Open opens (creating if needed) the SQLite file at path and applies migrations.
func Open(ctx context.Context, path string) (*sqlstore.Store, error) {
	commits := new(atomic.Uint64)
	db, err := openDB(path, commits)
	if err != nil {
		return nil, err
	}
	// SQLite parses a statement anew on every call unless it is prepared,
	// and syncs its log on every commit: the store prepares each text once
	// per connection and lets concurrent writes share a commit
	// (docs/decisions/0016-group-commit-and-statement-cache.md). It also
	// counts its commits: one server serves the file, so an unchanged count
	// means nothing the results page shows has changed (decision 0029).
	o := sqlstore.Options{CacheStatements: true, GroupCommit: true, Commits: commits}
	return sqlstore.Migrated(ctx, db, dialect{}, o, Migrate)
}

// OpenDB opens the file without migrating it, for the job queue, migrations
// and backups, whose writes the results page does not show.
func OpenDB(path string) (*sql.DB, error) { return openDB(path, nil) }

// openDB opens the file; commits, when not nil, counts the write
// transactions committed through the pool (countingConnector).
func openDB(path string, commits *atomic.Uint64) (*sql.DB, error) {
	q := url.Values{}
	// synchronous(FULL): a write answered with success survives a power cut, not
	// only a crash of the process; immediate transactions avoid busy upgrades.
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(FULL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_time_format", "sqlite")
	q.Set("_txlock", "immediate")
	connector, err := sqlite.NewConnector("file:" + path + "?" + q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	if commits != nil {
		connector = &countingConnector{inner: connector, commits: commits}
	}
	db := sql.OpenDB(connector)
	// SQLite has one writer; a few connections let reads proceed beside it.
	db.SetMaxOpenConns(4)
	// Keep them all open: a connection closed as idle takes its prepared
	// statements with it.
	db.SetMaxIdleConns(4)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return db, nil
}

// Migrate applies pending migrations.
func Migrate(ctx context.Context, db *sql.DB) (int, error) {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return 0, err
	}
	return store.Migrate(ctx, db, goose.DialectSQLite3, sub)
}

type dialect struct{}

// Bulk: a JSON array read with json_each, one text to bind however many rows (Refi Buddy inserts its alerts in one statement, docs/performance.md).
func (dialect) Bulk() sqlstore.Bulk { return sqlstore.BulkJSON }

func (dialect) IsUniqueViolation(err error) bool {
	return hasCode(err, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_UNIQUE)
}

func (dialect) IsForeignKeyViolation(err error) bool {
	return hasCode(err, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY)
}

func hasCode(err error, codes ...int) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	for _, c := range codes {
		if e.Code() == c {
			return true
		}
	}
	return false
}
