package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Migrate applies every pending versioned migration in migrations (a folder of
// goose SQL files) and reports how many ran. Safe to run from several servers at
// once: goose takes a session advisory lock on PostgreSQL, and SQLite
// serialises writers.
func Migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect, migrations fs.FS) (int, error) {
	var opts []goose.ProviderOption
	if dialect == goose.DialectPostgres {
		// Copies starting together on an empty database take turns: the
		// first applies the migrations, the others wait and find them done.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return 0, fmt.Errorf("migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	provider, err := goose.NewProvider(dialect, db, migrations, opts...)
	if err != nil {
		return 0, fmt.Errorf("load migrations: %w", err)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return len(results), fmt.Errorf("apply migrations: %w", err)
	}
	return len(results), nil
}
