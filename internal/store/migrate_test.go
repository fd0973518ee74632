package store_test

import (
	"database/sql"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite"

	"quotegrade/internal/store"
)

// Migration numbers are handed out to changes made side by side, so a lower
// one can land after a higher one was applied (00023 after 00026): it is
// applied then, instead of the server refusing to start.
func TestALowerMigrationLandingLateIsApplied(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "qg.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	up := func(sql string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("-- +goose Up\n" + sql + "\n-- +goose Down\nSELECT 1;\n")}
	}
	early := fstest.MapFS{"00001_a.sql": up("CREATE TABLE a (x INTEGER);"), "00026_c.sql": up("CREATE TABLE c (x INTEGER);")}
	if _, err := store.Migrate(t.Context(), db, goose.DialectSQLite3, early); err != nil {
		t.Fatal(err)
	}
	late := fstest.MapFS{"00001_a.sql": early["00001_a.sql"], "00026_c.sql": early["00026_c.sql"], "00023_b.sql": up("CREATE TABLE b (x INTEGER);")}
	n, err := store.Migrate(t.Context(), db, goose.DialectSQLite3, late)
	if err != nil || n != 1 {
		t.Fatalf("late migration: applied %d, err %v; want 1 applied", n, err)
	}
	if _, err := db.Exec(`INSERT INTO b (x) VALUES (1)`); err != nil {
		t.Fatalf("the late migration's table is missing: %v", err)
	}
}
