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
	"strings"
	"time"

	"quotegrade/internal/analysis"
	"quotegrade/internal/auth"
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
	Store    store.Store
	Handler  http.Handler
	Sessions *auth.Sessions
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
	for _, email := range cfg.AdminEmails {
		if err := st.GrantAdmin(ctx, email, time.Now()); err != nil {
			st.Close()
			return nil, fmt.Errorf("grant QG_ADMIN_EMAILS: %w", err)
		}
	}
	var provider *auth.OIDC
	if cfg.GoogleClientID != "" {
		// The provider keeps fetching signing keys for the server's lifetime,
		// so it gets a context that outlives start-up.
		provider, err = auth.NewOIDC(context.WithoutCancel(ctx), cfg.OIDCIssuer, cfg.GoogleClientID, cfg.GoogleClientSecret,
			cfg.PublicURL+"/api/auth/callback")
		if err != nil {
			st.Close()
			return nil, fmt.Errorf("sign-in (QG_OIDC_ISSUER): %w", err)
		}
	}
	sessions := auth.NewSessions(st, time.Now)
	h := httpapi.New(httpapi.Deps{Store: st, Quotes: quoterequest.NewService(st, time.Now), Contacts: contact.NewService(st, time.Now),
		Analyses: analysis.NewService(st, time.Now), Sessions: sessions, OIDC: provider, LocalAdmin: cfg.LocalAdminAllowed(),
		SecureCookies: strings.HasPrefix(cfg.PublicURL, "https://"), Log: log, Version: version, Web: web, WriteLimit: cfg.WriteRateLimit})
	return &App{Store: st, Handler: h, Sessions: sessions}, nil
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
