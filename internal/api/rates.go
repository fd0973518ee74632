package api

// National is one series' latest figure as the API answers it.
type NationalRate struct {
	Source string  `json:"source"`
	Rate   float64 `json:"rate"`
	Date   string  `json:"date"`
}

// Age is how old the newest stored market figure is.
type MarketAge struct {
	// Week is the survey week of the newest figure (YYYY-MM-DD).
	Week    string `json:"week"`
	AgeDays int    `json:"age_days"`
	// Stale: more than StaleAfterDays old.
	Stale bool `json:"stale"`
}
