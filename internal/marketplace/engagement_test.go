package marketplace_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/marketplace"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// demoServices are demo services picked by what a test needs.
type demoServices struct {
	sponsored, plain, unverified, verified, inactive string
	active                                           int
}

// eachWithDemo runs fn on every engine with the demo data and a store and service reading clk.
func eachWithDemo(t *testing.T, fn func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, ids demoServices)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			clk := clocktest.New(time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC))
			db := storetest.Open(t, kind, store.WithClock(clk.Now))
			data := demo.Build(clk.Now())
			if _, err := demo.Load(context.Background(), db, data, "hash"); err != nil {
				t.Fatal(err)
			}
			var ids demoServices
			for _, s := range data.Services {
				r := s.Service
				switch {
				case !r.IsActive:
					ids.inactive = r.ID
				case r.IsSponsored && ids.sponsored == "":
					ids.sponsored = r.ID
				case !r.IsSponsored && ids.plain == "":
					ids.plain = r.ID
				}
				if r.IsActive {
					ids.active++
					if !r.IsVerified && ids.unverified == "" {
						ids.unverified = r.ID
					}
					if r.IsVerified && ids.verified == "" {
						ids.verified = r.ID
					}
				}
			}
			if ids.inactive == "" {
				ids.inactive = ids.plain
				if _, err := db.Bun().NewUpdate().Table("services").Set("is_active = ?", false).Where("id = ?", ids.inactive).Exec(context.Background()); err != nil {
					t.Fatal(err)
				}
				ids.plain, ids.active = "", ids.active-1
				for _, s := range data.Services {
					if s.Service.IsActive && !s.Service.IsSponsored && s.Service.ID != ids.inactive {
						ids.plain = s.Service.ID
						break
					}
				}
			}
			if ids.sponsored == "" || ids.plain == "" || ids.unverified == "" || ids.verified == "" {
				t.Fatalf("the demo data lacks a kind of service: %+v", ids)
			}
			fn(t, &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: clk.Now, ViewLimiter: marketplace.NewViewLimiter(store.NewOps(db), clk.Now)}, db, clk, ids)
		})
	}
}

func strp(s string) *string { return &s }

// TestRecordView: one view per viewer and service per 15 minutes (F-CAT-13), shown by moving
// the clock: a signed-in viewer is their user whatever browser key they send, a visitor their
// address and user agent; unlisted services are not found.
func TestRecordView(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, ids demoServices) {
		ctx := context.Background()
		views := func() int {
			var n int
			if err := db.Bun().NewSelect().Table("service_views").ColumnExpr("count(*)").Where("service_id = ?", ids.plain).Scan(ctx, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := views()
		view := func(service, key string) marketplace.View {
			return marketplace.View{ServiceID: service, UserID: strp("usr-demo-agent"), ViewerKey: key, IP: "203.0.113.7", UserAgent: "ua", Referrer: "/marketplace"}
		}
		visitor := func(key, ip, ua string) marketplace.View {
			return marketplace.View{ServiceID: ids.plain, ViewerKey: key, IP: ip, UserAgent: ua}
		}
		steps := []struct {
			name     string
			advance  time.Duration
			view     marketplace.View
			recorded bool
			code     apperr.Code
		}{
			{"first view", 0, view(ids.plain, "viewer-1"), true, ""},
			{"again within 15 minutes", 14*time.Minute + 59*time.Second, view(ids.plain, "viewer-1"), false, ""},
			{"the same user in another browser session", 0, view(ids.plain, "viewer-2"), false, ""},
			{"another service", 0, view(ids.sponsored, "viewer-1"), true, ""},
			{"15 minutes after the first", time.Second, view(ids.plain, "viewer-1"), true, ""},
			{"a visitor", 0, visitor("viewer-3", "198.51.100.1", "ua-a"), true, ""},
			{"the visitor with a fresh key", 0, visitor("viewer-4", "198.51.100.1", "ua-a"), false, ""},
			{"another browser at the visitor's address", 0, visitor("viewer-4", "198.51.100.1", "ua-b"), true, ""},
			{"the same IPv6 /64 counts as one network", 0, visitor("viewer-5", "2001:db8:1:2::1", "ua-a"), true, ""},
			{"another address in that /64 and agent", 0, visitor("viewer-5", "2001:db8:1:2::ffff", "ua-b"), true, ""},
			{"a third address in that /64: the network is full", 0, visitor("viewer-5", "2001:db8:1:2::eeee", "ua-c"), true, ""},
			{"a fourth visitor of that network", 0, visitor("viewer-5", "2001:db8:1:2::dddd", "ua-d"), false, ""},
			{"an unlisted service", 0, view(ids.inactive, "viewer-1"), false, apperr.NotFound},
			{"an unknown service", 0, view("svc-none", "viewer-1"), false, apperr.NotFound},
		}
		for _, st := range steps {
			clk.Advance(st.advance)
			got, err := svc.RecordView(ctx, st.view)
			if apperr.CodeOf(err) != st.code && !(st.code == "" && err == nil) || got != st.recorded {
				t.Fatalf("%s: recorded %v, want %v (%v)", st.name, got, st.recorded, err)
			}
		}
		if added := views() - before; added != 7 {
			t.Fatalf("views of %s stored %d, want 7", ids.plain, added)
		}
		// Neither the address nor the agent is stored.
		var leaked int
		if err := db.Bun().NewSelect().Table("service_views").ColumnExpr("count(*)").
			Where("fingerprint LIKE ? OR network LIKE ? OR network LIKE ?", "%ua-a%", "%198.51%", "%2001:db8%").Scan(ctx, &leaked); err != nil || leaked != 0 {
			t.Fatalf("raw address or agent stored: %d %v", leaked, err)
		}
	})
}

// F-CAT-13: view posts are limited per address (ViewRateLimit a minute): past it they are
// refused with a retry time, other addresses are not affected, and a minute later the address
// may post again.
func TestF_CAT_13_ViewPostsAreRateLimitedPerAddress(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, ids demoServices) {
		ctx := context.Background()
		post := func(ip string, i int) error {
			_, err := svc.RecordView(ctx, marketplace.View{ServiceID: ids.plain, ViewerKey: fmt.Sprintf("k-%d", i), IP: ip, UserAgent: "ua"})
			return err
		}
		for i := 0; i < marketplace.ViewRateLimit; i++ {
			if err := post("192.0.2.1", i); err != nil {
				t.Fatalf("post %d: %v", i, err)
			}
		}
		err := post("192.0.2.1", -1)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.RateLimited || e.RetryAfterSeconds < 1 {
			t.Fatalf("post past the limit: %v", err)
		}
		if err := post("192.0.2.2", 0); err != nil {
			t.Fatalf("another address: %v", err)
		}
		clk.Advance(time.Minute)
		if err := post("192.0.2.1", -2); err != nil {
			t.Fatalf("a minute later: %v", err)
		}
	})
}

// TestRecordSponsored: one impression or click per service, placement context and browser
// session per 5 minutes, shown by moving the clock; only listed sponsored services count.
func TestRecordSponsored(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, ids demoServices) {
		ctx := context.Background()
		before, err := store.NewActivity(db).CountTrackingEvents(ctx, ids.sponsored, "sponsored_impression")
		if err != nil {
			t.Fatal(err)
		}
		event := func(service, kind, context string) marketplace.SponsoredEvent {
			return marketplace.SponsoredEvent{ServiceID: service, Event: kind, Placement: "top_deals", Context: context, ViewerKey: "viewer-1"}
		}
		steps := []struct {
			name     string
			advance  time.Duration
			event    marketplace.SponsoredEvent
			recorded bool
			code     apperr.Code
		}{
			{"impression", 0, event(ids.sponsored, "impression", "carousel_view"), true, ""},
			{"again within 5 minutes", 4*time.Minute + 59*time.Second, event(ids.sponsored, "impression", "carousel_view"), false, ""},
			{"a click", 0, event(ids.sponsored, "click", "carousel_click"), true, ""},
			{"another context", 0, event(ids.sponsored, "impression", "carousel_click"), true, ""},
			{"5 minutes after the first", time.Second, event(ids.sponsored, "impression", "carousel_view"), true, ""},
			{"not sponsored", 0, event(ids.plain, "impression", "carousel_view"), false, apperr.Invalid},
			{"an unknown service", 0, event("svc-none", "impression", "carousel_view"), false, apperr.NotFound},
		}
		for _, st := range steps {
			clk.Advance(st.advance)
			got, err := svc.RecordSponsored(ctx, st.event)
			if apperr.CodeOf(err) != st.code && !(st.code == "" && err == nil) || got != st.recorded {
				t.Fatalf("%s: recorded %v, want %v (%v)", st.name, got, st.recorded, err)
			}
		}
		if n, err := store.NewActivity(db).CountTrackingEvents(ctx, ids.sponsored, "sponsored_impression"); err != nil || n-before != 3 {
			t.Fatalf("impressions stored %d, want 3 (%v)", n-before, err)
		}
	})
}

// TestDiscountInterest: votes on services that are not verified yet, once per agent.
func TestDiscountInterest(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, _ *store.DB, _ *clocktest.Clock, ids demoServices) {
		ctx := context.Background()
		steps := []struct {
			name string
			run  func() (marketplace.Interest, error)
			want marketplace.Interest
			code apperr.Code
		}{
			{"none yet", func() (marketplace.Interest, error) {
				return svc.DiscountInterest(ctx, ids.unverified, "usr-demo-agent")
			}, marketplace.Interest{}, ""},
			{"add", func() (marketplace.Interest, error) {
				return svc.AddDiscountInterest(ctx, ids.unverified, "usr-demo-agent")
			},
				marketplace.Interest{Count: 1, Interested: true}, ""},
			{"add again", func() (marketplace.Interest, error) {
				return svc.AddDiscountInterest(ctx, ids.unverified, "usr-demo-agent")
			}, marketplace.Interest{}, apperr.Conflict},
			{"a visitor sees the count", func() (marketplace.Interest, error) { return svc.DiscountInterest(ctx, ids.unverified, "") }, marketplace.Interest{Count: 1}, ""},
			{"a verified service", func() (marketplace.Interest, error) {
				return svc.AddDiscountInterest(ctx, ids.verified, "usr-demo-agent")
			}, marketplace.Interest{}, apperr.Invalid},
			{"an unlisted service", func() (marketplace.Interest, error) { return svc.DiscountInterest(ctx, ids.inactive, "") }, marketplace.Interest{}, apperr.NotFound},
			{"add to an unlisted service", func() (marketplace.Interest, error) {
				return svc.AddDiscountInterest(ctx, ids.inactive, "usr-demo-agent")
			},
				marketplace.Interest{}, apperr.NotFound},
		}
		for _, st := range steps {
			got, err := st.run()
			if apperr.CodeOf(err) != st.code && !(st.code == "" && err == nil) || got != st.want {
				t.Fatalf("%s: %+v, want %+v (%v)", st.name, got, st.want, err)
			}
		}
	})
}

// TestRatingsOf: one rating per distinct id in the order asked, zero for a service without
// reviews.
func TestRatingsOf(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, _ *clocktest.Clock, ids demoServices) {
		ctx := context.Background()
		stored, err := store.NewReviews(db).ServiceRatings(ctx, []string{ids.plain})
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name string
			ids  []string
			want []marketplace.Rating
		}{
			{"none", nil, []marketplace.Rating{}},
			{"repeats and unknowns", []string{"svc-none", ids.plain, "svc-none"}, []marketplace.Rating{{ServiceID: "svc-none"}, stored[ids.plain]}},
		}
		for _, c := range cases {
			got, err := svc.RatingsOf(ctx, c.ids)
			if err != nil || got == nil || len(got) != len(c.want) {
				t.Fatalf("%s: %+v %v", c.name, got, err)
			}
			for i := range got {
				if got[i].ServiceID != c.want[i].ServiceID || got[i] != c.want[i] {
					t.Fatalf("%s: rating %d = %+v, want %+v", c.name, i, got[i], c.want[i])
				}
			}
		}
	})
}

// TestSnapshotsAdmin: the vendors directory, a rerank that rebuilds the snapshot, and the
// cache badge turning stale when the clock passes the snapshot's expiry.
func TestSnapshotsAdmin(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, ids demoServices) {
		ctx := context.Background()
		snaps := &marketplace.Snapshots{Service: svc, Store: store.NewCatalog(db), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		if h, err := snaps.Health(ctx); err != nil || h.Exists || h.ExpiresAt != nil || h.ServicesCount != 0 {
			t.Fatalf("health before a snapshot: %+v %v", h, err)
		}
		vendors, applied, err := snaps.Vendors(ctx, marketplace.VendorFilter{ShowAll: true})
		if err != nil || applied || len(vendors) == 0 || len(vendors) > marketplace.ListedVendorsMax {
			t.Fatalf("vendors: %d applied=%v %v", len(vendors), applied, err)
		}
		rated := false
		for _, v := range vendors {
			rated = rated || v.ReviewCount > 0
		}
		if !rated {
			t.Fatal("no vendor carries the snapshot's rating")
		}
		n, err := snaps.Rerank(ctx)
		if err != nil || n != ids.active {
			t.Fatalf("rerank: %d, want %d (%v)", n, ids.active, err)
		}
		var ranked int
		if err := db.Bun().NewSelect().Table("services").ColumnExpr("count(*)").Where("is_active = ?", true).Where("sort_order > 0").Scan(ctx, &ranked); err != nil || ranked != ids.active {
			t.Fatalf("ranked %d services, want %d (%v)", ranked, ids.active, err)
		}
		steps := []struct {
			name    string
			advance time.Duration
			stale   bool
		}{
			{"fresh", 0, false},
			{"just before expiry", marketplace.SnapshotTTL - time.Second, false},
			{"at expiry", time.Second, true},
		}
		for _, st := range steps {
			clk.Advance(st.advance)
			h, err := snaps.Health(ctx)
			if err != nil || !h.Exists || h.Stale != st.stale || h.Bytes == 0 || h.ServicesCount != ids.active || h.VendorsCount == 0 {
				t.Fatalf("%s: %+v %v", st.name, h, err)
			}
		}
		b, err := snaps.Rebuild(ctx)
		if err != nil || b.Snapshot.ServicesCount != ids.active {
			t.Fatalf("rebuild: %v", err)
		}
		if h, err := snaps.Health(ctx); err != nil || h.Stale {
			t.Fatalf("health after a rebuild: %+v %v", h, err)
		}
	})
}
