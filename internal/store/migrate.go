package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
)

// Migrate applies every pending versioned migration in migrations (a folder of
// goose SQL files) and reports how many ran. opts may add a lock (PostgreSQL
// passes a session advisory lock, so several servers may start at once);
// SQLite serialises writers by itself.
//
// Migration numbers are handed out to changes made side by side, so one
// with a lower number may land after a higher one was applied (00023 after
// 00026): such a missing migration is applied too, rather than refusing to
// start. Each migration touches only its own tables and columns, so their
// order does not matter.
func Migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect, migrations fs.FS, opts ...goose.ProviderOption) (int, error) {
	opts = append([]goose.ProviderOption{goose.WithAllowOutofOrder(true)}, opts...)
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
