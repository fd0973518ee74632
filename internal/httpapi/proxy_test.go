package httpapi_test

import (
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

var track = map[string]any{"campaignId": "qr1", "resolved_to": "/"}

func trackFrom(t *testing.T, srv *testsupport.Server, xff string) testsupport.Response {
	t.Helper()
	return srv.DoWithHeaders(t, map[string]string{"X-Forwarded-For": xff}, "POST", "/api/analytics/track-campaign", track)
}

func trustLoopback(c *config.Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
}

// By default X-Forwarded-For is anyone's to write, so it changes nothing: a
// script cannot dodge the limit by naming a new address each time.
func TestForwardedForIgnoredWithoutTrustedProxies(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.WriteRateLimit = 2 })
	for i, xff := range []string{"203.0.113.1", "203.0.113.2"} {
		if res := trackFrom(t, srv, xff); res.Status != http.StatusNoContent {
			t.Fatalf("write %d: %d", i+1, res.Status)
		}
	}
	if res := trackFrom(t, srv, "203.0.113.3"); res.Status != http.StatusTooManyRequests {
		t.Fatalf("third write with a new X-Forwarded-For: %d, want 429", res.Status)
	}
}

// Behind a trusted proxy each visitor has their own limit, and a visitor
// cannot borrow another's by writing addresses in front of their own.
func TestTrustedProxyGivesEachVisitorTheirLimit(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.WriteRateLimit = 2 }, trustLoopback)
	for i := range 2 {
		if res := trackFrom(t, srv, "203.0.113.5"); res.Status != http.StatusNoContent {
			t.Fatalf("visitor A write %d: %d", i+1, res.Status)
		}
	}
	if res := trackFrom(t, srv, "198.51.100.77, 203.0.113.5"); res.Status != http.StatusTooManyRequests {
		t.Fatalf("visitor A claiming another address: %d, want 429", res.Status)
	}
	if res := trackFrom(t, srv, "198.51.100.9"); res.Status != http.StatusNoContent {
		t.Fatalf("visitor B behind the same proxy: %d, want 204", res.Status)
	}
	res := srv.DoWithHeaders(t, map[string]string{"Forwarded": "for=192.0.2.60;proto=https"}, "POST", "/api/analytics/track-campaign", track)
	if res.Status != http.StatusNoContent {
		t.Fatalf("visitor C named in a Forwarded header: %d, want 204", res.Status)
	}
}

// Two servers on one PostgreSQL database share one count per visitor: the
// third write is refused whichever server answers it, with the same answers
// the in-memory limit gives.
func TestWriteLimitSharedAcrossServersOnPostgres(t *testing.T) {
	t.Parallel()
	url := testsupport.PostgresURL(t)
	tune := func(c *config.Config) { c.DatabaseURL = url; c.WriteRateLimit = 2 }
	one := testsupport.StartServer(t, tune, trustLoopback)
	two := testsupport.StartServer(t, tune, trustLoopback)
	first := trackFrom(t, one, "203.0.113.5")
	if first.Status != http.StatusNoContent || first.Header.Get("X-RateLimit-Limit") != "2" || first.Header.Get("X-RateLimit-Remaining") != "1" {
		t.Fatalf("first write: %d, limit %q remaining %q", first.Status, first.Header.Get("X-RateLimit-Limit"), first.Header.Get("X-RateLimit-Remaining"))
	}
	if res := trackFrom(t, two, "203.0.113.5"); res.Status != http.StatusNoContent || res.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("second write on the other server: %d, remaining %q", res.Status, res.Header.Get("X-RateLimit-Remaining"))
	}
	refused := trackFrom(t, one, "203.0.113.5")
	if refused.Status != http.StatusTooManyRequests || !strings.Contains(string(refused.Body), "Too many requests") {
		t.Fatalf("third write: %d %s, want 429", refused.Status, refused.Body)
	}
	if s, err := strconv.Atoi(refused.Header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Fatalf("Retry-After %q, want 1 to 60 seconds", refused.Header.Get("Retry-After"))
	}
	if refused.Header.Get("X-RateLimit-Reset") == "" {
		t.Fatal("429 without X-RateLimit-Reset")
	}
	if res := trackFrom(t, two, "198.51.100.9"); res.Status != http.StatusNoContent {
		t.Fatalf("another visitor: %d, want 204", res.Status)
	}
}
