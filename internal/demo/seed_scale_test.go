package demo_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// F-APP-10 (issue 17 item 5, load-test data): circle seed --scale adds agents, paid orders,
// reviews and tracking events in proportion to the services (demo.CountsFor) in batched
// inserts, and a second load into the same database adds nothing.
func TestF_APP_10_SeedScaleAddsActivity(t *testing.T) {
	const n = 150
	want := demo.CountsFor(n)
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC)
		data := demo.Scale(demo.Build(now), n)
		data.ScaleTo = n
		if loaded, err := demo.Load(ctx, db, data, "hash"); err != nil || !loaded {
			t.Fatalf("load: %v %v", loaded, err)
		}
		counts := func() map[string]int {
			out := map[string]int{}
			for name, q := range map[string]string{
				"agents":   "SELECT COUNT(*) FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email LIKE '%@scale.demo.test'",
				"orders":   "SELECT COUNT(*) FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id LIKE 'ord-scale-%' AND o.status = 'paid'",
				"reviews":  "SELECT COUNT(*) FROM service_reviews WHERE id LIKE 'rev-scale-%'",
				"events":   "SELECT COUNT(*) FROM service_tracking_events WHERE id LIKE 'evt-scale-%'",
				"services": "SELECT COUNT(*) FROM services WHERE is_active",
			} {
				var c int
				if err := db.Bun().NewRaw(q).Scan(ctx, &c); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				out[name] = c
			}
			return out
		}
		got := counts()
		if got["agents"] != want.Agents || got["orders"] != want.Orders || got["reviews"] != want.Reviews ||
			got["events"] != want.Events || got["services"] < n {
			t.Fatalf("after the load: %v, want %+v and %d services", got, want, n)
		}
		if loaded, err := demo.Load(ctx, db, data, "hash"); err != nil || loaded {
			t.Fatalf("second load: %v %v, want refused", loaded, err)
		}
		if again := counts(); again["agents"] != got["agents"] || again["events"] != got["events"] {
			t.Fatalf("second load changed the counts: %v, was %v", again, got)
		}
		// The scaled catalogue's reviews count in the ratings.
		st, err := store.NewOps(db).CatalogStats(ctx)
		if err != nil || st.Reviews < int64(want.Reviews) {
			t.Fatalf("stats %+v %v", st, err)
		}
	})
}
