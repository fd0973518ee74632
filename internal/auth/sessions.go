// Package auth decides who is signed in: OpenID Connect sign-in, server-side
// sessions held by an HttpOnly cookie, and 5-minute bearer tokens minted from
// a live session. Only hashes of secrets are stored; signing out revokes the
// session and with it every token. Whether a user is an admin is read from the
// database on every request, never from the token.
package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/secret"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Lifetimes: the spec's sign-in tokens live 5 minutes; the session that
// renews them lasts a working day.
const (
	DefaultTokenTTL   = 5 * time.Minute
	DefaultSessionTTL = api.SessionLifetime
)

// Store keeps users, admins, sessions and tokens (store.Store in production).
type Store interface {
	UpsertUser(ctx context.Context, u store.User) error
	GetUser(ctx context.Context, id string) (store.User, error)
	GrantAdmin(ctx context.Context, email string, at time.Time) error
	GetLoanOfficer(ctx context.Context, email string) (store.LoanOfficer, error)
	SetLoanOfficer(ctx context.Context, email string, o store.LoanOfficer) error
	CreateSession(ctx context.Context, s store.Session) error
	SessionBySecret(ctx context.Context, secretHash string, now time.Time) (store.Session, store.User, error)
	RevokeSession(ctx context.Context, id string, at time.Time) error
	CreateAccessToken(ctx context.Context, t store.AccessToken) error
	UserByAccessToken(ctx context.Context, tokenHash string, now time.Time) (store.User, error)
	SecondFactorStore
}

// Sessions signs users in and out and checks bearer tokens.
type Sessions struct {
	store      Store
	now        func() time.Time
	tokenTTL   time.Duration
	sessionTTL time.Duration
	// idle ends a session with no activity (a token minted or used) for
	// that long.
	idle time.Duration
	// touched is when this copy of the server last recorded a token's use
	// as its session's activity, by token hash: one write a minute per
	// token (activityEvery), not one a request.
	touchMu sync.Mutex
	touched map[string]time.Time
	// requireSecondFactor: outside development mode (UseSecondFactor).
	requireSecondFactor bool
	sealer              *Sealer
	issuer              string
}

// NewSessions returns Sessions over st with the default lifetimes and no
// second factor (development mode; see UseSecondFactor).
func NewSessions(st Store, now func() time.Time) *Sessions {
	return &Sessions{store: st, now: now, tokenTTL: DefaultTokenTTL, sessionTTL: DefaultSessionTTL, idle: api.DefaultIdleTimeout,
		touched: map[string]time.Time{}}
}

// activityEvery is how often a token's use moves its session's idle clock:
// the idle time is minutes, so a minute's lag costs nothing.
const activityEvery = time.Minute

// ErrNoUser: no valid sign-in came with the request.
var ErrNoUser = api.ErrNoUser

// Token is api.BearerToken (internal/api).
type Token = api.BearerToken

// SignIn records the user and opens a session; the returned secret goes into
// the session cookie.
func (s *Sessions) SignIn(ctx context.Context, id Identity) (string, error) {
	now := s.now().UTC()
	if err := s.store.UpsertUser(ctx, store.User{ID: id.Subject, Email: id.Email, Name: id.Name, UpdatedAt: now}); err != nil {
		return "", fmt.Errorf("sign in: %w", err)
	}
	cookie, err := secret.New()
	if err != nil {
		return "", err
	}
	sessionID, err := secret.New()
	if err != nil {
		return "", err
	}
	err = s.store.CreateSession(ctx, store.Session{ID: sessionID, SecretHash: secret.Hash(cookie), UserID: id.Subject,
		CreatedAt: now, ExpiresAt: now.Add(s.sessionTTL), NeedsSecondFactor: s.requireSecondFactor})
	if err != nil {
		return "", fmt.Errorf("sign in: %w", err)
	}
	return cookie, nil
}

// MintToken issues a fresh bearer token for the session behind secret, so the
// browser can renew its token without the broker signing in again. A
// session with no activity (a token minted or used) for the idle time ends (ErrNoUser); an admin's
// session that must pass the second factor and has not gets
// api.ErrSecondFactorRequired.
func (s *Sessions) MintToken(ctx context.Context, cookie string) (Token, api.User, error) {
	now := s.now().UTC()
	ses, u, err := s.store.SessionBySecret(ctx, secret.Hash(cookie), now)
	user := UserOf(u)
	if errors.Is(err, apperr.ErrNotFound) {
		return Token{}, user, ErrNoUser
	}
	if err != nil {
		return Token{}, user, err
	}
	seen := ses.CreatedAt
	if ses.LastSeenAt != nil {
		seen = *ses.LastSeenAt
	}
	if s.idle > 0 && now.Sub(seen) > s.idle {
		if err := s.store.RevokeSession(ctx, ses.ID, now); err != nil && !errors.Is(err, apperr.ErrNotFound) {
			return Token{}, user, err
		}
		return Token{}, user, ErrNoUser
	}
	if !passed(ses, u) {
		return Token{}, user, api.ErrSecondFactorRequired
	}
	if err := s.store.TouchSession(ctx, ses.ID, now); err != nil {
		return Token{}, user, fmt.Errorf("mint token: %w", err)
	}
	value, err := secret.New()
	if err != nil {
		return Token{}, user, err
	}
	t := Token{Value: value, ExpiresAt: now.Add(s.tokenTTL)}
	if err := s.store.CreateAccessToken(ctx, store.AccessToken{TokenHash: secret.Hash(value), SessionID: ses.ID, ExpiresAt: t.ExpiresAt}); err != nil {
		return Token{}, user, fmt.Errorf("mint token: %w", err)
	}
	return t, user, nil
}

// Authenticate returns the user of a bearer token, or ErrNoUser.
func (s *Sessions) Authenticate(ctx context.Context, bearer string) (api.User, error) {
	if bearer == "" {
		return api.User{}, ErrNoUser
	}
	hash, now := secret.Hash(bearer), s.now().UTC()
	u, err := s.store.UserByAccessToken(ctx, hash, now)
	if errors.Is(err, apperr.ErrNotFound) {
		return UserOf(u), ErrNoUser
	}
	if err != nil {
		return UserOf(u), err
	}
	return UserOf(u), s.recordActivity(ctx, hash, now)
}

// recordActivity moves the idle clock of a used token's session, at most
// once per activityEvery per token, and forgets tokens that have expired.
func (s *Sessions) recordActivity(ctx context.Context, tokenHash string, now time.Time) error {
	s.touchMu.Lock()
	last, seen := s.touched[tokenHash]
	due := !seen || now.Sub(last) >= activityEvery
	if due {
		for h, at := range s.touched {
			if now.Sub(at) > s.tokenTTL {
				delete(s.touched, h)
			}
		}
		s.touched[tokenHash] = now
	}
	s.touchMu.Unlock()
	if !due {
		return nil
	}
	if err := s.store.TouchSessionOfToken(ctx, tokenHash, now); err != nil {
		return fmt.Errorf("authenticate: %w", err)
	}
	return nil
}

// UserOf shapes a user record as the API answers it.
func UserOf(u store.User) api.User {
	return api.User{ID: u.ID, Email: u.Email, Name: u.Name, IsAdmin: u.IsAdmin}
}

// SignOut ends the session behind secret; an unknown or ended session is fine.
func (s *Sessions) SignOut(ctx context.Context, cookie string) error {
	ses, _, err := s.store.SessionBySecret(ctx, secret.Hash(cookie), s.now().UTC())
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.store.RevokeSession(ctx, ses.ID, s.now().UTC())
}

// GrantAdmin makes an e-mail address an admin from now on (idempotent): the
// development server's local admin before it signs in.
func (s *Sessions) GrantAdmin(ctx context.Context, email string) error {
	return s.store.GrantAdmin(ctx, email, s.now())
}

// LocalAdminNMLS is the NMLS ID of the development server's local admin's
// loan officer profile: a placeholder, like the demonstration site's.
const LocalAdminNMLS = "000004"

// SignInAsAdmin makes id's e-mail address an admin and signs id in: the
// development server's "Sign in as local admin". Without a loan officer
// profile yet, it gets one (id's name, LocalAdminNMLS), so development can
// save analyses and send e-mails at once; the Profile page changes it.
func (s *Sessions) SignInAsAdmin(ctx context.Context, id Identity) (string, error) {
	if err := s.GrantAdmin(ctx, id.Email); err != nil {
		return "", err
	}
	o, err := s.store.GetLoanOfficer(ctx, id.Email)
	if err != nil {
		return "", err
	}
	if o.IsZero() {
		if err := s.store.SetLoanOfficer(ctx, id.Email, store.LoanOfficer{Name: id.Name, NMLS: LocalAdminNMLS}); err != nil {
			return "", err
		}
	}
	return s.SignIn(ctx, id)
}

// LoanOfficer is the loan officer profile of the admin with this e-mail
// address, zero when they have none (or are not in the admins table).
func (s *Sessions) LoanOfficer(ctx context.Context, email string) (store.LoanOfficer, error) {
	o, err := s.store.GetLoanOfficer(ctx, email)
	if errors.Is(err, apperr.ErrNotFound) {
		return store.LoanOfficer{}, nil
	}
	return o, err
}

// Profile is the admin area's Profile page: the broker's e-mail address and
// loan officer profile (Officer nil until set).
func (s *Sessions) Profile(ctx context.Context, email string) (api.LoanOfficerProfile, error) {
	o, err := s.LoanOfficer(ctx, email)
	if err != nil {
		return api.LoanOfficerProfile{}, err
	}
	return profileOf(email, o), nil
}

// SetProfile sets an admin's own profile from the Profile form: both the
// name and the NMLS ID, trimmed, checked by vocab.CheckLoanOfficer.
func (s *Sessions) SetProfile(ctx context.Context, email string, in api.LoanOfficerInput) (api.LoanOfficerProfile, error) {
	o := store.LoanOfficer{Name: strings.TrimSpace(in.Name), NMLS: strings.TrimSpace(in.NMLS)}
	if err := vocab.CheckLoanOfficer(o.Name, o.NMLS); err != nil {
		return api.LoanOfficerProfile{}, err
	}
	if err := s.store.SetLoanOfficer(ctx, email, o); err != nil {
		return api.LoanOfficerProfile{}, err
	}
	return profileOf(email, o), nil
}

func profileOf(email string, o store.LoanOfficer) api.LoanOfficerProfile {
	p := api.LoanOfficerProfile{Email: email}
	if !o.IsZero() {
		p.Officer = &api.Reviewer{Name: o.Name, NMLS: o.NMLS, ConsumerAccessURL: site.OfficerConsumerAccessURL(o.NMLS)}
	}
	return p
}

// RequireLoanOfficer refuses (vocab.ErrNoLoanOfficer, 403) a broker without
// a loan officer profile: what they send reaches a visitor under their name.
func (s *Sessions) RequireLoanOfficer(ctx context.Context, email string) error {
	o, err := s.LoanOfficer(ctx, email)
	if err != nil {
		return err
	}
	if o.IsZero() {
		return vocab.ErrNoLoanOfficer
	}
	return nil
}

// User is one user, with admin status from the admins table.
func (s *Sessions) User(ctx context.Context, id string) (api.User, error) {
	u, err := s.store.GetUser(ctx, id)
	if err != nil {
		return api.User{}, err
	}
	return UserOf(u), nil
}
