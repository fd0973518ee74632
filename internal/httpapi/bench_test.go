package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/testsupport"
)

// Benchmarks run the real handler stack on a real SQLite file, in process.
// Figures are in docs/performance.md; they are never pass/fail.

func BenchmarkSubmitQuoteRequest(b *testing.B) {
	srv := testsupport.StartServer(b, func(c *config.Config) { c.WriteRateLimit = 1 << 30 })
	body, _ := json.Marshal(testsupport.PurchasePayload(nil))
	b.ResetTimer()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/api/quote-requests/submit", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "192.0.2.1:1234"
		rec := httptest.NewRecorder()
		srv.App.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusCreated {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}

func BenchmarkGetQuoteRequest(b *testing.B) {
	srv := testsupport.StartServer(b)
	b.ResetTimer()
	for b.Loop() {
		req := httptest.NewRequest("GET", "/api/quote-requests/"+example.QuoteRequestID, nil)
		rec := httptest.NewRecorder()
		srv.App.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// The health check under load: the ping reused, the answer's encoding kept,
// the whole middleware chain (security headers, request log and metrics).
func BenchmarkHealth(b *testing.B) {
	srv := testsupport.StartServer(b)
	b.ResetTimer()
	for b.Loop() {
		req := httptest.NewRequest("GET", "/api/health", nil)
		rec := httptest.NewRecorder()
		srv.App.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
