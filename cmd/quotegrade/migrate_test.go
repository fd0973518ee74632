package main

import (
	"bytes"
	"database/sql"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"

	"quotegrade/internal/app"
	"quotegrade/internal/config"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/testsupport"
)

// `quotegrade migrate` used to leave River's tables to `serve`.
func TestMigrateCreatesTheJobQueueOnSQLite(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"migrate", "--data-dir", dir}, func(string) string { return "" }, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.OpenDB(filepath.Join(dir, "quotegrade.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, table := range []string{"river_job", "river_leader", "river_queue", "quote_requests"} {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", table).Scan(&n); err != nil || n != 1 {
			t.Errorf("after migrate, table %s: %d %v", table, n, err)
		}
	}
}

// A deployment migrates with a role that owns the schema and serves with one
// that may only read and write rows: serve must not need to create anything.
func TestServeWithARoleThatCannotCreateTables(t *testing.T) {
	owner := testsupport.PostgresURL(t)
	var out bytes.Buffer
	if err := run([]string{"migrate", "--database-url", owner}, func(string) string { return "" }, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(owner)
	schema := u.Query().Get("search_path")
	role := "qg_serve_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	admin, err := sql.Open("pgx", owner)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	for _, stmt := range []string{
		"CREATE ROLE " + role + " LOGIN",
		"GRANT USAGE ON SCHEMA " + schema + " TO " + role,
		"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA " + schema + " TO " + role,
		"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA " + schema + " TO " + role,
	} {
		if _, err := admin.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", owner)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec("DROP OWNED BY " + role)
		db.Exec("DROP ROLE " + role)
	})
	conn, err := admin.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(t.Context(), "SET ROLE "+role); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(t.Context(), "CREATE TABLE "+schema+".probe (x int)"); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Fatalf("the serving role could create a table (%v), so this test proves nothing", err)
	}
	conn.ExecContext(t.Context(), "RESET ROLE")
	conn.Close()

	u.User = url.User(role)
	cfg, err := config.Load("serve", []string{"--database-url", u.String(), "--data-dir", t.TempDir()}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.Open(t.Context(), cfg, slog.New(slog.DiscardHandler), app.WebApp{}, "test")
	if err != nil {
		t.Fatalf("serve with a role that cannot create tables: %v", err)
	}
	a.Close()
}
