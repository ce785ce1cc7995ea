package store

import (
	"github.com/uptrace/bun"

	"circle/internal/auth"
)

// The rows of the sign-in tables (login_attempts, email_tokens), embedding the untagged domain
// types: every column is named after its field, so bun maps them; each row adds its table and
// tags the key (see docs/architecture.md, Store areas).

type loginAttemptsRow struct {
	bun.BaseModel `bun:"table:login_attempts,alias:login_attempts"`

	Identifier string `bun:"identifier,pk"`
	auth.LoginAttempts
}

func loginAttemptsRowOf(a auth.LoginAttempts) loginAttemptsRow {
	return loginAttemptsRow{Identifier: a.Identifier, LoginAttempts: a}
}

func (r loginAttemptsRow) domain() auth.LoginAttempts {
	a := r.LoginAttempts
	a.Identifier = r.Identifier
	return a
}

type emailTokenRow struct {
	bun.BaseModel `bun:"table:email_tokens,alias:email_token"`

	TokenHash string `bun:"token_hash,pk"`
	auth.EmailToken
}

func emailTokenRowOf(t auth.EmailToken) emailTokenRow {
	return emailTokenRow{TokenHash: t.TokenHash, EmailToken: t}
}

func (r emailTokenRow) domain() auth.EmailToken {
	t := r.EmailToken
	t.TokenHash = r.TokenHash
	return t
}
