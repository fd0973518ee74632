package httpapi_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// A local OpenID provider stands in for Google: the whole authorization-code
// flow runs over real HTTP, and go-oidc verifies its signed ID tokens.
func startProvider(t *testing.T) *mockoidc.MockOIDC {
	m, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Shutdown() })
	return m
}

func withProvider(m *mockoidc.MockOIDC, admins ...string) func(*config.Config) {
	return func(c *config.Config) {
		c.GoogleClientID, c.GoogleClientSecret, c.OIDCIssuer = m.ClientID, m.ClientSecret, m.Issuer()
		c.AdminEmails = admins
	}
}

// browse follows the sign-in redirects like a browser and returns where it landed.
func browse(t *testing.T, client *http.Client, u string) *url.URL {
	t.Helper()
	res, err := client.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.Request.URL
}

func TestGoogleSignIn(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	srv := testsupport.StartServer(t, withProvider(m, "broker@example.com"))
	if cfg := srv.Do(t, "GET", "/api/auth/config", nil).JSON(t); cfg["google"] != true || cfg["local_admin"] != false {
		t.Fatalf("auth config = %v", cfg)
	}
	m.QueueUser(&mockoidc.MockUser{Subject: "g-123", Email: "Broker@Example.com", EmailVerified: true, PreferredUsername: "Broker"})
	client := &http.Client{Jar: newJar(t), Transport: srv.Client().Transport}
	landed := browse(t, client, srv.URL+"/api/auth/login?return_to=/admin/analysis/abc")
	if landed.Path != "/admin/analysis/abc" {
		t.Fatalf("landed on %s, want the return path", landed)
	}
	token := testsupport.MintToken(t, client, srv.URL)
	me := srv.DoAs(t, token, "POST", "/api/users", nil).JSON(t)
	if me["email"] != "broker@example.com" || me["is_admin"] != true {
		t.Fatalf("signed-in user = %v", me)
	}
	if res := srv.DoAs(t, token, "GET", "/api/admin/quote-requests/pending", nil); res.Status != 200 {
		t.Fatalf("admin call: %d", res.Status)
	}
	if res := srv.Do(t, "POST", "/api/auth/local-admin", nil); res.Status != http.StatusForbidden {
		t.Fatalf("local admin with Google configured: %d, want 403", res.Status)
	}
}

func TestGoogleSignInRefusals(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	srv := testsupport.StartServer(t, withProvider(m))
	cases := []struct {
		name  string
		setup func()
		start string
	}{
		{"unverified e-mail", func() {
			m.QueueUser(&mockoidc.MockUser{Subject: "g-1", Email: "x@example.com", EmailVerified: false})
		}, "/api/auth/login"},
		{"expired ID token", func() {
			m.QueueUser(&mockoidc.MockUser{Subject: "g-2", Email: "y@example.com", EmailVerified: true})
			m.FastForward(-3 * time.Hour)
		}, "/api/auth/login"},
		{"callback without the sign-in cookie", func() {}, "/api/auth/callback?code=abc&state=forged"},
		{"open redirect refused", func() {
			m.QueueUser(&mockoidc.MockUser{Subject: "g-3", Email: "z@example.com", EmailVerified: true})
		}, "/api/auth/login?return_to=//evil.example/"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.setup()
			client := &http.Client{Jar: newJar(t), Transport: srv.Client().Transport}
			landed := browse(t, client, srv.URL+c.start)
			if c.name == "expired ID token" {
				m.FastForward(3 * time.Hour)
				if !strings.Contains(srv.Logs.String(), "token is expired") {
					t.Fatalf("refused for another reason than expiry: %s", srv.Logs.String())
				}
			}
			if c.name == "unverified e-mail" && !strings.Contains(srv.Logs.String(), "not verified") {
				t.Fatalf("refused for another reason: %s", srv.Logs.String())
			}
			if landed.Host != strings.TrimPrefix(srv.URL, "http://") {
				t.Fatalf("left the site for %s", landed)
			}
			if c.name == "open redirect refused" {
				if landed.Path != "/" {
					t.Fatalf("landed on %s, want /", landed)
				}
				return
			}
			if landed.Path != "/login" || landed.Query().Get("error") != "signin" {
				t.Fatalf("landed on %s, want /login?error=signin", landed)
			}
			res, _ := client.Post(srv.URL+"/api/auth/token", "application/json", nil)
			if res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("token after a refused sign-in: %d", res.StatusCode)
			}
		})
	}
}

func TestLocalAdminOnlyInDevelopmentMode(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.Addr = "0.0.0.0:8080" })
	if res := srv.Do(t, "POST", "/api/auth/local-admin", nil); res.Status != http.StatusForbidden {
		t.Fatalf("local admin on a public address: %d, want 403", res.Status)
	}
	if cfg := srv.Do(t, "GET", "/api/auth/config", nil).JSON(t); cfg["local_admin"] != false || cfg["google"] != false {
		t.Fatalf("auth config = %v", cfg)
	}
}

// Local admin sign-in answers only a browser on this machine that addressed
// it by a loopback name: a DNS-rebinding page (its own Host) or a request
// through a proxy (a forwarding header) gets 403 and no session.
func TestLocalAdminOnlyFromThisMachine(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	for name, c := range map[string]struct {
		host    string
		headers map[string]string
		want    int
	}{
		"rebinding host":          {host: "rebind.attacker.example", want: 403},
		"rebinding host and port": {host: fmt.Sprintf("rebind.attacker.example:%d", port), want: 403},
		"public address as host":  {host: "203.0.113.7", want: 403},
		"X-Forwarded-For":         {headers: map[string]string{"X-Forwarded-For": "203.0.113.7"}, want: 403},
		"Forwarded":               {headers: map[string]string{"Forwarded": "for=203.0.113.7"}, want: 403},
		"X-Real-IP":               {headers: map[string]string{"X-Real-IP": "203.0.113.7"}, want: 403},
		"X-Forwarded-Host":        {headers: map[string]string{"X-Forwarded-Host": "quotegrade.example"}, want: 403},
		"loopback address":        {want: 204},
		"localhost":               {host: fmt.Sprintf("localhost:%d", port), want: 204},
		"IPv6 loopback":           {host: fmt.Sprintf("[::1]:%d", port), want: 204},
	} {
		t.Run(name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", srv.URL+"/api/auth/local-admin", nil)
			if c.host != "" {
				req.Host = c.host
			}
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != c.want {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, c.want, body)
			}
			if c.want == 403 && (!strings.Contains(string(body), "only available in development mode") || len(res.Cookies()) != 0) {
				t.Fatalf("refusal = %s, cookies %v", body, res.Cookies())
			}
		})
	}
}

// A sign-in subject that is an e-mail address never reaches the logs, and an
// open redirect in return_to lands on the home page.
func TestSignInLogsNoAddressAndRefusesOtherSites(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	srv := testsupport.StartServer(t, withProvider(m, "broker@example.com"))
	m.QueueUser(&mockoidc.MockUser{Subject: "subject.broker@example.com", Email: "broker@example.com", EmailVerified: true, PreferredUsername: "Broker"})
	client := &http.Client{Jar: newJar(t), Transport: srv.Client().Transport}
	landed := browse(t, client, srv.URL+"/api/auth/login?return_to="+url.QueryEscape("/%09/evil.com"))
	if landed.Host != strings.TrimPrefix(srv.URL, "http://") || landed.Path != "/" {
		t.Fatalf("landed on %s, want this site's home page", landed)
	}
	if logs := srv.Logs.String(); strings.Contains(logs, "subject.broker@example.com") || !strings.Contains(logs, `"msg":"signed in"`) {
		t.Fatalf("sign-in logs: %s", logs)
	}
}
