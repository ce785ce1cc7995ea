package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/store"
	"circle/internal/vendoranalytics"
)

// TestF_AREA_01_VendorAnalyticsStore (issue 30 item 5): each measure lands in its UTC bucket on
// both engines (a view at 23:59:59 on Sunday is last week's); only clicks and server-recorded
// cart adds count; a paid line is one purchase however often it is recorded, with the cash paid
// as revenue; a refunded order's line drops out. The range is in the future of the demo clock,
// so the demo's history does not touch it.
func TestF_AREA_01_VendorAnalyticsStore(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v.UTC() }
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Bun().ExecContext(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		view := func(ts string) {
			exec("INSERT INTO service_views (id, service_id, viewer_key, fingerprint, network, created_at) VALUES (?, ?, 'k', 'f', 'n', ?)", ids.New(), tcID, at(ts))
		}
		event := func(typ, source, ts string) {
			exec("INSERT INTO service_tracking_events (id, service_id, viewer_key, event_type, source, created_at) VALUES (?, ?, 'k', ?, ?, ?)", ids.New(), tcID, typ, source, at(ts))
		}
		view("2026-04-05T23:59:59Z")
		view("2026-04-06T00:00:00Z")
		view("2026-05-01T00:00:00Z")
		event("click", "client", "2026-04-06T10:00:00Z")
		event("outbound_click", "client", "2026-04-07T10:00:00Z")
		event("share", "client", "2026-04-07T10:00:00Z")
		event("cart_add", "server", "2026-04-08T10:00:00Z")
		event("cart_add", "client", "2026-04-08T10:00:00Z")
		event("booking", "server", "2026-04-09T10:00:00Z")
		event("booking", "client", "2026-04-09T10:00:00Z")

		cs := store.NewCheckout(db)
		order := func(status checkout.Status, price, points int64, paid string) string {
			t.Helper()
			o := checkout.Order{ID: ids.New(), Number: ids.New(), UserID: agentID, Status: status, Currency: "USD", TotalCents: price - points,
				TotalUSDCents: price - points, Provider: "builtin", CreatedAt: at(paid), UpdatedAt: at(paid)}
			it := checkout.OrderItem{ID: ids.New(), OrderID: o.ID, ServiceID: tcID, Title: "TC", Coverage: "retail", Quantity: 1,
				UnitPriceCents: price, UnitPriceUSDCents: price, LineTotalCents: price - points, PointsUSDCents: points}
			if _, err := db.Bun().NewInsert().Model(&o).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Bun().NewInsert().Model(&it).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			_, purchases := checkout.PaidEffects([]checkout.OrderItem{it})
			for range 2 { // a second record of the same line is ignored
				if err := cs.RecordPurchase(ctx, agentID, o.ID, purchases[0], at(paid)); err != nil {
					t.Fatal(err)
				}
			}
			return o.ID
		}
		order(checkout.Paid, 395_00, 95_00, "2026-04-10T12:00:00Z")
		order(checkout.Paid, 100_00, 0, "2026-05-31T23:59:59Z")
		refunded := order(checkout.Paid, 777_00, 0, "2026-04-11T12:00:00Z")
		exec("UPDATE orders SET status = 'refunded' WHERE id = ?", refunded)

		svc := &vendoranalytics.Service{Store: store.NewVendorAnalyticsStore(db), Now: clk.Now}
		weeks, err := svc.Report(ctx, "usr-demo-vendor", vendoranalytics.Query{From: "2026-04-01", To: "2026-04-30", Bucket: "week", ServiceID: tcID})
		if err != nil {
			t.Fatal(err)
		}
		if len(weeks.Series) != 5 || weeks.Series[0].Start != "2026-04-01" || weeks.Series[0].End != "2026-04-05" || weeks.Series[4].End != "2026-04-30" {
			t.Fatalf("weeks: %+v", weeks.Series)
		}
		w0, w1 := weeks.Series[0].Measures, weeks.Series[1].Measures
		if w0.Views != 1 || w1.Views != 1 || w1.Clicks != 2 || w1.CartAdds != 1 || w1.Bookings != 1 || w1.Purchases != 1 || w1.RevenueCents != 300_00 {
			t.Fatalf("week buckets: %+v %+v", w0, w1)
		}
		if w1.Conversion != 1 || weeks.Total.Views != 2 || weeks.Total.Purchases != 1 {
			t.Fatalf("totals: %+v", weeks.Total)
		}
		months, err := svc.Report(ctx, "usr-demo-vendor", vendoranalytics.Query{From: "2026-04-01", To: "2026-05-31", Bucket: "month"})
		if err != nil {
			t.Fatal(err)
		}
		if len(months.Series) != 2 || months.Series[1].Views != 1 || months.Series[1].Purchases != 1 || months.Series[1].RevenueCents != 100_00 ||
			months.Total.RevenueCents != 400_00 || len(months.Services) < 2 {
			t.Fatalf("months: %+v total %+v", months.Series, months.Total)
		}
		var n int
		if err := db.Bun().NewRaw("SELECT COUNT(*) FROM vendor_activity WHERE activity_type = 'service_purchase' AND created_at >= ?", at("2026-04-01T00:00:00Z")).Scan(ctx, &n); err != nil || n != 3 {
			t.Fatalf("purchase activities %d (%v), want one per line", n, err)
		}
	})
}

// TestF_AREA_01_VendorAnalyticsDemoHistoryReconciles: vendor@demo.test's demo history has
// numbers of every measure over the last 70 days, and its purchases and revenue are exactly
// the paid order lines of ClosingBell's services (the reconciliation rule, read from orders).
func TestF_AREA_01_VendorAnalyticsDemoHistoryReconciles(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := &vendoranalytics.Service{Store: store.NewVendorAnalyticsStore(db), Now: clk.Now}
		today := clk.Now().UTC()
		r, err := svc.Report(ctx, "usr-demo-vendor", vendoranalytics.Query{From: today.AddDate(0, 0, -69).Format(time.DateOnly), To: today.Format(time.DateOnly), Bucket: "week"})
		if err != nil {
			t.Fatal(err)
		}
		tot := r.Total
		if tot.Views < 500 || tot.Clicks == 0 || tot.CartAdds == 0 || tot.Bookings == 0 || tot.Purchases < 10 || tot.RevenueCents <= 0 || len(r.Series) < 10 {
			t.Fatalf("demo history: %+v over %d buckets", tot, len(r.Series))
		}
		var want struct {
			N     int64 `bun:"n"`
			Cents int64 `bun:"cents"`
		}
		if err := db.Bun().NewRaw(`SELECT COUNT(*) AS n, CAST(COALESCE(SUM(oi.unit_price_usd_cents * oi.quantity - oi.points_usd_cents), 0) AS BIGINT) AS cents
			FROM order_items AS oi JOIN orders AS o ON o.id = oi.order_id JOIN services AS s ON s.id = oi.service_id
			WHERE o.status = 'paid' AND s.vendor_id = ? AND oi.coverage <> 'consultation'`, bellID).Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if tot.Purchases != want.N || tot.RevenueCents != want.Cents {
			t.Fatalf("analytics %d purchases %d cents; paid order lines %d, %d cents", tot.Purchases, tot.RevenueCents, want.N, want.Cents)
		}
	})
}
