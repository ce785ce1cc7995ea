package marketplace_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// quietService is an active demo service without demo activity.
const quietService = "svc-licensepro-prelicense"

func sortOrder(t *testing.T, db *store.DB, id string) int {
	t.Helper()
	var pos int
	if err := db.Bun().NewSelect().Table("services").Column("sort_order").Where("id = ?", id).Scan(context.Background(), &pos); err != nil {
		t.Fatal(err)
	}
	return pos
}

// F-CAT-05 (issue 14): paid orders are sales. Reported purchases leave the ranking alone; paid
// orders move the service up and, once they outnumber the demo's best sellers, give it the
// bestseller badge. An order still pending does not count.
func TestF_CAT_05_PaidOrdersMakeBestsellers(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, _ demoServices) {
		ctx := context.Background()
		ranks := func() (int, bool) {
			t.Helper()
			if _, err := svc.Rerank(ctx); err != nil {
				t.Fatal(err)
			}
			_, best, err := svc.Ranks(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return sortOrder(t, db, quietService), slices.Contains(best, quietService)
		}
		pos0, best0 := ranks()
		if best0 {
			t.Fatal("fixture service is a bestseller already")
		}
		uid := "usr-demo-agent"
		for i := 0; i < 30; i++ {
			if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: quietService, UserID: &uid, EventType: "purchase", Source: catalog.EventSourceClient}, 0); err != nil {
				t.Fatal(err)
			}
		}
		if pos, best := ranks(); pos != pos0 || best {
			t.Fatalf("30 reported purchases: position %d -> %d, bestseller %v", pos0, pos, best)
		}
		order := func(status checkout.Status) {
			t.Helper()
			now := clk.Now()
			o := checkout.Order{ID: ids.New(), Number: "T-" + ids.New(), UserID: uid, Status: status, Currency: "USD", TotalCents: 100, TotalUSDCents: 100,
				Provider: "builtin", CreatedAt: now, UpdatedAt: now}
			if status == checkout.Paid {
				o.PaidAt = &now
			}
			item := checkout.OrderItem{ID: ids.New(), OrderID: o.ID, ServiceID: quietService, Title: "t", Coverage: "retail", Quantity: 1,
				UnitPriceCents: 100, UnitPriceUSDCents: 100, LineTotalCents: 100}
			if err := store.NewCheckout(db).InsertOrder(ctx, o, []checkout.OrderItem{item}); err != nil {
				t.Fatal(err)
			}
		}
		// One open checkout per buyer (the database holds it), and attempts that ended unpaid.
		order(checkout.Pending)
		for i := 0; i < 20; i++ {
			order([]checkout.Status{checkout.Expired, checkout.Canceled}[i%2])
		}
		if pos, best := ranks(); pos != pos0 || best {
			t.Fatalf("unpaid orders: position %d -> %d, bestseller %v", pos0, pos, best)
		}
		order(checkout.Paid)
		pos1, _ := ranks()
		if pos1 >= pos0 {
			t.Fatalf("a paid order did not move the service up: %d -> %d", pos0, pos1)
		}
		for i := 0; i < 19; i++ {
			order(checkout.Paid)
		}
		if pos, best := ranks(); pos >= pos1 || !best {
			t.Fatalf("20 paid orders: position %d -> %d, bestseller %v", pos1, pos, best)
		}
	})
}

// F-CAT-13 (issue 14): administrators see services whose views in the window jumped far above
// their baseline or came mostly from few networks; ordinary traffic is not listed.
func TestF_CAT_13_ViewSpikes(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, clk *clocktest.Clock, _ demoServices) {
		ctx := context.Background()
		view := func(service, fp, network string) {
			t.Helper()
			if _, err := store.NewActivity(db).RecordView(ctx, catalog.ServiceView{ServiceID: service, Fingerprint: fp, Network: network}, time.Minute, 0); err != nil {
				t.Fatal(err)
			}
		}
		// A steady service: 7 days of 40 views an hour from distinct networks (written in one
		// transaction), then the same in the last hour.
		const steady = "svc-licensepro-fair-housing"
		start := clk.Now()
		if err := db.Bun().RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			for i := 0; i < 7*24*40; i++ {
				at := start.Add(time.Duration(i) * time.Hour / 40)
				if _, err := tx.ExecContext(ctx, "INSERT INTO service_views (id, service_id, fingerprint, network, created_at) VALUES (?, ?, ?, ?, ?)",
					ids.New(), steady, fmt.Sprintf("v:s%d", i), fmt.Sprintf("n:s%d", i), at); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		clk.Advance(7 * 24 * time.Hour)
		for i := 0; i < 40; i++ {
			view(steady, fmt.Sprintf("v:now-%d", i), fmt.Sprintf("n:now-%d", i))
		}
		// A quiet service: 30 views from 30 networks in the last hour (a jump), and another with
		// 24 views, 20 of them from one network (few sources).
		for i := 0; i < 30; i++ {
			view(quietService, fmt.Sprintf("v:q%d", i), fmt.Sprintf("n:q%d", i))
		}
		const farmed = "svc-wellspring-hsa-setup"
		for i := 0; i < 24; i++ {
			network := "n:farm"
			if i >= 20 {
				network = fmt.Sprintf("n:f%d", i)
			}
			view(farmed, fmt.Sprintf("v:f%d", i), network)
		}
		spikes, err := svc.ViewSpikes(ctx, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if len(spikes) != 2 {
			t.Fatalf("spikes: %+v", spikes)
		}
		q, f := spikes[0], spikes[1]
		if q.ServiceID != quietService || q.Views != 30 || q.Networks != 30 || !slices.Equal(q.Reasons, []string{marketplace.SpikeJump}) || q.Title == "" {
			t.Fatalf("jump: %+v", q)
		}
		if f.ServiceID != farmed || f.Views != 24 || f.TopNetworkViews != 20 || f.Networks != 5 || !slices.Contains(f.Reasons, marketplace.SpikeFewSources) {
			t.Fatalf("few sources: %+v", f)
		}
	})
}
