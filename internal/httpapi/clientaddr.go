package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

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

// hasForwardingHeaders reports whether the request names a client in
// X-Forwarded-For or Forwarded, the lists address reads.
func hasForwardingHeaders(r *http.Request) bool {
	return r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != ""
}

// proxySigns are headers that proxies, load balancers and CDNs add; any of
// them (and any X-Forwarded-* header) means the request may have come from
// another machine through a proxy on this one.
var proxySigns = []string{
	"Forwarded", "Via", "X-Real-Ip", "X-Client-Ip", "Client-Ip", "True-Client-Ip", "Cf-Connecting-Ip",
	"Fastly-Client-Ip", "X-Cluster-Client-Ip", "X-Original-Forwarded-For", "X-Proxyuser-Ip", "X-Original-Url",
	"X-Original-Host", "X-Host", "X-Proxy-Id",
}

// hasProxySigns reports whether any proxy header came with r, even empty.
func hasProxySigns(r *http.Request) bool {
	for _, h := range proxySigns {
		if _, ok := r.Header[h]; ok {
			return true
		}
	}
	for h := range r.Header {
		if strings.HasPrefix(h, "X-Forwarded-") {
			return true
		}
	}
	return false
}

// fromThisMachine is the one answer to "was this request made on this
// machine?", for local admin sign-in and /metrics alike: the peer is
// loopback, no proxy header came with it, the browser addressed a loopback
// name, and a browser's Origin (or Sec-Fetch-Site) does not name another
// site. So neither a proxy on this host that says so, nor a DNS-rebinding
// page (whose Host is its own name), nor another site's page in a browser on
// this machine reaches what it guards. A proxy that rewrites Host and adds
// nothing cannot be told apart here: config.LocalAdminAllowed refuses local
// admin whenever a public URL other than loopback is configured.
func fromThisMachine(r *http.Request) bool {
	if hasProxySigns(r) || !peer(r).IsLoopback() {
		return false
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if !isLoopbackHost(host) || r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return false
	}
	origin, sent := r.Header["Origin"]
	return !sent || (len(origin) == 1 && sameOrigin(origin[0], "", r.Host))
}

// isLoopbackHost: localhost, a name under .localhost, or a loopback address.
func isLoopbackHost(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
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
// own address: a request made on this machine (fromThisMachine), or one a
// trusted proxy makes itself (no proxy header), or relays for another trusted
// proxy (its X-Forwarded-For or Forwarded list names one). Any other proxy
// sign is refused: a visitor never reads metrics through the proxy, nor
// through an untrusted proxy on the same machine, whatever header it adds.
func (c clientAddresses) mayReadMetrics(r *http.Request) bool {
	if fromThisMachine(r) {
		return true
	}
	if !c.isTrusted(peer(r)) {
		return false
	}
	if !hasProxySigns(r) {
		return true
	}
	return hasForwardingHeaders(r) && c.isTrusted(c.address(r))
}
