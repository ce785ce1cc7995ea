package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/racetest"
	"circle/internal/roles"
	"circle/internal/store"
)

// eachWithClock runs fn on every engine with a fake clock (grant times order the history).
func eachWithClock(t *testing.T, fn func(t *testing.T, db *store.DB, clk *clocktest.Clock)) {
	eachOnClock(t, time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC), fn)
}

func newGrantee(t *testing.T, d *store.DB, email string, p account.Profile) string {
	t.Helper()
	return newUser(t, d, email, p).ID
}

func mustMatchGrants(t *testing.T, d *store.DB) {
	t.Helper()
	bad, err := store.NewAccounts(d).RoleFlagMismatches(context.Background())
	if err != nil || len(bad) != 0 {
		t.Fatalf("profile flags disagree with live grants: %v %v", bad, err)
	}
}

// TestF_AUTH_09_StoreRoleGrants: a grant writes its row and sets the profile flag in one
// transaction; a second live grant of the role is a conflict and changes nothing; a revoke
// stamps the row and clears the flag; a grant after a revoke works and the history keeps both;
// revoking what is not held is not found; the flags always equal the live grants.
func TestF_AUTH_09_StoreRoleGrants(t *testing.T) {
	eachWithClock(t, func(t *testing.T, d *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		admin := newGrantee(t, d, "boss@example.com", account.Profile{})
		user := newGrantee(t, d, "vendor@example.com", account.Profile{})

		g, err := store.NewAccounts(d).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: user, Role: roles.Vendor, GrantedBy: admin, Reason: "signed the vendor agreement"})
		if err != nil || g.GrantedBy != admin || !g.GrantedAt.Equal(clk.Now()) || !g.Live() || g.Reason != "signed the vendor agreement" {
			t.Fatalf("grant: %+v %v", g, err)
		}
		if p, _ := store.NewAccounts(d).ProfileByUserID(ctx, user); !p.VendorEnabled || p.IsAdmin || p.IsCreator || p.IsPro {
			t.Fatalf("flags after a vendor grant: %+v", p)
		}
		mustMatchGrants(t, d)

		clk.Advance(time.Minute)
		_, err = store.NewAccounts(d).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: user, Role: roles.Vendor, GrantedBy: admin})
		if apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("second live grant: %v, want conflict", err)
		}
		if hist, _ := store.NewAccounts(d).RoleGrants(ctx, user); len(hist) != 1 {
			t.Fatalf("a refused grant left a row: %+v", hist)
		}
		if _, err := store.NewAccounts(d).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: "no-such-user", Role: roles.Vendor}); !apperr.IsNotFound(err) {
			t.Fatalf("grant to nobody: %v", err)
		}

		clk.Advance(time.Minute)
		r, err := store.NewAccounts(d).RevokeRole(ctx, user, roles.Vendor, admin)
		if err != nil || r.ID != g.ID || r.RevokedAt == nil || !r.RevokedAt.Equal(clk.Now()) || r.RevokedBy != admin {
			t.Fatalf("revoke: %+v %v", r, err)
		}
		if p, _ := store.NewAccounts(d).ProfileByUserID(ctx, user); p.VendorEnabled {
			t.Fatal("revoke left vendor_enabled set")
		}
		if _, err := store.NewAccounts(d).RevokeRole(ctx, user, roles.Vendor, admin); !apperr.IsNotFound(err) {
			t.Fatalf("revoke again: %v, want not found", err)
		}
		mustMatchGrants(t, d)

		clk.Advance(time.Minute)
		again, err := store.NewAccounts(d).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: user, Role: roles.Vendor, Reason: "back"})
		if err != nil || again.GrantedBy != "" {
			t.Fatalf("grant after revoke (by the system): %+v %v", again, err)
		}
		hist, err := store.NewAccounts(d).RoleGrants(ctx, user)
		if err != nil || len(hist) != 2 || hist[0].ID != again.ID || !hist[0].Live() || hist[1].ID != g.ID || hist[1].Live() {
			t.Fatalf("history, newest first: %+v %v", hist, err)
		}
		if p, _ := store.NewAccounts(d).ProfileByUserID(ctx, user); !p.VendorEnabled {
			t.Fatal("the second grant did not set vendor_enabled")
		}
		// Every role sets its own flag and only it.
		for _, r := range []roles.Role{roles.Admin, roles.Creator, roles.Pro} {
			if _, err := store.NewAccounts(d).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: admin, Role: r}); err != nil {
				t.Fatal(err)
			}
		}
		if p, _ := store.NewAccounts(d).ProfileByUserID(ctx, admin); !p.IsAdmin || !p.IsCreator || !p.IsPro || p.VendorEnabled || p.IsProMember {
			t.Fatalf("flags after admin, creator and pro: %+v", p)
		}
		mustMatchGrants(t, d)
	})
}

// TestF_AUTH_09_StoreConcurrentGrantsLeaveOneLive: 12 simultaneous grants of the same role to
// one user: exactly one succeeds, the rest are conflicts, one live row, the flag set.
func TestF_AUTH_09_StoreConcurrentGrantsLeaveOneLive(t *testing.T) {
	eachWithClock(t, func(t *testing.T, d *store.DB, _ *clocktest.Clock) {
		ctx := context.Background()
		user := newGrantee(t, d, "race@example.com", account.Profile{})
		const n = 12
		ok, conflicts := racetest.WinsAndConflicts(t, n, func(int) error {
			_, err := store.NewAccounts(d).GrantRole(ctx, roles.Grant{ID: ids.New(), UserID: user, Role: roles.Creator, Reason: "race"})
			return err
		})
		hist, err := store.NewAccounts(d).RoleGrants(ctx, user)
		if ok != 1 || conflicts != n-1 || err != nil || len(hist) != 1 || !hist[0].Live() {
			t.Fatalf("%d granted, %d conflicts, rows %+v %v; want 1, %d, one live row", ok, conflicts, hist, err, n-1)
		}
		mustMatchGrants(t, d)
	})
}

// TestF_AUTH_09_MigrationBackfillsGrantsFromFlags: migration 0027 turns the profile flags set
// before it into live grants by the system.
func TestF_AUTH_09_MigrationBackfillsGrantsFromFlags(t *testing.T) {
	eachWithClock(t, func(t *testing.T, d *store.DB, _ *clocktest.Clock) {
		ctx := context.Background()
		// Profiles written with flags and no grants, as before the migration.
		flagged := newGrantee(t, d, "flagged@example.com", account.Profile{IsAdmin: true, IsCreator: true, VendorEnabled: true, IsPro: true, IsProMember: true})
		plain := newGrantee(t, d, "plain@example.com", account.Profile{})
		if bad, _ := store.NewAccounts(d).RoleFlagMismatches(ctx); len(bad) != 4 {
			t.Fatalf("mismatches before the backfill: %v, want the 4 flags", bad)
		}
		// Apply 0027 again to the flagged rows: drop its table and forget it ran.
		for _, q := range []string{"DROP TABLE role_grants", "DELETE FROM schema_migrations WHERE version = 27"} {
			if _, err := d.Bun().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := d.Migrate(ctx); err != nil || n != 1 {
			t.Fatalf("re-apply 0027: %d %v", n, err)
		}
		mustMatchGrants(t, d)
		hist, err := store.NewAccounts(d).RoleGrants(ctx, flagged)
		if err != nil || len(hist) != 4 {
			t.Fatalf("backfilled grants: %+v %v", hist, err)
		}
		for _, g := range hist {
			if !g.Live() || g.GrantedBy != "" || g.Reason != "migrated from the profile flag" {
				t.Fatalf("backfilled grant: %+v", g)
			}
		}
		if hist, _ := store.NewAccounts(d).RoleGrants(ctx, plain); len(hist) != 0 {
			t.Fatalf("a profile without flags got grants: %+v", hist)
		}

	})
}

// CreateUserWithRoles writes the user and its grants together; a taken e-mail writes neither.
func TestF_AUTH_09_CreateUserWithRoles(t *testing.T) {
	eachWithClock(t, func(t *testing.T, d *store.DB, _ *clocktest.Clock) {
		ctx := context.Background()
		u := account.User{ID: ids.New(), Email: "ops@example.com", PasswordHash: "x"}
		if err := store.NewAccounts(d).CreateUserWithRoles(ctx, u, account.Profile{}, "command line", roles.Admin); err != nil {
			t.Fatal(err)
		}
		if p, _ := store.NewAccounts(d).ProfileByUserID(ctx, u.ID); !p.IsAdmin {
			t.Fatal("no admin flag")
		}
		if hist, _ := store.NewAccounts(d).RoleGrants(ctx, u.ID); len(hist) != 1 || hist[0].Reason != "command line" || hist[0].GrantedBy != "" {
			t.Fatalf("grants: %+v", hist)
		}
		dup := account.User{ID: ids.New(), Email: "OPS@example.com", PasswordHash: "x"}
		if err := store.NewAccounts(d).CreateUserWithRoles(ctx, dup, account.Profile{}, "command line", roles.Admin); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("taken e-mail: %v", err)
		}
		mustMatchGrants(t, d)
	})
}
