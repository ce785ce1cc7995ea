package auth

import (
	"context"
	"fmt"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// OIDCGoogle is the production GoogleProvider: the OpenID Connect code flow against an issuer
// (https://accounts.google.com, or a test provider).
type OIDCGoogle struct {
	oauth    oauth2.Config
	verifier *oidc.IDTokenVerifier
}

// NewOIDCGoogle discovers the issuer's endpoints and keys.
func NewOIDCGoogle(ctx context.Context, issuer, clientID, clientSecret, redirectURL string) (*OIDCGoogle, error) {
	provider, err := oidc.NewProvider(ctx, issuer)
	if err != nil {
		return nil, fmt.Errorf("discover OpenID provider %s: %w", issuer, err)
	}
	return &OIDCGoogle{
		oauth: oauth2.Config{
			ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL,
			Endpoint: provider.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
		},
		verifier: provider.Verifier(&oidc.Config{ClientID: clientID}),
	}, nil
}

// AuthURL implements GoogleProvider.
func (g *OIDCGoogle) AuthURL(state, nonce string) string {
	return g.oauth.AuthCodeURL(state, oidc.Nonce(nonce))
}

// Exchange implements GoogleProvider: it swaps the code, verifies the ID token's signature,
// audience, expiry and nonce, and reads the identity claims.
func (g *OIDCGoogle) Exchange(ctx context.Context, code, nonce string) (GoogleIdentity, error) {
	tok, err := g.oauth.Exchange(ctx, code)
	if err != nil {
		return GoogleIdentity{}, fmt.Errorf("exchange code: %w", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok {
		return GoogleIdentity{}, fmt.Errorf("no id_token in token response")
	}
	idt, err := g.verifier.Verify(ctx, raw)
	if err != nil {
		return GoogleIdentity{}, fmt.Errorf("verify id token: %w", err)
	}
	if idt.Nonce != nonce {
		return GoogleIdentity{}, fmt.Errorf("id token nonce mismatch")
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified any    `json:"email_verified"`
		Name          string `json:"name"`
	}
	if err := idt.Claims(&claims); err != nil {
		return GoogleIdentity{}, fmt.Errorf("read id token claims: %w", err)
	}
	verified := false
	switch v := claims.EmailVerified.(type) {
	case bool:
		verified = v
	case string:
		verified = v == "true"
	}
	return GoogleIdentity{Subject: idt.Subject, Email: claims.Email, EmailVerified: verified, Name: claims.Name}, nil
}
