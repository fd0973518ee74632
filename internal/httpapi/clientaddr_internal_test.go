package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"quotegrade/internal/config"
)

func TestClientAddress(t *testing.T) {
	trusted, err := config.ParseTrustedProxies("10.0.0.0/8, 127.0.0.1, fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, peer, xff, forwarded string
		trusted                    bool
		want                       string
	}{
		{name: "no proxy trusted: headers ignored", peer: "127.0.0.1:5000", xff: "203.0.113.5", want: "127.0.0.1"},
		{name: "untrusted peer: headers ignored", peer: "198.51.100.4:5000", xff: "203.0.113.5", trusted: true, want: "198.51.100.4"},
		{name: "trusted proxy names the client", peer: "127.0.0.1:5000", xff: "203.0.113.5", trusted: true, want: "203.0.113.5"},
		{name: "a client's own entry on the left is not believed", peer: "127.0.0.1:5000", xff: "192.0.2.66, 203.0.113.5", trusted: true, want: "203.0.113.5"},
		{name: "proxies in a chain are skipped from the right", peer: "10.1.1.1:5000", xff: "203.0.113.5, 10.2.2.2, 10.3.3.3", trusted: true, want: "203.0.113.5"},
		{name: "all trusted: the peer", peer: "10.1.1.1:5000", xff: "10.2.2.2", trusted: true, want: "10.1.1.1"},
		{name: "garbled entry from the proxy: the peer", peer: "10.1.1.1:5000", xff: "203.0.113.5, not-an-ip", trusted: true, want: "10.1.1.1"},
		{name: "Forwarded header", peer: "127.0.0.1:5000", forwarded: `for=192.0.2.60;proto=https, for="[2001:db8:cafe::17]:4711"`, trusted: true, want: "2001:db8:cafe::17"},
		{name: "X-Forwarded-For wins over a Forwarded header a client sent", peer: "127.0.0.1:5000", xff: "203.0.113.5", forwarded: "for=192.0.2.99", trusted: true, want: "203.0.113.5"},
		{name: "IPv6 trusted proxy", peer: "[fd00::1]:5000", xff: "2001:db8::7", trusted: true, want: "2001:db8::7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			addrs, r := proxied(trusted, c.trusted, "POST", "/api/quote-requests/submit", c.peer, c.xff)
			if c.forwarded != "" {
				r.Header.Set("Forwarded", c.forwarded)
			}
			if got := addrs.address(r).String(); got != c.want {
				t.Fatalf("client = %s, want %s", got, c.want)
			}
		})
	}
}

func TestWhoMayReadMetrics(t *testing.T) {
	trusted, _ := config.ParseTrustedProxies("10.0.0.0/8")
	cases := []struct {
		name, peer, xff, header, host string
		trusted, want                 bool
	}{
		{name: "loopback", peer: "127.0.0.1:5000", want: true},
		{name: "IPv6 loopback", peer: "[::1]:5000", want: true},
		{name: "another machine", peer: "198.51.100.4:5000", want: false},
		{name: "a trusted proxy itself", peer: "10.1.1.1:5000", trusted: true, want: true},
		{name: "a visitor through the trusted proxy", peer: "10.1.1.1:5000", xff: "203.0.113.5", trusted: true, want: false},
		{name: "a visitor through an untrusted proxy on loopback", peer: "127.0.0.1:5000", xff: "203.0.113.5", want: false},
		{name: "a loopback visitor through the trusted proxy", peer: "10.1.1.1:5000", xff: "127.0.0.9", trusted: true, want: false},
		{name: "a trusted proxy relaying another", peer: "10.1.1.1:5000", xff: "10.2.2.2", trusted: true, want: true},
		{name: "a proxy on loopback adding only X-Real-IP", peer: "127.0.0.1:5000", header: "X-Real-IP", want: false},
		{name: "a proxy on loopback adding only Via", peer: "127.0.0.1:5000", header: "Via", want: false},
		{name: "a proxy on loopback adding only X-Forwarded-Proto", peer: "127.0.0.1:5000", header: "X-Forwarded-Proto", want: false},
		{name: "a trusted proxy adding only X-Real-IP", peer: "10.1.1.1:5000", header: "X-Real-IP", trusted: true, want: false},
		{name: "a rebinding page's Host", peer: "127.0.0.1:5000", host: "rebind.attacker.example", want: false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			addrs, r := proxied(trusted, c.trusted, "GET", "/metrics", c.peer, c.xff)
			if c.header != "" {
				r.Header.Set(c.header, "203.0.113.5")
			}
			if c.host != "" {
				r.Host = c.host
			}
			if got := addrs.mayReadMetrics(r); got != c.want {
				t.Fatalf("may read = %v, want %v", got, c.want)
			}
		})
	}
}

// proxied is a request from peer (naming xff in X-Forwarded-For, if any) and
// the client addresses that judge it: trusting the proxies trusted, or none.
func proxied(trusted []netip.Prefix, trust bool, method, path, peer, xff string) (clientAddresses, *http.Request) {
	addrs := newClientAddresses(nil)
	if trust {
		addrs = newClientAddresses(trusted)
	}
	r := httptest.NewRequest(method, path, nil)
	r.RemoteAddr = peer
	r.Host = "127.0.0.1:8080" // as a scraper on this machine addresses the site
	if xff != "" {
		r.Header.Set("X-Forwarded-For", xff)
	}
	return addrs, r
}
