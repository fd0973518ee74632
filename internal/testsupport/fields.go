package testsupport

import (
	"encoding/json"
	"errors"
	"testing"

	"quotegrade/internal/apperr"
)

// FieldMessages returns the field messages of a refused input (an
// *apperr.Invalid), and fails the test for any other error.
func FieldMessages(t testing.TB, err error) map[string]string {
	t.Helper()
	var invalid *apperr.Invalid
	if !errors.As(err, &invalid) {
		t.Fatalf("error = %v, want field messages", err)
	}
	return invalid.Fields
}

// FromJSON decodes a payload as a handler would, failing the test if it cannot.
func FromJSON[T any](t testing.TB, raw string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
