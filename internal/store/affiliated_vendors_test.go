package store_test

import (
	"context"
	"slices"
	"testing"

	"circle/internal/account"
	"circle/internal/clocktest"
	"circle/internal/store"
)

// TestIssue27_AffiliatedVendors (issue 27 item 4): a user is affiliated with the vendor they
// own, its subsidiary, and the vendor listing their e-mail (any case, spaces around) as an
// active representative; not with one listing them as an inactive representative; another
// user is affiliated with none (an empty list, not nil). VendorAffiliatedUsers is the converse.
func TestIssue27_AffiliatedVendors(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, _ *clocktest.Clock) {
		ctx := context.Background()
		owner := newGrantee(t, db, "owner-agent@example.com", account.Profile{})
		other := newGrantee(t, db, "other-agent@example.com", account.Profile{})
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"UPDATE vendors SET owner_user_id = ? WHERE id = 'ven-harborline'", []any{owner}},
			{"UPDATE vendors SET parent_vendor_id = 'ven-harborline' WHERE id = 'ven-keynest'", nil},
			{"INSERT INTO service_representatives (id, vendor_id, is_active, name, email) VALUES ('rep-a', 'ven-brightpath', TRUE, 'A', ' Owner-Agent@Example.COM ')", nil},
			{"INSERT INTO service_representatives (id, vendor_id, is_active, name, email) VALUES ('rep-b', 'ven-closingbell', FALSE, 'B', 'owner-agent@example.com')", nil},
		} {
			if _, err := db.Bun().NewRaw(q.sql, q.args...).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		got, err := store.NewCatalog(db).AffiliatedVendorIDs(ctx, owner)
		if want := []string{"ven-brightpath", "ven-harborline", "ven-keynest"}; err != nil || !slices.Equal(got, want) {
			t.Fatalf("affiliated %v (%v), want %v", got, err, want)
		}
		got, err = store.NewCatalog(db).AffiliatedVendorIDs(ctx, other)
		if err != nil || got == nil || len(got) != 0 {
			t.Fatalf("another user's affiliated vendors %v %v", got, err)
		}
		for vendor, want := range map[string]bool{"ven-harborline": true, "ven-keynest": true, "ven-brightpath": true, "ven-closingbell": false} {
			users, err := store.NewCatalog(db).VendorAffiliatedUsers(ctx, vendor)
			if err != nil || slices.Contains(users, owner) != want || slices.Contains(users, other) {
				t.Fatalf("%s: affiliated users %v (%v), want the owner: %v", vendor, users, err, want)
			}
		}
	})
}
