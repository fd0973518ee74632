// Package app wires quotegrade together from a Config: the store, the domain
// services and the HTTP handler. cmd/quotegrade and the tests both start the
// product through it, so tests run exactly what production runs.
package app

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/contact"
	"quotegrade/internal/example"
	"quotegrade/internal/httpapi"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/store"
	"quotegrade/internal/store/postgres"
	"quotegrade/internal/store/sqlite"
)

// App is a running quotegrade: its store and its HTTP handler.
type App struct {
	Store   store.Store
	Handler http.Handler
}

// Open opens and migrates the database, seeds the example and builds the handler.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger, web fs.FS, version string) (*App, error) {
	st, err := OpenStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := example.Seed(ctx, st); err != nil {
		st.Close()
		return nil, err
	}
	quotes := quoterequest.NewService(st, time.Now)
	contacts := contact.NewService(st, time.Now)
	h := httpapi.New(httpapi.Deps{Store: st, Quotes: quotes, Contacts: contacts, Log: log, Version: version,
		Web: web, WriteLimit: cfg.WriteRateLimit})
	return &App{Store: st, Handler: h}, nil
}

// OpenStore opens and migrates the configured database.
func OpenStore(ctx context.Context, cfg config.Config) (store.Store, error) {
	if cfg.DatabaseKind() == config.Postgres {
		st, err := postgres.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return nil, fmt.Errorf("open database (QG_DATABASE_URL): %w", err)
		}
		return st, nil
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data dir (QG_DATA_DIR) %s: %w", cfg.DataDir, err)
	}
	st, err := sqlite.Open(ctx, cfg.SQLitePath())
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", cfg.SQLitePath(), err)
	}
	return st, nil
}

// Close releases the store.
func (a *App) Close() error { return a.Store.Close() }
