package testsupport

import (
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

// A property the document does not declare, a wrong type or a missing
// required property fails; the documented answer passes. (Error, the
// document's most settled schema.)
func TestMatchesSchemaClosesObjects(t *testing.T) {
	for _, c := range []struct {
		name string
		body map[string]any
		fail bool
	}{
		{"documented", map[string]any{"error": "Please check the form"}, false},
		{"documented with fields", map[string]any{"error": "Please check the form", "fields": map[string]any{"email": "Email is required"}}, false},
		{"undocumented property", map[string]any{"error": "Please check the form", "debug": "stack"}, true},
		{"wrong type", map[string]any{"error": 500}, true},
		{"missing required", map[string]any{"fields": map[string]any{}}, true},
		{"wrong type inside a map", map[string]any{"error": "x", "fields": map[string]any{"email": 1}}, true},
	} {
		r := &recorder{TB: t}
		MatchesSchema(r, "Error", c.body)
		if failed := len(r.errs) > 0; failed != c.fail {
			t.Errorf("%s: failed %v, want %v", c.name, failed, c.fail)
		}
	}
}
