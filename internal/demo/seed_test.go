package demo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/roles"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

func TestF_CAT_01_DemoLoadsOnceIntoAnEmptyDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		empty, err := db.IsEmpty(ctx)
		if err != nil || !empty {
			t.Fatalf("fresh database empty=%v err=%v", empty, err)
		}
		data := demo.Build(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
		loaded, err := demo.Load(ctx, db, data, "hash")
		if err != nil || !loaded {
			t.Fatalf("load: %v %v", loaded, err)
		}
		st, err := store.NewOps(db).CatalogStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.ActiveServices < 60 || st.Vendors < 20 || st.Reviews == 0 {
			t.Fatalf("demo stats too small: %+v", st)
		}
		again, err := demo.Load(ctx, db, data, "hash")
		if err != nil || again {
			t.Fatalf("second load: loaded=%v err=%v; want false, nil", again, err)
		}
		// A service with funnel content, tags and packages reads back exactly as written.
		var want catalog.ServiceWithParts
		for _, s := range data.Services {
			if s.Service.FunnelContent != nil && len(s.Packages) > 0 && len(s.Tags) > 0 {
				want = s
				break
			}
		}
		got, err := store.NewCatalog(db).ServiceByID(ctx, want.Service.ID)
		if err != nil {
			t.Fatal(err)
		}
		wj, _ := json.Marshal(want.Service.FunnelContent)
		gj, _ := json.Marshal(got.FunnelContent)
		if string(wj) != string(gj) {
			t.Fatalf("funnel content changed on the way through the database:\n got %s\nwant %s", gj, wj)
		}
		if fmt.Sprint(got.RetailPriceCents) != fmt.Sprint(want.Service.RetailPriceCents) && (got.RetailPriceCents == nil) != (want.Service.RetailPriceCents == nil) {
			t.Fatalf("retail price: got %v want %v", got.RetailPriceCents, want.Service.RetailPriceCents)
		}
		tags, err := store.NewCatalog(db).ServiceTags(ctx, want.Service.ID)
		if err != nil || len(tags) != len(want.Tags) {
			t.Fatalf("tags: %v %v, want %v", tags, err, want.Tags)
		}
		pkgs, err := store.NewCatalog(db).ServicePackages(ctx, want.Service.ID)
		if err != nil || len(pkgs) != len(want.Packages) || len(pkgs[0].Features) != len(want.Packages[0].Features) {
			t.Fatalf("packages: %+v %v", pkgs, err)
		}
		// The demo vendor account owns its vendor.
		for _, a := range data.Accounts {
			if a.OwnsVendorID == "" {
				continue
			}
			v, err := store.NewCatalog(db).VendorByID(ctx, a.OwnsVendorID)
			if err != nil || v.OwnerUserID == nil || *v.OwnerUserID != a.ID {
				t.Fatalf("vendor %s owner: %+v %v", a.OwnsVendorID, v.OwnerUserID, err)
			}
		}
	})
}

// TestF_AUTH_09_DemoRolesAreGrants: the demo accounts' roles are written as live grants by the
// system inside the load's transaction (ADR 0009), and the profile flags agree with them.
func TestF_AUTH_09_DemoRolesAreGrants(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		data := demo.Build(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
		if _, err := demo.Load(ctx, db, data, "hash"); err != nil {
			t.Fatal(err)
		}
		accounts := store.NewAccounts(db)
		if bad, err := accounts.RoleFlagMismatches(ctx); err != nil || len(bad) != 0 {
			t.Fatalf("profile flags disagree with live grants: %v %v", bad, err)
		}
		admins := 0
		for _, a := range data.Accounts {
			grants, err := accounts.RoleGrants(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := map[roles.Role]bool{roles.Admin: a.IsAdmin, roles.Creator: a.IsCreator, roles.Vendor: a.VendorEnabled, roles.Support: a.IsSupport}
			for _, g := range grants {
				if !g.Live() || g.GrantedBy != "" || g.Reason != store.DemoGrantReason || !want[g.Role] {
					t.Fatalf("%s: unexpected grant %+v", a.Email, g)
				}
				delete(want, g.Role)
				if g.Role == roles.Admin {
					admins++
				}
			}
			for r, held := range want {
				if held {
					t.Fatalf("%s: no grant of %s", a.Email, r)
				}
			}
		}
		if admins == 0 {
			t.Fatal("the demo has no administrator grant")
		}
	})
}
