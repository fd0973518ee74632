package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"quotegrade/internal/api"
)

// Identity is api.Identity (internal/api).
type Identity = api.Identity

// OIDC signs brokers in with an OpenID Connect provider (Google in production,
// a local provider in tests) by the authorization-code flow with PKCE.
type OIDC struct {
	verifier *oidc.IDTokenVerifier
	oauth    oauth2.Config
	// hostedDomain, when set, admits only that Workspace domain (hd claim).
	hostedDomain string
}

// NewOIDC discovers the provider at issuer. ctx must live as long as the
// server: go-oidc fetches signing keys with it. hostedDomain, when not
// empty, admits only accounts of that Google Workspace domain.
func NewOIDC(ctx context.Context, issuer, clientID, clientSecret, redirectURL, hostedDomain string) (*OIDC, error) {
	p, err := oidc.NewProvider(ctx, issuer)
	if err != nil {
		return nil, fmt.Errorf("discover OpenID provider %s: %w", issuer, err)
	}
	return &OIDC{
		// The verifier checks the signature, issuer, audience and expiry.
		verifier: p.Verifier(&oidc.Config{ClientID: clientID}),
		oauth: oauth2.Config{ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL,
			Endpoint: p.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}},
		hostedDomain: hostedDomain,
	}, nil
}

// AuthURL is where the browser goes to sign in.
func (o *OIDC) AuthURL(state, nonce, verifier string) string {
	opts := []oauth2.AuthCodeOption{oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)}
	if o.hostedDomain != "" {
		// Google's account chooser offers only the domain's accounts; the
		// ID token's hd claim is what is checked.
		opts = append(opts, oauth2.SetAuthURLParam("hd", o.hostedDomain))
	}
	return o.oauth.AuthCodeURL(state, opts...)
}

// HostedDomain is the only Workspace domain admitted, or "".
func (o *OIDC) HostedDomain() string { return o.hostedDomain }

// ErrUnverifiedEmail: the provider does not vouch for the e-mail address.
var ErrUnverifiedEmail = errors.New("the e-mail address is not verified")

// ErrOtherDomain: the account is not of the admitted Workspace domain.
var ErrOtherDomain = api.ErrOtherDomain

// Exchange trades the callback's code for a verified identity.
func (o *OIDC) Exchange(ctx context.Context, code, verifier, nonce string) (Identity, error) {
	tok, err := o.oauth.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("exchange code: %w", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok {
		return Identity{}, errors.New("no id_token in the token response")
	}
	idt, err := o.verifier.Verify(ctx, raw)
	if err != nil {
		return Identity{}, fmt.Errorf("verify id token: %w", err)
	}
	if idt.Nonce != nonce {
		return Identity{}, errors.New("id token nonce does not match")
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
		Username      string `json:"preferred_username"`
		HostedDomain  string `json:"hd"`
	}
	if err := idt.Claims(&claims); err != nil {
		return Identity{}, fmt.Errorf("read id token claims: %w", err)
	}
	if !claims.EmailVerified || claims.Email == "" {
		return Identity{}, ErrUnverifiedEmail
	}
	if o.hostedDomain != "" && !strings.EqualFold(claims.HostedDomain, o.hostedDomain) {
		return Identity{}, fmt.Errorf("%w (hd %q)", ErrOtherDomain, claims.HostedDomain)
	}
	name := claims.Name
	if name == "" {
		name = claims.Username
	}
	return Identity{Subject: idt.Issuer + "|" + idt.Subject, Email: strings.ToLower(claims.Email), Name: name}, nil
}
