package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/store"
)

// insertOrder stores an order of one line of serviceID in the given state (paid orders are
// stamped paid now).
func insertOrder(t *testing.T, db *store.DB, userID, serviceID string, status checkout.Status) {
	t.Helper()
	now := db.Now()
	o := checkout.Order{ID: ids.New(), Number: "T-" + ids.New(), UserID: userID, Status: status, Currency: "USD", TotalCents: 1900,
		TotalUSDCents: 1900, Provider: "builtin", CreatedAt: now, UpdatedAt: now}
	if status == checkout.Paid {
		o.PaidAt = &now
	}
	item := checkout.OrderItem{ID: ids.New(), OrderID: o.ID, ServiceID: serviceID, Title: "t", Coverage: "retail", Quantity: 1,
		UnitPriceCents: 1900, UnitPriceUSDCents: 1900, LineTotalCents: 1900}
	if err := store.NewCheckout(db).InsertOrder(context.Background(), o, []checkout.OrderItem{item}); err != nil {
		t.Fatal(err)
	}
}

// F-CAT-13: a view counts once per fingerprint per window whatever browser key it carries,
// visitors of one network count at most visitorsPerNetwork times, signed-in viewers once each.
func TestF_CAT_13_ViewsCountOncePerFingerprint(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		count := func() int {
			n, err := db.Bun().NewSelect().Table("service_views").Where("service_id = ?", rankSvc).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return int(n)
		}
		before := count()
		rec := func(v catalog.ServiceView) bool {
			t.Helper()
			ok, err := store.NewActivity(db).RecordView(ctx, v, 15*time.Minute, 3)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		visitor := func(key, fp, network string) catalog.ServiceView {
			return catalog.ServiceView{ServiceID: rankSvc, ViewerKey: key, Fingerprint: fp, Network: network}
		}
		recorded := 0
		for i := 0; i < 300; i++ {
			if rec(visitor(ids.New(), "v:same", "n:home")) {
				recorded++
			}
		}
		if recorded != 1 || count() != before+1 {
			t.Fatalf("300 fresh keys from one fingerprint recorded %d views (stored %d)", recorded, count()-before)
		}
		// Other agents on the same network: two more count, then the network is full.
		if !rec(visitor("k", "v:ua2", "n:home")) || !rec(visitor("k", "v:ua3", "n:home")) || rec(visitor("k", "v:ua4", "n:home")) {
			t.Fatal("visitors per network not capped at 3")
		}
		if !rec(visitor("k", "v:elsewhere", "n:office")) {
			t.Fatal("a visitor on another network not recorded")
		}
		uid := agentID
		user := catalog.ServiceView{ServiceID: rankSvc, UserID: &uid, ViewerKey: "a", Fingerprint: "u:" + agentID, Network: "n:home"}
		if !rec(user) {
			t.Fatal("a signed-in viewer on a full network not recorded")
		}
		user.ViewerKey = "b"
		if rec(user) {
			t.Fatal("a signed-in viewer counted twice in the window")
		}
		clk.Advance(15*time.Minute + time.Second)
		if !rec(visitor(ids.New(), "v:same", "n:home")) || !rec(user) {
			t.Fatal("the same viewers after the window not recorded")
		}
		if got := count() - before; got != 7 {
			t.Fatalf("stored %d views, want 7", got)
		}
	})
}

// F-CAT-05: ranking inputs come from the server's records. Purchases and bookings browsers
// report add no sales, a paid order adds one (a pending or canceled one none), views count
// once per distinct viewer, and clicks once per user.
func TestF_CAT_05_EngagementReadsOnlyServerRecords(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		since := clk.Now().Add(-time.Hour)
		read := func() catalogEngagement {
			t.Helper()
			m, err := store.NewCatalog(db).Engagement(ctx, since)
			if err != nil {
				t.Fatal(err)
			}
			e := m[rankSvc]
			return catalogEngagement{e.SignedInViewers, e.VisitorNetworks, e.Clickers, e.Sales}
		}
		base := read()
		if base != (catalogEngagement{}) {
			t.Fatalf("fixture service has recent activity: %+v", base)
		}
		uid := agentID
		for i := 0; i < 30; i++ {
			for _, kind := range []string{"purchase", "booking", "click"} {
				if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: rankSvc, UserID: &uid, EventType: kind, Source: catalog.EventSourceClient}, 0); err != nil {
					t.Fatal(err)
				}
			}
		}
		if got := read(); got != (catalogEngagement{clickers: 1}) {
			t.Fatalf("after 30 reported purchases, bookings and clicks: %+v", got)
		}
		insertOrder(t, db, agentID, rankSvc, checkout.Pending)
		insertOrder(t, db, agentID, rankSvc, checkout.Canceled)
		if got := read(); got.sales != 0 {
			t.Fatalf("unpaid orders counted: %+v", got)
		}
		insertOrder(t, db, agentID, rankSvc, checkout.Paid)
		// Checkout writes a purchase event beside the paid order: the order alone is the sale.
		if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: rankSvc, UserID: &uid, EventType: "purchase"}, 0); err != nil {
			t.Fatal(err)
		}
		if got := read(); got.sales != 1 {
			t.Fatalf("a paid order not counted once: %+v", got)
		}
		if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: rankSvc, EventType: "purchase", Source: catalog.EventSourceDemo}, 0); err != nil {
			t.Fatal(err)
		}
		if got := read(); got.sales != 2 {
			t.Fatalf("a demo purchase not counted: %+v", got)
		}
		for _, key := range []string{"a", "b", "c"} {
			if _, err := store.NewActivity(db).RecordView(ctx, catalog.ServiceView{ServiceID: rankSvc, ViewerKey: key, Fingerprint: "v:" + key, Network: "n:one"}, time.Minute, 0); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range []string{agentID, proID} {
			u := u
			if _, err := store.NewActivity(db).RecordView(ctx, catalog.ServiceView{ServiceID: rankSvc, UserID: &u, Fingerprint: "u:" + u, Network: "n:one"}, time.Minute, 0); err != nil {
				t.Fatal(err)
			}
		}
		if got := read(); got.users != 2 || got.networks != 1 {
			t.Fatalf("viewers: %+v", got)
		}
	})
}

// rankSvc is an active demo service without demo activity.
const rankSvc = "svc-licensepro-prelicense"

type catalogEngagement struct{ users, networks, clickers, sales int }

// F-CAT-13: the admin's spike inputs: views, fingerprints and networks in a window, the busiest
// network, and the views before it.
func TestF_CAT_13_ViewSources(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		view := func(fp, network string) {
			t.Helper()
			if _, err := store.NewActivity(db).RecordView(ctx, catalog.ServiceView{ServiceID: rankSvc, Fingerprint: fp, Network: network}, time.Minute, 0); err != nil {
				t.Fatal(err)
			}
		}
		view("v:old", "n:old")
		clk.Advance(2 * time.Hour)
		start := clk.Now()
		for _, fp := range []string{"v:1", "v:2", "v:3", "v:4"} {
			view(fp, "n:busy")
		}
		view("v:5", "n:quiet")
		src, err := store.NewCatalog(db).ViewSourcesSince(ctx, start)
		if err != nil {
			t.Fatal(err)
		}
		if got := src[rankSvc]; got.Views != 5 || got.Viewers != 5 || got.Networks != 2 || got.TopNetworkViews != 4 || got.SignedInViews != 0 {
			t.Fatalf("sources: %+v", got)
		}
		before, err := store.NewCatalog(db).ViewCountsBetween(ctx, start.Add(-24*time.Hour), start)
		if err != nil {
			t.Fatal(err)
		}
		if before[rankSvc] != 1 {
			t.Fatalf("views before the window: %d", before[rankSvc])
		}
	})
}
