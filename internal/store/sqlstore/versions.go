package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"quotegrade/internal/store"
)

// keepVersion keeps a just-saved analysis as its request's next version.
// It runs after the analyses row's upsert, whose row lock (or unique-key
// wait, for a first save) makes racing saves of one request take turns, so
// each reads the number the one before it wrote. The row's id is read back:
// a save that raced this one may have stored the row first, and its id is
// the one kept. The version is the whole analysis as one JSON document of
// store.Analysis (its Go field names: renaming one needs a migration of the
// kept documents).
func keepVersion(ctx context.Context, tx txn, a store.Analysis) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT id, (SELECT COALESCE(MAX(version), 0) FROM analysis_versions WHERE quote_request_id = $1)
		FROM analyses WHERE quote_request_id = $1`, a.QuoteRequestID).Scan(&a.ID, &n); err != nil {
		return fmt.Errorf("save analysis: version: %w", err)
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	// As GetAnalysisByQuoteRequest reads them back: empty lists, not none.
	for _, l := range []*[]string{&a.Pros, &a.Cons, &a.Recommendations, &a.Notes, &a.Answers} {
		if *l == nil {
			*l = []string{}
		}
	}
	a.QuoteVerdicts = NormalVerdicts(a.QuoteVerdicts)
	quotes := make([]store.Quote, len(a.Quotes))
	copy(quotes, a.Quotes)
	for i := range quotes {
		quotes[i].CreatedAt, quotes[i].UpdatedAt = quotes[i].CreatedAt.UTC(), quotes[i].UpdatedAt.UTC()
	}
	// Sorted by rate, as GetAnalysisByQuoteRequest answers them.
	sort.SliceStable(quotes, func(i, j int) bool { return quotes[i].Rate < quotes[j].Rate })
	a.Quotes = quotes
	doc, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("save analysis: version: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO analysis_versions (quote_request_id, version, saved_at, saved_by, analysis)
		VALUES ($1, $2, $3, $4, $5)`, a.QuoteRequestID, n+1, a.UpdatedAt, a.SavedBy, string(doc)); err != nil {
		return fmt.Errorf("save analysis: version: %w", err)
	}
	return nil
}

func (s *Store) AnalysisVersions(ctx context.Context, quoteRequestID string) ([]store.AnalysisVersion, error) {
	out := []store.AnalysisVersion{}
	if err := unknownID("quote request", quoteRequestID); err != nil {
		return out, nil // text no row holds names no version
	}
	rows, err := s.db.QueryContext(ctx, `SELECT version, saved_at, saved_by, analysis FROM analysis_versions
		WHERE quote_request_id = $1 ORDER BY version DESC`, quoteRequestID)
	if err != nil {
		return nil, fmt.Errorf("list analysis versions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		v := store.AnalysisVersion{QuoteRequestID: quoteRequestID}
		var doc string
		if err := rows.Scan(&v.Version, &v.SavedAt, &v.SavedBy, &doc); err != nil {
			return nil, fmt.Errorf("scan analysis version: %w", err)
		}
		if err := json.Unmarshal([]byte(doc), &v.Analysis); err != nil {
			return nil, fmt.Errorf("read analysis version %d: %w", v.Version, err)
		}
		v.Analysis.QuoteVerdicts = NormalVerdicts(v.Analysis.QuoteVerdicts) // versions kept before 00027 have none
		v.SavedAt = v.SavedAt.UTC()
		out = append(out, v)
	}
	return out, rows.Err()
}
