// Package testsupport holds what many tests need: fresh databases, a running
// server on a temporary data dir, and payload builders. Each test then states
// only what is special about it.
package testsupport

import (
	"context"
	"database/sql"
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

// NewSQLite opens a fresh, migrated SQLite store in a temporary directory.
func NewSQLite(t testing.TB) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "quotegrade.db"))
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
	schema := "qg_test_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:16]
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("PostgreSQL at %s cannot be reached or used: %v", redact(base), err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec("DROP SCHEMA " + schema + " CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
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
