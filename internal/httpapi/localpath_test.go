package httpapi

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// Every way found to make a browser leave the site after sign-in returns to
// "/", and real paths of the site are kept as they are.
func TestLocalPathRefusesOtherSites(t *testing.T) {
	hostile := []string{
		"//evil.com",
		"///evil.com",
		"/\\evil.com",
		"\\\\evil.com",
		"/%09/evil.com",
		"/\t/evil.com",
		"/\n/evil.com",
		"/\r//evil.com",
		"/x/../\\evil.com",
		"/x/..//evil.com",
		"/%2F/evil.com",
		"/%2f%2fevil.com",
		"/%5Cevil.com",
		"/%5c%5cevil.com",
		"/%252F%252Fevil.com",
		"/%25252F%25252Fevil.com",
		"https://evil.com",
		"http:/evil.com",
		"javascript:alert(1)",
		"evil.com",
		"/%00/evil.com",
		"/\x00",
		"/\x7f/evil.com",
		"/\u2028/evil.com",
		"/%E2%80%A8/evil.com",
		"/./evil.com/../..//evil.com",
		"/admin/../../evil.com",
		"/%ff",
		"/" + strings.Repeat("a", 600),
		"",
	}
	for _, p := range hostile {
		if got := localPath(p); got != "/" {
			t.Errorf("localPath(%q) = %q, want /", p, got)
		}
	}
	for _, p := range []string{"/", "/admin", "/admin/", "/admin/analysis/abc", "/results/6f1c?tab=quotes", "/admin#top"} {
		if got := localPath(p); got != p {
			t.Errorf("localPath(%q) = %q, want it kept", p, got)
		}
	}
}

// FuzzLocalPath: whatever comes in, the answer resolves to this site.
func FuzzLocalPath(f *testing.F) {
	for _, s := range []string{"/admin", "//evil.com", "/%09/evil.com", "/x/../\\evil.com", "/%2F%2Fevil.com"} {
		f.Add(s)
	}
	site, _ := url.Parse("https://quotegrade.example/login")
	f.Fuzz(func(t *testing.T, p string) {
		got := localPath(p)
		if got == "/" {
			return
		}
		if got != p {
			t.Fatalf("localPath(%q) = %q: a kept path must be kept as is", p, got)
		}
		// A browser drops tabs and newlines and reads a backslash as a slash.
		browser := strings.NewReplacer("\t", "", "\n", "", "\r", "", `\`, "/").Replace(got)
		u, err := site.Parse(browser)
		if err != nil {
			t.Fatalf("localPath(%q) = %q does not parse: %v", p, got, err)
		}
		if u.Host != site.Host || u.Scheme != site.Scheme {
			t.Fatalf("localPath(%q) = %q leads to %s", p, got, u)
		}
	})
}

// A peer on another machine is refused even when it names a loopback host.
func TestFromThisMachineWantsALoopbackPeer(t *testing.T) {
	for addr, want := range map[string]bool{"203.0.113.5:4000": false, "10.0.0.2:4000": false, "127.0.0.1:4000": true, "[::1]:4000": true, "garbage": false} {
		r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/auth/local-admin", nil)
		r.RemoteAddr = addr
		if got := fromThisMachine(r); got != want {
			t.Errorf("peer %s: %v, want %v", addr, got, want)
		}
	}
}
