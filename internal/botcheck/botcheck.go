// Package botcheck verifies that a sign-up comes from a person: a built-in proof-of-work
// challenge by default, Cloudflare Turnstile when configured.
package botcheck

import (
	"context"

	"circle/internal/apperr"
)

// Checker verifies bot-check tokens.
type Checker interface {
	// Kind is "pow" or "turnstile".
	Kind() string
	// SiteKey is the public key the widget needs (Turnstile only).
	SiteKey() string
	// Verify checks a token the widget produced; a failure is an invalid error on bot_token.
	Verify(ctx context.Context, token, remoteIP string) error
}

// Messages of the bot check (01§5, 01§8).
const (
	MsgRequired = "Security Verification Required: Please complete the security verification to continue."
	MsgExpired  = "Verification expired"
	MsgTimeout  = "Verification timed out"
	MsgFailed   = "Failed to render verification"
)

func required() error {
	return apperr.Field("bot_token", "botcheck.required", MsgRequired)
}

func expired() error {
	return apperr.Field("bot_token", "botcheck.expired", MsgExpired)
}

func failed(msg string) error {
	return apperr.Field("bot_token", "botcheck.failed", msg)
}
