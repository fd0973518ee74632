package auth_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"
	"golang.org/x/oauth2"

	"quotegrade/internal/auth"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// clock is a settable now for the lifetimes.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func signedIn(t *testing.T) (*auth.Sessions, store.Store, *clock, string) {
	t.Helper()
	st := testsupport.NewSQLite(t)
	c := &clock{t: time.Date(2026, 5, 14, 9, 0, 0, 0, time.UTC)}
	s := auth.NewSessions(st, c.now)
	cookie, err := s.SignIn(context.Background(), auth.Identity{Subject: "google|42", Email: "broker@example.com", Name: "Bea"})
	if err != nil {
		t.Fatal(err)
	}
	return s, st, c, cookie
}

// mint fails the test unless the session mints a token now (what says
// which session) and returns the token.
func mint(t *testing.T, s *auth.Sessions, cookie, what string) auth.Token {
	t.Helper()
	tok, _, err := s.MintToken(context.Background(), cookie)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return tok
}

// ended fails the test unless the session is over: it mints no token.
func ended(t *testing.T, s *auth.Sessions, cookie, what string) {
	t.Helper()
	if _, _, err := s.MintToken(context.Background(), cookie); !errors.Is(err, auth.ErrNoUser) {
		t.Fatalf("%s: %v, want ErrNoUser", what, err)
	}
}

func TestATokenMintedFromASessionNamesItsUser(t *testing.T) {
	s, st, _, cookie := signedIn(t)
	ctx := context.Background()
	if err := st.GrantAdmin(ctx, "broker@example.com", time.Now()); err != nil {
		t.Fatal(err)
	}
	tok, u, err := s.MintToken(ctx, cookie)
	if err != nil {
		t.Fatal(err)
	}
	if u.ID != "google|42" || u.Email != "broker@example.com" || u.Name != "Bea" || tok.Value == "" || tok.Value == cookie {
		t.Fatalf("token %+v for %+v", tok, u)
	}
	got, err := s.Authenticate(ctx, tok.Value)
	if err != nil || got.ID != "google|42" || !got.IsAdmin {
		t.Fatalf("authenticate = %+v, %v; want the admin google|42", got, err)
	}
}

func TestTokensLastFiveMinutesAndSessionsAWorkingDay(t *testing.T) {
	s, _, c, cookie := signedIn(t)
	ctx := context.Background()
	tok := mint(t, s, cookie, "a new session mints a token")
	if want := c.t.Add(auth.DefaultTokenTTL); !tok.ExpiresAt.Equal(want) {
		t.Fatalf("token expires %v, want %v", tok.ExpiresAt, want)
	}
	c.t = c.t.Add(auth.DefaultTokenTTL + time.Second)
	if _, err := s.Authenticate(ctx, tok.Value); !errors.Is(err, auth.ErrNoUser) {
		t.Fatalf("an expired token: %v, want ErrNoUser", err)
	}
	mint(t, s, cookie, "the session should renew the token")
	c.t = c.t.Add(auth.DefaultSessionTTL)
	ended(t, s, cookie, "an expired session")
}

func TestSignOutEndsTheSessionAndItsTokens(t *testing.T) {
	s, _, _, cookie := signedIn(t)
	ctx := context.Background()
	tok := mint(t, s, cookie, "a new session mints a token")
	if err := s.SignOut(ctx, cookie); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Authenticate(ctx, tok.Value); !errors.Is(err, auth.ErrNoUser) {
		t.Fatalf("a token of an ended session: %v, want ErrNoUser", err)
	}
	ended(t, s, cookie, "an ended session minted a token")
	if err := s.SignOut(ctx, cookie); err != nil {
		t.Fatalf("signing out twice: %v", err)
	}
}

func TestUnknownSecretsAreNoUser(t *testing.T) {
	s, _, _, _ := signedIn(t)
	ctx := context.Background()
	for _, bearer := range []string{"", "not-a-token"} {
		if _, err := s.Authenticate(ctx, bearer); !errors.Is(err, auth.ErrNoUser) {
			t.Errorf("bearer %q: %v, want ErrNoUser", bearer, err)
		}
	}
	if _, _, err := s.MintToken(ctx, "not-a-cookie"); !errors.Is(err, auth.ErrNoUser) {
		t.Errorf("unknown cookie: %v, want ErrNoUser", err)
	}
}

// provider runs an OpenID provider that signs in user next.
func provider(t *testing.T, user *mockoidc.MockUser) (*mockoidc.MockOIDC, *auth.OIDC) {
	t.Helper()
	m, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Shutdown() })
	m.QueueUser(user)
	o, err := auth.NewOIDC(t.Context(), m.Issuer(), m.ClientID, m.ClientSecret, "http://127.0.0.1/auth/callback", "")
	if err != nil {
		t.Fatal(err)
	}
	return m, o
}

// authorize follows AuthURL to the provider and returns the code it hands back.
func authorize(t *testing.T, authURL, wantState string) string {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil || back.Query().Get("state") != wantState || back.Query().Get("code") == "" {
		t.Fatalf("provider answered %d to %s", res.StatusCode, res.Header.Get("Location"))
	}
	return back.Query().Get("code")
}

func TestSignInWithTheProviderGivesAVerifiedIdentity(t *testing.T) {
	m, o := provider(t, &mockoidc.MockUser{Subject: "u-1", Email: "Broker@Example.com", EmailVerified: true, PreferredUsername: "bea"})
	verifier := oauth2.GenerateVerifier()
	authURL := o.AuthURL("st-1", "nonce-1", verifier)
	u, _ := url.Parse(authURL)
	if u.Query().Get("code_challenge_method") != "S256" || u.Query().Get("nonce") != "nonce-1" {
		t.Fatalf("the sign-in link lacks PKCE or the nonce: %s", authURL)
	}
	code := authorize(t, authURL, "st-1")
	id, err := o.Exchange(t.Context(), code, verifier, "nonce-1")
	if err != nil {
		t.Fatal(err)
	}
	if id.Subject != m.Issuer()+"|u-1" || id.Email != "broker@example.com" || id.Name != "bea" {
		t.Fatalf("identity = %+v", id)
	}
}

func TestAnUnverifiedAddressOrAnotherNonceIsRefused(t *testing.T) {
	_, o := provider(t, &mockoidc.MockUser{Subject: "u-2", Email: "someone@example.com", EmailVerified: false})
	verifier := oauth2.GenerateVerifier()
	code := authorize(t, o.AuthURL("st-2", "nonce-2", verifier), "st-2")
	if _, err := o.Exchange(t.Context(), code, verifier, "nonce-2"); !errors.Is(err, auth.ErrUnverifiedEmail) {
		t.Fatalf("unverified address: %v, want ErrUnverifiedEmail", err)
	}

	_, o = provider(t, &mockoidc.MockUser{Subject: "u-3", Email: "b@example.com", EmailVerified: true})
	code = authorize(t, o.AuthURL("st-3", "nonce-3", verifier), "st-3")
	if _, err := o.Exchange(t.Context(), code, verifier, "another-nonce"); err == nil {
		t.Fatal("an id token for another nonce was accepted")
	}
}
