// Package postgres opens quotegrade on PostgreSQL through pgx v5, for running
// several copies of the server side by side.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Open connects to url (a postgres:// URL) and applies migrations.
func Open(ctx context.Context, url string) (*sqlstore.Store, error) {
	db, err := OpenDB(ctx, url)
	if err != nil {
		return nil, err
	}
	return sqlstore.Migrated(ctx, db, dialect{}, sqlstore.Options{}, Migrate)
}

// OpenDB connects without migrating.
func OpenDB(ctx context.Context, url string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(20)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to postgres at %s:%d: %w", cfg.Host, cfg.Port, err)
	}
	return db, nil
}

// Migrate applies pending migrations. Several servers starting at once on
// one database take turns: each holds a session advisory lock while it
// migrates (one lock per schema, so databases sharing a server do not wait
// for each other), and the later ones then find nothing left to do.
func Migrate(ctx context.Context, db *sql.DB) (int, error) {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return 0, err
	}
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return 0, fmt.Errorf("migrations: read schema: %w", err)
	}
	h := fnv.New64a()
	h.Write([]byte("quotegrade migrations " + schema))
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(int64(h.Sum64())), lock.WithLockTimeout(1, 300))
	if err != nil {
		return 0, fmt.Errorf("migrations lock: %w", err)
	}
	return store.Migrate(ctx, db, goose.DialectPostgres, sub, goose.WithSessionLocker(locker))
}

type dialect struct{}

// Bulk: one typed array per column, read with unnest (Refi Buddy inserts its alerts in one statement, docs/performance.md).
func (dialect) Bulk() sqlstore.Bulk { return sqlstore.BulkArrays }

func (dialect) IsUniqueViolation(err error) bool     { return hasCode(err, "23505") }
func (dialect) IsForeignKeyViolation(err error) bool { return hasCode(err, "23503") }

func hasCode(err error, code string) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == code
}
