package api

// National is one series' latest figure as the API answers it.
type NationalRate struct {
	Source string  `json:"source"`
	Rate   float64 `json:"rate"`
	Date   string  `json:"date"`
	// Series is "30" or "15"; AgeDays and Stale say how old Date is, so the
	// card says so where the figure is shown.
	Series  string `json:"series"`
	AgeDays int    `json:"age_days"`
	Stale   bool   `json:"stale"`
}

// MarketAge is how old the market data is: each series has its own as-of
// date, and the top-level figures are the oldest series' (a fresh 30-year
// week must not hide a 15-year figure nine months old).
type MarketAge struct {
	// Week is the survey week of the oldest series' newest figure (YYYY-MM-DD).
	Week    string `json:"week"`
	AgeDays int    `json:"age_days"`
	// Stale: some series is more than StaleAfterDays old.
	Stale bool `json:"stale"`
	// Series is each series' own age.
	Series []SeriesAge `json:"series"`
}

// SeriesAge is one market series' as-of date and age.
type SeriesAge struct {
	// Series is "30", "15" or, for a daily benchmark band, its FRED id.
	Series  string `json:"series"`
	Label   string `json:"label"`
	Source  string `json:"source"`
	Week    string `json:"week"`
	AgeDays int    `json:"age_days"`
	Stale   bool   `json:"stale"`
}

// MarketDataPreview is what a market-data file holds and what applying it
// does to the stored weeks (the admin Market data page and
// `quotegrade rates import`).
type MarketDataPreview struct {
	// Format is the file's kind: "FRED CSV", "Freddie Mac PMMS history" or
	// "quotegrade history".
	Format string `json:"format"`
	// Weeks is how many weeks have at least one figure.
	Weeks     int    `json:"weeks"`
	FirstWeek string `json:"firstWeek"`
	LastWeek  string `json:"lastWeek"`
	// Latest30 and Latest15 are each series' newest figure; absent when the
	// file has none of that series.
	Latest30       *MarketDataFigure `json:"latest30,omitempty"`
	Latest15       *MarketDataFigure `json:"latest15,omitempty"`
	NewWeeks       int               `json:"newWeeks"`
	ChangedWeeks   int               `json:"changedWeeks"`
	UnchangedWeeks int               `json:"unchangedWeeks"`
	// Gaps are the runs of weeks a series has no figure for, every one listed.
	Gaps         []MarketDataGap `json:"gaps"`
	MissingWeeks int             `json:"missingWeeks"`
	// Applied: the figures are stored (false for a preview).
	Applied bool `json:"applied"`
}

// MarketDataFigure is one weekly average.
type MarketDataFigure struct {
	Week string  `json:"week"`
	Rate float64 `json:"rate"`
}

// MarketDataGap is a run of missing weeks of one series: the survey
// Thursdays of the first and last missing week.
type MarketDataGap struct {
	Series string `json:"series"`
	From   string `json:"from"`
	To     string `json:"to"`
	Weeks  int    `json:"weeks"`
}
