package testsupport

import (
	"fmt"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/store"
)

// The bundled snapshot's newest 30- and 15-year figures, which the fresh week
// repeats so that tests keep their expected figures.
const (
	FreshRate30 = 6.36
	FreshRate15 = 5.44
)

// FreshWeek is the week the fresh figures are dated: the day before now, well
// within rates.StaleAfterDays.
func FreshWeek(now time.Time) time.Time {
	y, m, d := now.UTC().AddDate(0, 0, -1).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// FreshWeekCSV is a market-data file of one fresh week of both series.
func FreshWeekCSV(now time.Time) []byte {
	return fmt.Appendf(nil, "date,rate30,rate15\n%s,%.2f,%.2f\n", FreshWeek(now).Format(time.DateOnly), FreshRate30, FreshRate15)
}

// SaveFreshMarketRates stores one fresh week of both series in st, for tests
// that build their own rates service afterwards.
func SaveFreshMarketRates(t testing.TB, st rates.Store, now time.Time) {
	t.Helper()
	week := FreshWeek(now)
	rows := []store.MarketRate{
		{Series: rates.Series30, Week: week, Rate: FreshRate30, Source: "test", FetchedAt: now},
		{Series: rates.Series15, Week: week, Rate: FreshRate15, Source: "test", FetchedAt: now},
	}
	if err := st.SaveMarketRates(t.Context(), rows); err != nil {
		t.Fatalf("save a fresh week: %v", err)
	}
}
