package app

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"circle/internal/store"
)

// TestF_AUTH_09_UserRoleCommands: circle user create --admin grants admin as the system;
// user grant and user revoke change a role by e-mail, keep the history and the profile flag
// with it; a role held twice, an unknown role or e-mail are refused with the word that failed.
func TestF_AUTH_09_UserRoleCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	run := func(args ...string) (string, error) {
		t.Helper()
		var out, errOut bytes.Buffer
		err := cmdUser(ctx, append(args, "--data-dir", dir), &out, &errOut)
		return out.String(), err
	}
	if out, err := run("create", "--email", "Ops@Example.com", "--password", "long-enough", "--admin"); err != nil || !strings.HasPrefix(out, "created admin ops@example.com") {
		t.Fatalf("create --admin: %q %v", out, err)
	}
	if out, err := run("create", "--email", "agent@example.com", "--password", "long-enough"); err != nil || !strings.HasPrefix(out, "created user agent@example.com") {
		t.Fatalf("create: %q %v", out, err)
	}
	if out, err := run("grant", "--email", "agent@example.com", "--role", "vendor", "--reason", "signed the agreement"); err != nil || !strings.HasPrefix(out, "granted vendor to agent@example.com") {
		t.Fatalf("grant: %q %v", out, err)
	}
	if _, err := run("grant", "--email", "agent@example.com", "--role", "vendor"); err == nil || !strings.Contains(err.Error(), "already holds") {
		t.Fatalf("grant twice: %v", err)
	}
	if _, err := run("grant", "--email", "agent@example.com", "--role", "superuser"); err == nil || !strings.HasPrefix(err.Error(), "role:") {
		t.Fatalf("unknown role: %v", err)
	}
	if _, err := run("grant", "--email", "nobody@example.com", "--role", "pro"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("unknown e-mail: %v", err)
	}
	if _, err := run("promote", "--email", "agent@example.com"); err == nil || !strings.Contains(err.Error(), "user grant") {
		t.Fatalf("unknown subcommand: %v", err)
	}

	db, err := store.Open(ctx, filepath.Join(dir, "circle.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	check := func(email string, admin, vendor bool, grants int) {
		t.Helper()
		u, err := store.NewAccounts(db).UserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := store.NewAccounts(db).ProfileByUserID(ctx, u.ID)
		hist, _ := store.NewAccounts(db).RoleGrants(ctx, u.ID)
		if p.IsAdmin != admin || p.VendorEnabled != vendor || len(hist) != grants {
			t.Fatalf("%s: is_admin %v vendor_enabled %v, %d grants %+v; want %v %v %d", email, p.IsAdmin, p.VendorEnabled, len(hist), hist, admin, vendor, grants)
		}
		for _, g := range hist {
			if g.GrantedBy != "" {
				t.Fatalf("a command-line grant names a granter: %+v", g)
			}
		}
	}
	check("ops@example.com", true, false, 1)
	check("agent@example.com", false, true, 1)

	if out, err := run("revoke", "--email", "agent@example.com", "--role", "vendor"); err != nil || !strings.HasPrefix(out, "revoked vendor from agent@example.com") {
		t.Fatalf("revoke: %q %v", out, err)
	}
	if _, err := run("revoke", "--email", "agent@example.com", "--role", "vendor"); err == nil || !strings.Contains(err.Error(), "does not hold") {
		t.Fatalf("revoke twice: %v", err)
	}
	check("agent@example.com", false, false, 1)
	if bad, err := store.NewAccounts(db).RoleFlagMismatches(ctx); err != nil || len(bad) != 0 {
		t.Fatalf("flags and grants disagree: %v %v", bad, err)
	}
}
