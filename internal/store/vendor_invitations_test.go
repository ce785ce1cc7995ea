package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/store"
	"circle/internal/vendorinvite"
)

// TestIssue27_OpenReferralMigration (issue 27 item 5): the migration that adds the once-only
// indexes keeps the earliest of an agent's repeated open referrals to one address (compared
// trimmed and in lower case) and removes the later copies, and gives a vendor account credited
// by two invitations the earliest credit only; afterwards a repeat answers the open referral.
func TestIssue27_OpenReferralMigration(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		exec := func(sql string, args ...any) {
			t.Helper()
			if _, err := db.Bun().NewRaw(sql, args...).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		exec("DROP INDEX vendor_invitations_open_key")
		exec("DROP INDEX vendor_invitations_credit_key")
		row := func(id, inviter, email, status, joined string, at time.Time) {
			var joinedAt *time.Time
			if joined != "" {
				joinedAt = &at
			}
			exec(`INSERT INTO vendor_invitations (id, kind, inviter_id, token, vendor_name, vendor_email, vendor_type, registration_url,
				status, joined_user_id, joined_at, created_at) VALUES (?, 'referral', ?, ?, 'V', ?, 'general', 'u', ?, ?, ?, ?)`,
				id, inviter, "tok-"+id, email, status, joined, joinedAt, at)
		}
		t0 := clk.Now()
		row("a1", "usr-demo-agent", "dup@example.com", "invited", "", t0)
		row("a2", "usr-demo-agent", " DUP@example.com ", "invited", "", t0.Add(time.Minute))
		row("a3", "usr-demo-agent", "dup@example.com", "invited", "", t0.Add(2*time.Minute))
		row("p1", "usr-demo-pro", "dup@example.com", "invited", "", t0.Add(3*time.Minute))
		row("j1", "usr-demo-agent", "joined@example.com", "joined", "usr-demo-vendor", t0)
		row("j2", "usr-demo-pro", "joined@example.com", "joined", "usr-demo-vendor", t0.Add(time.Hour))

		ms, err := db.Migrations()
		if err != nil {
			t.Fatal(err)
		}
		ran := false
		for _, m := range ms {
			if strings.HasSuffix(m.Name, "_one_open_referral") {
				if _, err := db.Bun().ExecContext(ctx, m.SQL); err != nil {
					t.Fatalf("re-run %s: %v", m.Name, err)
				}
				ran = true
			}
		}
		if !ran {
			t.Fatal("no one_open_referral migration")
		}
		var left []string
		if err := db.Bun().NewRaw("SELECT id FROM vendor_invitations WHERE id IN ('a1','a2','a3','p1','j1','j2') ORDER BY id").Scan(ctx, &left); err != nil {
			t.Fatal(err)
		}
		if strings.Join(left, ",") != "a1,j1,j2,p1" {
			t.Fatalf("rows after the migration: %v", left)
		}
		j2, _, err := store.NewVendorInvites(db).VendorInvitationByToken(ctx, "tok-j2")
		if err != nil || j2.Status != vendorinvite.StatusInvited || j2.JoinedUserID != "" || j2.JoinedAt != nil {
			t.Fatalf("the second credit of one vendor account: %+v %v", j2, err)
		}
		got, fresh, err := store.NewVendorInvites(db).CreateVendorInvitation(ctx, vendorinvite.Invitation{ID: "a4", Kind: vendorinvite.KindReferral,
			InviterID: "usr-demo-agent", Token: "tok-a4", VendorName: "V", VendorEmail: "dup@example.com", VendorType: "general",
			Details: []byte("{}"), RegistrationURL: "u", Status: vendorinvite.StatusInvited, CreatedAt: clk.Now()})
		if err != nil || fresh || got.ID != "a1" {
			t.Fatalf("a repeat after the migration: %+v fresh %v %v", got, fresh, err)
		}
	})
}
