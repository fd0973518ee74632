package rates

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// Optimal Blue's Mortgage Market Indices on FRED: the average rate of the
// 30-year fixed conforming loans locked each business day through Optimal
// Blue's pricing engine (purchases and rate-and-term refinances, no cash-out),
// one series for each band of loan-to-value and FICO score. Each band's
// figure already carries that band's loan-level pricing, so the instant
// grade compares a quote with it as it is (docs/grading.md).

// OptimalBlueAll is the index of all 30-year fixed conforming locks, fetched
// and stored beside the bands for reference; the grade uses the bands.
const OptimalBlueAll = "OBMMIC30YF"

// OptimalBlueSource names where the figures come from, in the answer and the logs.
const OptimalBlueSource = "FRED"

// OptimalBlueDays is how much history a refresh asks for: enough to bridge
// weekends, holidays and a week of failed fetches.
const OptimalBlueDays = 30

// Band is one of Optimal Blue's loan-to-value and FICO score bands.
type Band struct {
	SeriesID  string // FRED's series id
	LTVOver80 bool   // loan-to-value over 80% (else up to and including 80%)
	MinScore  int    // lowest FICO score in the band; 0 for "less than 680"
	MaxScore  int    // highest FICO score in the band; 0 for "740 or more"
	// Title is FRED's title of the series, as its citation must read.
	Title string
}

// Bands are the ten series by band, as FRED names and titles them.
var Bands = []Band{
	band("OBMMIC30YFLVLE80FGE740", false, 740, 0),
	band("OBMMIC30YFLVLE80FB720A739", false, 720, 739),
	band("OBMMIC30YFLVLE80FB700A719", false, 700, 719),
	band("OBMMIC30YFLVLE80FB680A699", false, 680, 699),
	band("OBMMIC30YFLVLE80FLT680", false, 0, 679),
	band("OBMMIC30YFLVGT80FGE740", true, 740, 0),
	band("OBMMIC30YFLVGT80FB720A739", true, 720, 739),
	band("OBMMIC30YFLVGT80FB700A719", true, 700, 719),
	band("OBMMIC30YFLVGT80FB680A699", true, 680, 699),
	band("OBMMIC30YFLVGT80FLT680", true, 0, 679),
}

func band(id string, over80 bool, lo, hi int) Band {
	ltv := "Loan-to-Value Less Than or Equal to 80"
	if over80 {
		ltv = "Loan-to-Value Greater Than 80"
	}
	var score string
	switch {
	case hi == 0:
		score = fmt.Sprintf("FICO Score Greater Than %d", lo)
	case lo == 0:
		score = fmt.Sprintf("FICO Score Less Than %d", hi+1)
	default:
		score = fmt.Sprintf("FICO Score Between %d and %d", lo, hi)
	}
	return Band{SeriesID: id, LTVOver80: over80, MinScore: lo, MaxScore: hi,
		Title: "30-Year Fixed Rate Conforming Mortgage Index: " + ltv + ", " + score}
}

// BandFor is the band of a credit score and a loan-to-value (percent,
// compared at whole hundredths so 80.00% counts as "up to 80").
func BandFor(creditScore int, ltv float64) Band {
	over80 := math.Round(ltv*100) > 8000
	for _, b := range Bands {
		if b.LTVOver80 == over80 && creditScore >= b.MinScore && (b.MaxScore == 0 || creditScore <= b.MaxScore) {
			return b
		}
	}
	panic("rates: the bands cover every score") // unreachable: the bands are contiguous
}

// Describe names the band for visitors, as the grade's reasons and the
// results page show it.
func (b Band) Describe() string {
	score := fmt.Sprintf("credit scores of %d to %d", b.MinScore, b.MaxScore)
	switch {
	case b.MaxScore == 0:
		score = fmt.Sprintf("credit scores of %d or more", b.MinScore)
	case b.MinScore == 0:
		score = fmt.Sprintf("credit scores below %d", b.MaxScore+1)
	}
	ltv := "loan-to-value up to 80%"
	if b.LTVOver80 {
		ltv = "loan-to-value over 80%"
	}
	return "Optimal Blue 30-year fixed conforming index for " + score + " and " + ltv
}

// Citation is the attribution FRED asks for with a series (its "suggested
// citation"): source, title and id, "retrieved from FRED", the series' page
// and the day it was retrieved.
func (b Band) Citation(retrieved time.Time) string {
	return fmt.Sprintf("Optimal Blue, %s [%s], retrieved from FRED, Federal Reserve Bank of St. Louis; https://fred.stlouisfed.org/series/%s, %s.",
		b.Title, b.SeriesID, b.SeriesID, retrieved.Format("January 2, 2006"))
}

// OptimalBlue fetches the ten bands and the all-loans index through FRED's
// observations API; each Observation's Series is the FRED series id.
type OptimalBlue struct {
	FRED FRED             // its Since is ignored: the last OptimalBlueDays days are asked for
	Now  func() time.Time // time.Now when nil
}

func (o OptimalBlue) Name() string { return OptimalBlueSource }

// Fetch reads every series. One series failing does not lose the others:
// what was read is returned with the joined errors, so the grade falls back
// only for the bands that have no figure.
func (o OptimalBlue) Fetch(ctx context.Context) ([]Observation, error) {
	now := o.Now
	if now == nil {
		now = time.Now
	}
	f := o.FRED
	f.Since = now().AddDate(0, 0, -OptimalBlueDays)
	var out []Observation
	var errs []error
	for _, id := range OptimalBlueSeriesIDs() {
		obs, err := f.series(ctx, id, id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, obs...)
	}
	return out, errors.Join(errs...)
}

// OptimalBlueSeriesIDs are the series a refresh reads: the bands, then the
// all-loans index.
func OptimalBlueSeriesIDs() []string {
	ids := make([]string, 0, len(Bands)+1)
	for _, b := range Bands {
		ids = append(ids, b.SeriesID)
	}
	return append(ids, OptimalBlueAll)
}
