package cart_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/demo/demotest"
	"circle/internal/store"
)

// TestServiceLifecycle: the cart service on the real store, on both engines: adds (a repeat
// merges), a coverage change, the refusals, a removal and clearing, each with its event.
func TestServiceLifecycle(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := &cart.Service{Store: store.NewCartStore(db), Now: time.Now}
		agent := cart.Shopper{UserID: "usr-demo-agent", State: "CA", Lang: "en"}
		price := int64(225_00)
		add := cart.AddRequest{ServiceID: "svc-listingloop-hdr-photos", PriceCents: &price, Quantity: 2}
		steps := []struct {
			name      string
			run       func() (cart.CartView, error)
			code      apperr.Code
			event     string
			lines     int
			itemCount int
		}{
			{"add", func() (cart.CartView, error) { return svc.Add(ctx, agent, add, nil) }, "", cart.EventAdded, 1, 2},
			{"add again merges", func() (cart.CartView, error) { return svc.Add(ctx, agent, add, nil) }, "", cart.EventUpdated, 1, 4},
			{"a wrong price", func() (cart.CartView, error) {
				wrong := int64(1_00)
				return svc.Add(ctx, agent, cart.AddRequest{ServiceID: add.ServiceID, PriceCents: &wrong}, nil)
			}, apperr.Invalid, "", 0, 0},
			{"an unknown service", func() (cart.CartView, error) { return svc.Add(ctx, agent, cart.AddRequest{ServiceID: "svc-none"}, nil) }, apperr.NotFound, "", 0, 0},
			{"an unknown package name", func() (cart.CartView, error) {
				name := "No Such Package"
				return svc.Add(ctx, agent, cart.AddRequest{ServiceID: add.ServiceID, PriceCents: &price}, &name)
			}, apperr.Invalid, "", 0, 0},
		}
		for _, st := range steps {
			v, err := st.run()
			if apperr.CodeOf(err) != st.code && !(st.code == "" && err == nil) {
				t.Fatalf("%s: %v", st.name, err)
			}
			if err == nil && (v.Event != st.event || v.LineCount != st.lines || v.ItemCount != st.itemCount) {
				t.Fatalf("%s: event %q lines %d items %d", st.name, v.Event, v.LineCount, v.ItemCount)
			}
		}
		v, _ := svc.View(ctx, agent, "")
		id := v.Items[0].ID
		if _, err := svc.Update(ctx, agent, id, cart.UpdateRequest{Coverage: cart.CoveragePro}); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("Pro coverage without Pro: %v", err)
		}
		pro := agent
		pro.Pro = true
		if v, err := svc.Update(ctx, pro, id, cart.UpdateRequest{Coverage: cart.CoveragePro}); err != nil || v.Items[0].Coverage != cart.CoveragePro || v.Event != cart.EventUpdated {
			t.Fatalf("Pro coverage: %+v %v", v.Items, err)
		}
		if _, err := svc.Remove(ctx, cart.Shopper{UserID: "usr-demo-vendor"}, id); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("someone else's line: %v", err)
		}
		if _, err := svc.Update(ctx, cart.Shopper{UserID: "usr-demo-vendor"}, id, cart.UpdateRequest{Coverage: cart.CoverageRetail}); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("update someone else's line: %v", err)
		}
		if v, err := svc.Remove(ctx, agent, id); err != nil || v.LineCount != 0 || v.Event != cart.EventRemoved {
			t.Fatalf("remove: %+v %v", v, err)
		}
		if _, err := svc.Add(ctx, agent, add, nil); err != nil {
			t.Fatal(err)
		}
		if v, err := svc.Clear(ctx, agent); err != nil || v.LineCount != 0 || v.Event != cart.EventCleared {
			t.Fatalf("clear: %+v %v", v, err)
		}
	})
}
