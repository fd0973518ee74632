package httpapi

import (
	"strings"
	"testing"

	"quotegrade/internal/api"
)

// The kept health answer is the encoding of the answer asked for: a new
// market data age or build is encoded anew, never answered from the last.
func TestHealthAnswerFollowsItsContents(t *testing.T) {
	var c healthAnswers
	for _, tc := range []struct {
		h    api.Health
		want string
	}{
		{api.Health{Status: "ok", Version: "v1"}, `{"status":"ok","version":"v1","market_data":null}`},
		{api.Health{Status: "ok", Version: "v1", MarketData: &api.MarketAge{Week: "2026-05-14", AgeDays: 3}},
			`{"status":"ok","version":"v1","market_data":{"week":"2026-05-14","age_days":3,"stale":false,"series":null}}`},
		{api.Health{Status: "ok", Version: "v1", MarketData: &api.MarketAge{Week: "2026-05-14", AgeDays: 4}},
			`{"status":"ok","version":"v1","market_data":{"week":"2026-05-14","age_days":4,"stale":false,"series":null}}`},
		{api.Health{Status: "ok", Version: "v2", MarketData: &api.MarketAge{Week: "2026-05-14", AgeDays: 4}},
			`{"status":"ok","version":"v2","market_data":{"week":"2026-05-14","age_days":4,"stale":false,"series":null}}`},
		{api.Health{Status: "ok", Version: "v2"}, `{"status":"ok","version":"v2","market_data":null}`},
	} {
		for range 2 { // the second time from the kept answer
			body, ok := c.body(tc.h)
			if got := strings.TrimSpace(string(body)); !ok || got != tc.want {
				t.Errorf("body(%+v) = %s, %v; want %s", tc.h, got, ok, tc.want)
			}
		}
	}
}
