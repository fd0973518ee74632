package auth_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/auth"
)

// A session that mints no token for the idle time ends; one in use lives on.
func TestSessionsEndAfterTheIdleTime(t *testing.T) {
	s, _, c, cookie := signedIn(t)
	s.SetIdleTimeout(30 * time.Minute)
	for range 6 {
		c.t = c.t.Add(29 * time.Minute)
		mint(t, s, cookie, "a session in use ended")
	}
	c.t = c.t.Add(30*time.Minute + time.Second)
	ended(t, s, cookie, "an idle session minted a token")
	// Ended for good: coming back within the idle time of the refusal does not revive it.
	c.t = c.t.Add(time.Minute)
	ended(t, s, cookie, "an ended idle session came back")
}

// Using a token is activity: a broker at work on a page keeps the session
// though the app mints no new token (issue 27 §5).
func TestUsingATokenMovesTheIdleClock(t *testing.T) {
	s, _, c, cookie := signedIn(t)
	s.SetIdleTimeout(30 * time.Minute)
	ctx := context.Background()
	tok := mint(t, s, cookie, "a new session mints a token")
	c.t = c.t.Add(4 * time.Minute)
	if _, err := s.Authenticate(ctx, tok.Value); err != nil {
		t.Fatalf("a live token refused: %v", err)
	}
	c.t = c.t.Add(29 * time.Minute)
	mint(t, s, cookie, "a session used 29 minutes ago (minted 33 ago) ended")
}

func sealer(t *testing.T, key string) *auth.Sealer {
	t.Helper()
	sl, err := auth.NewSealer([]byte(key))
	if err != nil {
		t.Fatal(err)
	}
	return sl
}

// The secret is kept sealed: the database holds neither it nor anything an
// authenticator app could use, and another key cannot open it.
func TestSecondFactorSecretIsSealed(t *testing.T) {
	ctx := context.Background()
	s, st, c, _ := signedIn(t)
	if err := st.GrantAdmin(ctx, "broker@example.com", c.t); err != nil {
		t.Fatal(err)
	}
	s.UseSecondFactor(sealer(t, strings.Repeat("k", 32)), "Wasatch Home Loans")
	cookie, err := s.SignIn(ctx, auth.Identity{Subject: "google|42", Email: "broker@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.MintToken(ctx, cookie); !errors.Is(err, api.ErrSecondFactorRequired) {
		t.Fatalf("token before the second factor: %v", err)
	}
	e, err := s.StartEnrolment(ctx, cookie)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.OTPAuthURL, "issuer=Wasatch") {
		t.Fatalf("otpauth URL %s does not name the brokerage", e.OTPAuthURL)
	}
	f, err := st.GetSecondFactor(ctx, "google|42")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(f.Sealed, e.Secret) || strings.Contains(strings.ToUpper(f.Sealed), e.Secret) {
		t.Fatal("the secret is stored in the clear")
	}
	// Another server key cannot use it.
	s.UseSecondFactor(sealer(t, strings.Repeat("x", 32)), "quotegrade")
	code, _ := totp.GenerateCode(e.Secret, c.t)
	if _, err := s.ConfirmEnrolment(ctx, cookie, code); err == nil || !strings.Contains(err.Error(), "QG_SECOND_FACTOR_KEY") {
		t.Fatalf("confirm under another key: %v", err)
	}
	s.UseSecondFactor(sealer(t, strings.Repeat("k", 32)), "quotegrade")
	codes, err := s.ConfirmEnrolment(ctx, cookie, code)
	if err != nil || len(codes) != 10 {
		t.Fatalf("confirm: %v %v", codes, err)
	}
	mint(t, s, cookie, "token after the second factor")
	// The same code in a new session is a replay, within its window or one step later.
	again, _ := s.SignIn(ctx, auth.Identity{Subject: "google|42", Email: "broker@example.com"})
	c.t = c.t.Add(30 * time.Second)
	var invalid *apperr.Invalid
	if err := s.VerifySecondFactor(ctx, again, code); !errors.As(err, &invalid) || !strings.Contains(err.Error(), "already used") {
		t.Fatalf("a replayed code: %v", err)
	}
	if err := s.VerifySecondFactor(ctx, again, codes[0]); err != nil {
		t.Fatalf("a recovery code: %v", err)
	}
}
