package rates_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/testsupport"
)

type failing struct{}

func (failing) Name() string { return "FRED" }
func (failing) Fetch(context.Context) ([]rates.Observation, error) {
	return nil, errors.New("HTTP 503")
}

type fixed []rates.Observation

func (fixed) Name() string                                         { return "FRED" }
func (f fixed) Fetch(context.Context) ([]rates.Observation, error) { return f, nil }

// A failed refresh keeps the last good figures and says so in the log.
func TestRefreshKeepsLastGoodFigures(t *testing.T) {
	ctx := context.Background()
	st := testsupport.NewSQLite(t)
	var logs strings.Builder
	log := slog.New(slog.NewTextHandler(&logs, nil))
	week := time.Date(2026, 5, 21, 0, 0, 0, 0, time.UTC)
	good := rates.NewService(st, fixed{{Series: rates.Fixed30, Date: week, Rate: 6.11}, {Series: rates.Fixed15, Date: week, Rate: 5.4}}, log, time.Now)
	if err := good.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	bad := rates.NewService(st, failing{}, log, time.Now)
	if err := bad.Refresh(ctx); err == nil {
		t.Fatal("a failed refresh reported success")
	}
	latest, err := bad.Latest(ctx)
	if err != nil || len(latest) != 2 || latest[0].Rate != 6.11 || latest[0].Date != "2026-05-21" || !strings.Contains(latest[0].Source, "30 Year Fixed") {
		t.Fatalf("latest after a failed refresh = %+v (%v)", latest, err)
	}
	if !strings.Contains(logs.String(), "keeping the last good figures") {
		t.Fatalf("failure not logged: %s", logs.String())
	}
}
