package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the SQLite file at src to dst while
// servers keep writing to it. VACUUM INTO reads inside one transaction, so
// the copy is the database as of one moment (every write committed before
// it began, none half-done), and WAL mode lets writers go on meanwhile.
// dst must not exist yet: a backup never overwrites.
func Backup(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("backup: no database at %s: %w", src, err)
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("backup: %s already exists; choose a new file name", dst)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	db, err := OpenDB(src)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		os.Remove(dst) // a half-written copy must not pass for a backup
		return fmt.Errorf("backup %s to %s: %w", src, dst, err)
	}
	return nil
}
