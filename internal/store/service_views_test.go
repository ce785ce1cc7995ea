package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/store"
)

func TestF_CAT_12_AlsoViewedByTheSameViewers(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		view := func(key, svc string) {
			t.Helper()
			if _, err := store.NewActivity(db).RecordView(ctx, keyView(svc, key), time.Minute, 0); err != nil {
				t.Fatal(err)
			}
		}
		const a, b, c, d = "svc-licensepro-prelicense", "svc-licensepro-fair-housing", "svc-wellspring-hsa-setup", "svc-nestflow-ai-drips"
		const inactive = "svc-brightpath-door-hangers"
		view("old", a)
		view("old", d)
		clk.Advance(31 * 24 * time.Hour) // the "old" viewer's views are now outside the window
		for _, k := range []string{"k1", "k2", "k3"} {
			view(k, a)
			view(k, b)
		}
		view("k1", c)
		view("k2", c)
		view("k1", inactive)
		view("k4", c) // never viewed a
		view("k1", a) // a repeat view counts the viewer once
		ids, err := store.NewActivity(db).AlsoViewed(ctx, a, clk.Now().Add(-30*24*time.Hour), 8)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != 2 || ids[0] != b || ids[1] != c {
			t.Fatalf("also viewed: %v", ids)
		}
		if ids, _ := store.NewActivity(db).AlsoViewed(ctx, a, clk.Now().Add(-30*24*time.Hour), 1); len(ids) != 1 {
			t.Fatalf("limit: %v", ids)
		}
	})
}

// keyView is a visitor's view whose browser key is also its own viewer and network (a distinct
// visitor per key).
func keyView(serviceID, key string) catalog.ServiceView {
	return catalog.ServiceView{ServiceID: serviceID, ViewerKey: key, Fingerprint: "v:" + key, Network: "n:" + key}
}
