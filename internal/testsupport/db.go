// Package testsupport holds what many tests need: fresh databases, a running
// server on a temporary data dir, and payload builders. Each test then states
// only what is special about it.
package testsupport

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the pgx driver

	"quotegrade/internal/store"
	"quotegrade/internal/store/postgres"
	"quotegrade/internal/store/sqlite"
)

// PostgresURLEnv names the variable that points tests at a PostgreSQL server.
const PostgresURLEnv = "QG_TEST_POSTGRES_URL"

// NewSQLite opens a fresh SQLite store in a temporary directory, a copy of
// the once-migrated schema (copySchema).
func NewSQLite(t testing.TB) store.Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "quotegrade.db")
	if err := copySchema(path); err != nil {
		t.Fatal(err)
	}
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// PostgresURL returns a URL to a fresh, empty schema on the test PostgreSQL
// server, dropped when the test ends. Without QG_TEST_POSTGRES_URL the test is
// skipped, unless CI=true, where a missing database is a failure.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: PostgreSQL tests cannot be skipped in CI", PostgresURLEnv)
		}
		t.Skipf("SKIPPED: %s is not set, PostgreSQL tests did not run", PostgresURLEnv)
	}
	u, drop, err := NewPostgresSchema(base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(drop)
	return u
}

// NewPostgresSchema creates a fresh, empty schema on the PostgreSQL server at
// base and returns a URL whose search_path is that schema, and a function
// dropping it. Outside a Go test (the browser tests' cluster) too.
func NewPostgresSchema(base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, fmt.Errorf("%s is not a URL: %w", PostgresURLEnv, err)
	}
	schema := "qg_test_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:16]
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		return "", nil, fmt.Errorf("PostgreSQL at %s cannot be reached or used: %w", redact(base), err)
	}
	drop := func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec("DROP SCHEMA " + schema + " CASCADE")
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

// NewPostgres opens a fresh, migrated PostgreSQL store in its own schema.
func NewPostgres(t testing.TB) store.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable url)"
	}
	return u.Redacted()
}
