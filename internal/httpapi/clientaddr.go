package httpapi

import (
	"net"
	"net/http"
	"net/netip"

	"github.com/go-chi/httprate"
	"github.com/realclientip/realclientip-go"
)

// clientAddresses works out who sent a request. Behind reverse proxies every
// visitor arrives from a proxy's address, so the proxies' X-Forwarded-For (or
// Forwarded) header names the visitor; but anyone can send those headers, so
// they are believed only from a trusted proxy, and only as far as the list
// was written by trusted proxies: the client is the first address from the
// right that is not a trusted proxy.
type clientAddresses struct {
	trusted   []netip.Prefix
	forwarded []realclientip.Strategy // X-Forwarded-For, then Forwarded
}

func newClientAddresses(trusted []netip.Prefix) clientAddresses {
	c := clientAddresses{trusted: trusted}
	if len(trusted) == 0 {
		return c
	}
	nets := make([]net.IPNet, len(trusted))
	for i, p := range trusted {
		nets[i] = net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}
	}
	for _, h := range []string{"X-Forwarded-For", "Forwarded"} {
		c.forwarded = append(c.forwarded, realclientip.Must(realclientip.NewRightmostTrustedRangeStrategy(h, nets)))
	}
	return c
}

// isTrusted reports whether addr is one of the trusted proxies.
func (c clientAddresses) isTrusted(addr netip.Addr) bool {
	addr = addr.Unmap().WithZone("")
	for _, p := range c.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// peer is the address the connection comes from.
func peer(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap().WithZone("")
}

// hasForwardingHeaders reports whether the request says it was forwarded.
func hasForwardingHeaders(r *http.Request) bool {
	return r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != ""
}

// address is the client's address. X-Forwarded-For wins when both headers
// come, so a client cannot slip a Forwarded header past a proxy that only
// writes X-Forwarded-For; a list the trusted proxies left without a client
// (all trusted, or garbled) falls back to the peer.
func (c clientAddresses) address(r *http.Request) netip.Addr {
	p := peer(r)
	if !p.IsValid() || !c.isTrusted(p) {
		return p
	}
	for i, h := range []string{"X-Forwarded-For", "Forwarded"} {
		if len(r.Header.Values(h)) == 0 {
			continue
		}
		if a, err := netip.ParseAddr(c.forwarded[i].ClientIP(r.Header, r.RemoteAddr)); err == nil {
			return a.Unmap().WithZone("")
		}
		break
	}
	return p
}

// key is the write limit's key for the client: its address, or its /64
// network for IPv6, where one visitor holds many addresses.
func (c clientAddresses) key(r *http.Request) (string, error) {
	a := c.address(r)
	if !a.IsValid() {
		return r.RemoteAddr, nil
	}
	return httprate.CanonicalizeIP(a.String()), nil
}

// mayReadMetrics reports whether the request may read /metrics on the site's
// own address: a request made on this machine (loopback, not forwarded), or
// one a trusted proxy makes itself. A forwarded request is refused unless its
// client is a trusted proxy, so a visitor never reads metrics through the
// proxy, nor through an untrusted proxy on the same machine.
func (c clientAddresses) mayReadMetrics(r *http.Request) bool {
	p := peer(r)
	if !hasForwardingHeaders(r) {
		return p.IsLoopback() || c.isTrusted(p)
	}
	return c.isTrusted(p) && c.isTrusted(c.address(r))
}
