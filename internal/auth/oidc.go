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
}

// NewOIDC discovers the provider at issuer. ctx must live as long as the
// server: go-oidc fetches signing keys with it.
func NewOIDC(ctx context.Context, issuer, clientID, clientSecret, redirectURL string) (*OIDC, error) {
	p, err := oidc.NewProvider(ctx, issuer)
	if err != nil {
		return nil, fmt.Errorf("discover OpenID provider %s: %w", issuer, err)
	}
	return &OIDC{
		// The verifier checks the signature, issuer, audience and expiry.
		verifier: p.Verifier(&oidc.Config{ClientID: clientID}),
		oauth: oauth2.Config{ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL,
			Endpoint: p.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}},
	}, nil
}

// AuthURL is where the browser goes to sign in.
func (o *OIDC) AuthURL(state, nonce, verifier string) string {
	return o.oauth.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier))
}

// ErrUnverifiedEmail: the provider does not vouch for the e-mail address.
var ErrUnverifiedEmail = errors.New("the e-mail address is not verified")

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
	}
	if err := idt.Claims(&claims); err != nil {
		return Identity{}, fmt.Errorf("read id token claims: %w", err)
	}
	if !claims.EmailVerified || claims.Email == "" {
		return Identity{}, ErrUnverifiedEmail
	}
	name := claims.Name
	if name == "" {
		name = claims.Username
	}
	return Identity{Subject: idt.Issuer + "|" + idt.Subject, Email: strings.ToLower(claims.Email), Name: name}, nil
}
