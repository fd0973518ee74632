package testsupport

import (
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the failures instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, format)
}

// A property the document does not declare, or a wrong type, fails; the
// documented answer passes.
func TestMatchesSchemaClosesObjects(t *testing.T) {
	for _, c := range []struct {
		name string
		body map[string]any
		fail bool
	}{
		{"documented", map[string]any{"status": "ok", "version": "1", "market_data": nil}, false},
		{"undocumented property", map[string]any{"status": "ok", "version": "1", "market_data": nil, "debug": true}, true},
		{"documented nested object", map[string]any{"status": "ok", "version": "1",
			"market_data": map[string]any{"week": "2026-05-14", "age_days": 3, "stale": false}}, false},
		{"undocumented nested property", map[string]any{"status": "ok", "version": "1",
			"market_data": map[string]any{"week": "2026-05-14", "age_days": 3, "stale": false, "source": "x"}}, true},
		{"wrong enum", map[string]any{"status": "fine", "version": "1", "market_data": nil}, true},
	} {
		r := &recorder{TB: t}
		MatchesSchema(r, "Health", c.body)
		if failed := len(r.errs) > 0; failed != c.fail {
			t.Errorf("%s: failed %v (%s), want %v", c.name, failed, strings.Join(r.errs, "; "), c.fail)
		}
	}
}
