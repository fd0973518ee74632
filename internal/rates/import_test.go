package rates_test

import (
	"errors"
	"log/slog"
	"testing"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/rates"
	"quotegrade/internal/testsupport"
)

// A preview compares the file with the stored weeks and stores nothing; the
// apply stores it all, and this copy's instant grade and Refi Buddy (which
// read Markets) see the new week at once, not after the one-minute cache.
func TestImportPreviewThenApply(t *testing.T) {
	ctx := t.Context()
	st := testsupport.NewSQLite(t)
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	stored := fixed{
		{Series: rates.Series30, Date: time.Date(2026, 11, 5, 0, 0, 0, 0, time.UTC), Rate: 6.17},
		{Series: rates.Series30, Date: time.Date(2026, 11, 12, 0, 0, 0, 0, time.UTC), Rate: 6.24},
	}
	svc := rates.NewService(st, stored, slog.New(slog.DiscardHandler), func() time.Time { return now })
	if err := svc.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	before, err := svc.Markets(ctx) // fills the one-minute cache
	if err != nil || before.Fixed30.Rate != 6.24 {
		t.Fatalf("before: %+v %v", before.Fixed30, err)
	}
	file := []byte("observation_date,MORTGAGE30US,MORTGAGE15US\n2026-11-05,6.17,\n2026-11-12,6.22,5.41\n2026-11-19,6.09,5.33\n")

	preview, err := svc.PreviewImport(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	if preview.Format != rates.FormatFRED || preview.Weeks != 3 || preview.FirstWeek != "2026-11-05" || preview.LastWeek != "2026-11-19" ||
		preview.NewWeeks != 1 || preview.ChangedWeeks != 1 || preview.UnchangedWeeks != 1 || preview.Applied {
		t.Fatalf("preview %+v", preview)
	}
	if preview.Latest30 == nil || preview.Latest30.Rate != 6.09 || preview.Latest15 == nil || preview.Latest15.Week != "2026-11-19" {
		t.Fatalf("latest %+v %+v", preview.Latest30, preview.Latest15)
	}
	if latest, _ := st.LatestMarketRates(ctx, time.Now()); len(latest) != 1 || latest[0].Rate != 6.24 {
		t.Fatalf("a preview stored something: %+v", latest)
	}

	applied, err := svc.ApplyImport(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	if !applied.Applied || applied.NewWeeks != 1 || applied.ChangedWeeks != 1 {
		t.Fatalf("applied %+v", applied)
	}
	m, err := svc.Markets(ctx) // the clock has not moved: the cache was dropped
	if err != nil {
		t.Fatal(err)
	}
	if m.Fixed30.Rate != 6.09 || m.Fixed30.Week.Format(time.DateOnly) != "2026-11-19" || m.Fixed30.Source != "FRED CSV import" || m.Fixed15.Rate != 5.33 {
		t.Fatalf("after apply: %+v %+v", m.Fixed30, m.Fixed15)
	}
	history, _ := svc.History(ctx, rates.Series30, 4)
	if len(history) != 3 || history[1].Rate != 6.22 {
		t.Fatalf("history %+v: the corrected week should read 6.22", history)
	}
	again, _ := svc.PreviewImport(ctx, file)
	if again.UnchangedWeeks != 3 || again.NewWeeks != 0 {
		t.Fatalf("preview after apply %+v", again)
	}
}

// A file with a wrong line is refused whole, naming the line, and stores nothing.
func TestImportRefusesAndStoresNothing(t *testing.T) {
	ctx := t.Context()
	st := testsupport.NewSQLite(t)
	svc := rates.NewService(st, fixed{}, slog.New(slog.DiscardHandler), time.Now)
	_, err := svc.ApplyImport(ctx, []byte("observation_date,MORTGAGE30US\n2026-11-05,6.17\n2026-11-12,61.7\n"))
	var invalid *apperr.Invalid
	if !errors.As(err, &invalid) || invalid.Message != "Nothing was imported: line 3: the 30-year rate 61.7% is outside 1% to 20%" ||
		invalid.Fields["line 3"] == "" {
		t.Fatalf("error %#v", err)
	}
	if latest, _ := st.LatestMarketRates(ctx, time.Now()); len(latest) != 0 {
		t.Fatalf("stored %+v", latest)
	}
	if _, err := svc.PreviewImport(ctx, nil); !errors.As(err, &invalid) || invalid.Message != "The file is empty" {
		t.Fatalf("empty file: %v", err)
	}
}
