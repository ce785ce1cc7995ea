package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/store"
)

func TestF_CAT_13_MetricsOverThePeriod(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		const svc = "svc-licensepro-prelicense"
		uid := agentID
		ev := func(kind string, revenue int64) {
			t.Helper()
			if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: svc, UserID: &uid, EventType: kind, RevenueCents: revenue}, 0); err != nil {
				t.Fatal(err)
			}
		}
		view := func(key string) {
			t.Helper()
			if _, err := store.NewActivity(db).RecordView(ctx, keyView(svc, key), time.Minute, 0); err != nil {
				t.Fatal(err)
			}
		}
		base, err := store.NewActivity(db).ServiceMetrics(ctx, svc, clk.Now().Add(-30*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		// Old activity, 40 days ago, is outside a 30-day period.
		view("old-viewer-1")
		ev("purchase", 99900)
		clk.Advance(40 * 24 * time.Hour)
		for _, k := range []string{"v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"} {
			view(k)
		}
		ev("click", 0)
		ev("outbound_click", 0)
		ev("booking", 0)
		ev("purchase", 12345)
		ev("purchase", 10000)
		ev("share", 0)
		m, err := store.NewActivity(db).ServiceMetrics(ctx, svc, clk.Now().Add(-30*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if base.TotalViews != 0 || base.TotalPurchases != 0 {
			t.Fatalf("fixture service has demo activity: %+v", base)
		}
		if m.TotalViews != 8 || m.TotalClicks != 2 || m.TotalBookings != 1 || m.TotalPurchases != 2 || m.RevenueAttributedCents != 22345 ||
			m.ConversionRate != 0.25 || !m.LastUpdated.Equal(clk.Now()) {
			t.Fatalf("metrics: %+v", m)
		}
		all, _ := store.NewActivity(db).ServiceMetrics(ctx, svc, clk.Now().Add(-90*24*time.Hour))
		if all.TotalViews != 9 || all.TotalPurchases != 3 || all.RevenueAttributedCents != 122245 {
			t.Fatalf("90 days: %+v", all)
		}
	})
}
