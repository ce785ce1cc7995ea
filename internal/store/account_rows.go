package store

import (
	"github.com/uptrace/bun"

	"circle/internal/account"
)

// The rows of the account tables (users, profiles, sessions), embedding the untagged domain
// types: every column is named after its field, so bun maps them; each row adds its table,
// keeps the alias queries and joins name (user, profile, session) and tags the key (see
// docs/architecture.md, Store areas).

type userRow struct {
	bun.BaseModel `bun:"table:users,alias:user"`

	ID string `bun:"id,pk"`
	account.User
}

func userRowOf(u account.User) userRow { return userRow{ID: u.ID, User: u} }

func (r userRow) domain() account.User {
	u := r.User
	u.ID = r.ID
	return u
}

type profileRow struct {
	bun.BaseModel `bun:"table:profiles,alias:profile"`

	UserID string `bun:"user_id,pk"`
	account.Profile
}

func profileRowOf(p account.Profile) profileRow { return profileRow{UserID: p.UserID, Profile: p} }

func (r profileRow) domain() account.Profile {
	p := r.Profile
	p.UserID = r.UserID
	if p.PreferredCurrency == "" {
		p.PreferredCurrency = "auto"
	}
	return p
}

type sessionRow struct {
	bun.BaseModel `bun:"table:sessions,alias:session"`

	ID string `bun:"id,pk"`
	account.Session
}

func sessionRowOf(s account.Session) sessionRow { return sessionRow{ID: s.ID, Session: s} }

func (r sessionRow) domain() account.Session {
	s := r.Session
	s.ID = r.ID
	return s
}

// rowsOf maps domain values to the rows written for them.
func rowsOf[D, R any](ds []D, rowOf func(D) R) []R {
	out := make([]R, 0, len(ds))
	for _, d := range ds {
		out = append(out, rowOf(d))
	}
	return out
}
