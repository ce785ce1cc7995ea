package store_test

import (
	"context"
	"testing"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/roles"
	"circle/internal/store"
)

func TestUsersHaveUniqueCaseInsensitiveEmails(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := newUser(t, db, "Agent@Example.com", account.Profile{DisplayName: "Agent"})
		got, err := store.NewAccounts(db).UserByEmail(ctx, "AGENT@example.COM")
		if err != nil || got.ID != u.ID || got.Email != "agent@example.com" {
			t.Fatalf("lookup: %+v %v", got, err)
		}
		err = store.NewAccounts(db).CreateUser(ctx, account.User{ID: ids.New(), Email: "agent@EXAMPLE.com"}, account.Profile{})
		if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields[0].Field != "email" {
			t.Fatalf("duplicate e-mail: got %v, want an invalid error on field email", err)
		}
		if _, err := store.NewAccounts(db).UserByEmail(ctx, "nobody@example.com"); !apperr.IsNotFound(err) {
			t.Fatalf("missing user: got %v, want not_found", err)
		}
		p, err := store.NewAccounts(db).ProfileByUserID(ctx, u.ID)
		if err != nil || p.DisplayName != "Agent" || p.Specialties == nil {
			t.Fatalf("profile: %+v %v", p, err)
		}
		if _, err := store.NewAccounts(db).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: u.ID, Role: roles.Admin}); err != nil {
			t.Fatal(err)
		}
		if p, _ := store.NewAccounts(db).ProfileByUserID(ctx, u.ID); !p.IsAdmin {
			t.Fatal("the admin grant did not set is_admin")
		}
	})
}
