package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/store"
)

func TestF_CAT_01_DemoLoadsOnceIntoAnEmptyDatabase(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		empty, err := db.IsEmpty(ctx)
		if err != nil || !empty {
			t.Fatalf("fresh database empty=%v err=%v", empty, err)
		}
		data := demo.Build(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
		loaded, err := db.LoadDemo(ctx, data, "hash")
		if err != nil || !loaded {
			t.Fatalf("load: %v %v", loaded, err)
		}
		st, err := db.CatalogStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.ActiveServices < 60 || st.Vendors < 20 || st.Reviews == 0 {
			t.Fatalf("demo stats too small: %+v", st)
		}
		again, err := db.LoadDemo(ctx, data, "hash")
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
		got, err := db.ServiceByID(ctx, want.Service.ID)
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
		tags, err := db.ServiceTags(ctx, want.Service.ID)
		if err != nil || len(tags) != len(want.Tags) {
			t.Fatalf("tags: %v %v, want %v", tags, err, want.Tags)
		}
		pkgs, err := db.ServicePackages(ctx, want.Service.ID)
		if err != nil || len(pkgs) != len(want.Packages) || len(pkgs[0].Features) != len(want.Packages[0].Features) {
			t.Fatalf("packages: %+v %v", pkgs, err)
		}
		// The demo vendor account owns its vendor.
		for _, a := range data.Accounts {
			if a.OwnsVendorID == "" {
				continue
			}
			v, err := db.VendorByID(ctx, a.OwnsVendorID)
			if err != nil || v.OwnerUserID == nil || *v.OwnerUserID != a.ID {
				t.Fatalf("vendor %s owner: %+v %v", a.OwnsVendorID, v.OwnerUserID, err)
			}
		}
	})
}
