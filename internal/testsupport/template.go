package testsupport

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"quotegrade/internal/app"
	"quotegrade/internal/config"
)

// Creating the schema is most of a test server's start-up: SQLite parses
// every migration (ours and River's), and under -race the transpiled SQLite
// takes seconds a server, hundreds of them in the API package. So each test
// process migrates one SQLite file once and every test server starts from a
// copy of it; app.Open then finds no migration to run and seeds as usual.
// The copy is the schema only: no seed, job or session is shared.
var sqliteSchema struct {
	once sync.Once
	path string
	err  error
}

// copySchema copies the migrated template to path (a new SQLite file).
func copySchema(path string) error {
	sqliteSchema.once.Do(func() {
		sqliteSchema.path, sqliteSchema.err = migrateTemplate()
	})
	if sqliteSchema.err != nil {
		return fmt.Errorf("migrated SQLite template: %w", sqliteSchema.err)
	}
	return copyFile(sqliteSchema.path, path)
}

// migrateTemplate migrates a SQLite file in a directory named after this
// process, removing the directories of test processes that have ended (a
// process cannot remove its own at exit without a TestMain in every package).
func migrateTemplate() (string, error) {
	removeEndedTemplates()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("quotegrade-schema-%d", os.Getpid()))
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	cfg := config.Config{DataDir: dir}
	cfg.DatabaseURL = "sqlite:" + filepath.Join(dir, "quotegrade.db")
	ctx := context.Background()
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return "", err
	}
	if err := st.Close(); err != nil {
		return "", err
	}
	if err := app.MigrateQueue(ctx, cfg); err != nil {
		return "", err
	}
	// Closing the last connection checkpoints the write-ahead log into the
	// file; one left behind would mean the copy misses part of the schema.
	if _, err := os.Stat(cfg.SQLitePath() + "-wal"); err == nil {
		return "", fmt.Errorf("%s-wal is still there after closing", cfg.SQLitePath())
	}
	return cfg.SQLitePath(), nil
}

func removeEndedTemplates() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "quotegrade-schema-*"))
	for _, d := range dirs {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), "quotegrade-schema-"))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			os.RemoveAll(d)
		}
	}
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
