package httpapi

import (
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"
)

// A value no JSON can carry is a 500 with the error body, never an empty 200.
func TestWriteJSONNeverAnswersAnEmptySuccess(t *testing.T) {
	w := httptest.NewRecorder()
	writeJSON(w, 200, map[string]float64{"apr": math.Inf(1)})
	var body errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); w.Code != 500 || err != nil || body.Error != msgServerError {
		t.Fatalf("answer %d %q", w.Code, w.Body.String())
	}
	w = httptest.NewRecorder()
	writeJSON(w, 201, map[string]float64{"apr": 6.3})
	if w.Code != 201 || w.Body.String() != "{\"apr\":6.3}\n" {
		t.Fatalf("answer %d %q", w.Code, w.Body.String())
	}
}
