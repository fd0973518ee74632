package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
	"github.com/pquerna/otp/totp"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// publicSite serves the test server as a site reached by name
// (http://quotegrade.test:PORT), not loopback development mode: there brokers
// must pass the second factor. The returned function makes a browser-like
// client whose requests to that name reach the test server.
func publicSite(t *testing.T, m *mockoidc.MockOIDC, tune ...func(*config.Config)) (*testsupport.Server, string, func() *http.Client) {
	t.Helper()
	var public string
	srv := testsupport.StartServer(t, append([]func(*config.Config){withProvider(m, "broker@example.com"), withSiteFile(t, operatorSiteFile), func(c *config.Config) {
		_, port, _ := net.SplitHostPort(c.Addr)
		public = "http://quotegrade.test:" + port
		c.PublicURL = public
		if !c.SecondFactorRequired() {
			t.Fatal("a site reached by name must require the second factor")
		}
	}}, tune...)...)
	addr := strings.TrimPrefix(srv.URL, "http://")
	dial := &net.Dialer{Timeout: 5 * time.Second}
	newClient := func() *http.Client {
		transport := &http.Transport{DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
			if strings.HasPrefix(a, "quotegrade.test:") {
				a = addr
			}
			return dial.DialContext(ctx, network, a)
		}}
		t.Cleanup(transport.CloseIdleConnections)
		return &http.Client{Jar: newJar(t), Transport: testsupport.ValidatingTransport{Base: transport, Server: public, T: t}}
	}
	return srv, public, newClient
}

type answer struct {
	status int
	body   map[string]any
}

func call(t *testing.T, c *http.Client, method, url string, body any) answer {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return send(t, c, req)
}

// signInBroker signs broker@example.com in through the provider and answers
// where the sign-in landed.
func signInBroker(t *testing.T, m *mockoidc.MockOIDC, c *http.Client, public string) string {
	t.Helper()
	m.QueueUser(&mockoidc.MockUser{Subject: "g-broker", Email: "broker@example.com", EmailVerified: true, PreferredUsername: "Broker"})
	landed := browse(t, c, public+"/api/auth/login?return_to=/admin")
	return landed.RequestURI()
}

func TestSecondFactorEnrolmentAndSignIn(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	_, public, newClient := publicSite(t, m)
	browser := newClient()
	if landed := signInBroker(t, m, browser, public); landed != "/second-factor?return_to=%2Fadmin" {
		t.Fatalf("after Google the broker landed on %s, want the second factor first", landed)
	}
	// Until they pass it, the session mints no token.
	if a := call(t, browser, "POST", public+"/api/auth/token", nil); a.status != http.StatusForbidden || a.body["second_factor"] != true {
		t.Fatalf("token before the second factor: %d %v", a.status, a.body)
	}
	if a := call(t, browser, "GET", public+"/api/auth/second-factor", nil); a.status != 200 ||
		a.body["required"] != true || a.body["passed"] != false || a.body["enrolled"] != false {
		t.Fatalf("status before enrolment: %d %v", a.status, a.body)
	}
	if a := call(t, browser, "POST", public+"/api/auth/second-factor/verify", map[string]string{"code": "123456"}); a.status != http.StatusConflict {
		t.Fatalf("verify before enrolment: %d %v", a.status, a.body)
	}
	enrol := call(t, browser, "POST", public+"/api/auth/second-factor/enrol", nil)
	secret, _ := enrol.body["secret"].(string)
	if enrol.status != 200 || secret == "" || !strings.HasPrefix(enrol.body["qr_code_png"].(string), "data:image/png;base64,") ||
		!strings.HasPrefix(enrol.body["otpauth_url"].(string), "otpauth://totp/") {
		t.Fatalf("enrolment: %d %v", enrol.status, enrol.body)
	}
	code, err := totp.GenerateCode(secret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if a := call(t, browser, "POST", public+"/api/auth/second-factor/confirm", map[string]string{"code": wrong(code)}); a.status != http.StatusBadRequest {
		t.Fatalf("confirm with a wrong code: %d %v", a.status, a.body)
	}
	confirmed := call(t, browser, "POST", public+"/api/auth/second-factor/confirm", map[string]string{"code": code})
	recovery, _ := confirmed.body["recovery_codes"].([]any)
	if confirmed.status != 200 || len(recovery) != 10 {
		t.Fatalf("confirm: %d %v", confirmed.status, confirmed.body)
	}
	token := testsupport.MintToken(t, browser, public)
	if a := callAs(t, browser, token, public+"/api/admin/quote-requests/pending"); a.status != 200 {
		t.Fatalf("admin call after enrolment: %d", a.status)
	}
	admins := callAs(t, browser, token, public+"/api/admin/admins")
	list, _ := admins.body["admins"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["email"] != "broker@example.com" || list[0].(map[string]any)["enrolled_at"] == nil {
		t.Fatalf("admins: %v", admins.body)
	}
	if a := call(t, browser, "POST", public+"/api/auth/second-factor/enrol", nil); a.status != http.StatusConflict {
		t.Fatalf("enrolling again: %d %v", a.status, a.body)
	}

	// The next sign-in: the code that confirmed is not taken twice.
	second := newClient()
	signInBroker(t, m, second, public)
	if a := call(t, second, "GET", public+"/api/auth/second-factor", nil); a.body["enrolled"] != true || a.body["passed"] != false {
		t.Fatalf("status at the next sign-in: %v", a.body)
	}
	if a := call(t, second, "POST", public+"/api/auth/second-factor/verify", map[string]string{"code": code}); a.status != http.StatusBadRequest ||
		!strings.Contains(a.body["error"].(string), "already used") {
		t.Fatalf("a replayed code: %d %v", a.status, a.body)
	}
	// A recovery code lets the broker in once.
	if a := call(t, second, "POST", public+"/api/auth/second-factor/verify", map[string]string{"code": strings.ToUpper(recovery[3].(string))}); a.status != http.StatusNoContent {
		t.Fatalf("a recovery code: %d %v", a.status, a.body)
	}
	testsupport.MintToken(t, second, public)
	if a := call(t, second, "GET", public+"/api/auth/second-factor", nil); a.body["recovery_codes_left"] != float64(9) {
		t.Fatalf("recovery codes left: %v", a.body)
	}
	third := newClient()
	signInBroker(t, m, third, public)
	if a := call(t, third, "POST", public+"/api/auth/second-factor/verify", map[string]string{"code": recovery[3].(string)}); a.status != http.StatusBadRequest {
		t.Fatalf("a recovery code used twice: %d %v", a.status, a.body)
	}
	// The next step's code (one step of drift is allowed) lets them in.
	next, _ := totp.GenerateCode(secret, time.Now().Add(30*time.Second))
	if a := call(t, third, "POST", public+"/api/auth/second-factor/verify", map[string]string{"code": next}); a.status != http.StatusNoContent {
		t.Fatalf("a fresh code: %d %v", a.status, a.body)
	}
	testsupport.MintToken(t, third, public)
}

// wrong is a six-digit code other than code.
func wrong(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

// send sends req with c and reads its answer's status and JSON body.
func send(t *testing.T, c *http.Client, req *http.Request) answer {
	t.Helper()
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	a := answer{status: res.StatusCode}
	_ = json.NewDecoder(res.Body).Decode(&a.body)
	return a
}

func callAs(t *testing.T, c *http.Client, token, url string) answer {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), "GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	return send(t, c, req)
}

func TestSecondFactorWrongCodesLockOut(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	_, public, newClient := publicSite(t, m)
	browser := newClient()
	signInBroker(t, m, browser, public)
	secret := call(t, browser, "POST", public+"/api/auth/second-factor/enrol", nil).body["secret"].(string)
	code, _ := totp.GenerateCode(secret, time.Now())
	for i := 1; i <= 5; i++ {
		a := call(t, browser, "POST", public+"/api/auth/second-factor/confirm", map[string]string{"code": wrong(code)})
		want := http.StatusBadRequest
		if i == 5 {
			want = http.StatusTooManyRequests
		}
		if a.status != want {
			t.Fatalf("wrong code %d: %d %v, want %d", i, a.status, a.body, want)
		}
	}
	a := call(t, browser, "POST", public+"/api/auth/second-factor/confirm", map[string]string{"code": code})
	if a.status != http.StatusTooManyRequests || !strings.Contains(a.body["error"].(string), "try again in 15 minutes") {
		t.Fatalf("the right code while locked out: %d %v", a.status, a.body)
	}
	if a := call(t, browser, "POST", public+"/api/auth/token", nil); a.status != http.StatusForbidden {
		t.Fatalf("token while locked out: %d", a.status)
	}
}

// In loopback development mode (the test server's own address) a broker
// signed in with Google needs no second factor: make run and the browser
// tests' shared server work as before.
func TestNoSecondFactorInLoopbackDevelopment(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	srv := testsupport.StartServer(t, withProvider(m, "broker@example.com"))
	client := &http.Client{Jar: newJar(t), Transport: srv.Client().Transport}
	m.QueueUser(&mockoidc.MockUser{Subject: "g-dev", Email: "broker@example.com", EmailVerified: true})
	if landed := browse(t, client, srv.URL+"/api/auth/login?return_to=/admin"); landed.Path != "/admin" {
		t.Fatalf("landed on %s", landed)
	}
	testsupport.MintToken(t, client, srv.URL)
	if a := call(t, client, "POST", srv.URL+"/api/auth/second-factor/enrol", nil); a.status != http.StatusNotFound {
		t.Fatalf("enrolment in development mode: %d %v", a.status, a.body)
	}
	// Without a session the second factor's routes answer 401.
	for _, path := range []string{"/api/auth/second-factor", "/api/auth/second-factor/enrol", "/api/auth/second-factor/confirm", "/api/auth/second-factor/verify"} {
		method, body := "POST", any(map[string]string{"code": "123456"})
		if path == "/api/auth/second-factor" {
			method, body = "GET", nil
		}
		if res := srv.Do(t, method, path, body); res.Status != http.StatusUnauthorized {
			t.Fatalf("%s %s without a session: %d", method, path, res.Status)
		}
	}
}

// workspaceUser is a provider account with a Google Workspace domain (hd).
type workspaceUser struct {
	*mockoidc.MockUser
	hd string
}

func (u workspaceUser) Claims(scope []string, c *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	base, err := u.MockUser.Claims(scope, c)
	return hdClaims{Claims: base, hd: u.hd}, err
}

type hdClaims struct {
	jwt.Claims
	hd string
}

func (c hdClaims) MarshalJSON() ([]byte, error) {
	raw, err := json.Marshal(c.Claims)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	if c.hd != "" {
		m["hd"] = c.hd
	}
	return json.Marshal(m)
}

func TestHostedDomainRefusesOtherAccounts(t *testing.T) {
	t.Parallel()
	m := startProvider(t)
	srv := testsupport.StartServer(t, withProvider(m, "broker@brokerage.example", "broker@gmail.com"), func(c *config.Config) {
		c.GoogleHostedDomain = "brokerage.example"
	})
	if cfg := srv.Do(t, "GET", "/api/auth/config", nil).JSON(t); cfg["hosted_domain"] != "brokerage.example" {
		t.Fatalf("auth config = %v", cfg)
	}
	for _, c := range []struct {
		name, email, hd, landed string
	}{
		{"a personal account", "broker@gmail.com", "", "/login?error=domain"},
		{"another Workspace", "broker@gmail.com", "other.example", "/login?error=domain"},
		{"the brokerage's Workspace", "broker@brokerage.example", "brokerage.example", "/admin"},
	} {
		client := &http.Client{Jar: newJar(t), Transport: srv.Client().Transport}
		m.QueueUser(workspaceUser{&mockoidc.MockUser{Subject: "g-" + c.hd, Email: c.email, EmailVerified: true}, c.hd})
		login, _ := client.Get(srv.URL + "/api/auth/login?return_to=/admin")
		login.Body.Close()
		if login.Request.URL.RequestURI() != c.landed {
			t.Fatalf("%s: landed on %s, want %s", c.name, login.Request.URL.RequestURI(), c.landed)
		}
		res, _ := client.Post(srv.URL+"/api/auth/token", "application/json", nil)
		res.Body.Close()
		if want := map[bool]int{true: 200, false: 401}[c.landed == "/admin"]; res.StatusCode != want {
			t.Fatalf("%s: token %d, want %d", c.name, res.StatusCode, want)
		}
	}
}
