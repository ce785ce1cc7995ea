package checkout_test

import (
	"context"
	"reflect"
	"testing"

	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// Issue 26 item 4 (one way to buy): adding to the cart and checking out read each row once per
// request: the cart's lines, their services, vendors and packages, and the new order (which
// used to be read three times after it was written, and its cart priced twice).
func TestIssue26_AddAndCheckoutReadEachRowOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		counter := storetest.CountSelects(db)
		sh := cart.Shopper{UserID: agentID}
		hdr := int64(225_00)
		add := cart.AddRequest{ServiceID: svcHDR, PriceCents: &hdr, Coverage: cart.CoverageRetail, Quantity: 1}
		if _, err := f.cart.Add(ctx, sh, add, nil); err != nil {
			t.Fatal(err)
		}
		var view cart.CartView
		reads := counter.Count(func() {
			var err error
			if view, err = f.cart.Add(ctx, sh, add, nil); err != nil {
				t.Fatal(err)
			}
		})
		if len(view.Items) != 1 || view.Items[0].Quantity != 2 || view.Event != cart.EventUpdated || view.Subtotal.Cents != 2*hdr {
			t.Fatalf("cart after a second add: %+v", view)
		}
		for table, want := range map[string]int{"cart_items": 1, "services": 1, "vendors": 1, "service_packages": 1} {
			if reads[table] != want {
				t.Errorf("add read %s %d times, want %d (all reads: %v)", table, reads[table], want, reads)
			}
		}

		var c checkout.Checkout
		reads = counter.Count(func() {
			var err error
			if c, err = f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID, Email: "agent@example.com"}); err != nil {
				t.Fatal(err)
			}
		})
		if c.Order.Status != checkout.Pending || c.Order.TotalCents != 2*hdr || c.Order.CheckoutSessionID != c.SessionID || len(c.Order.Items) != 1 {
			t.Fatalf("checkout: %+v", c)
		}
		stored, err := f.checkout.Order(ctx, agentID, false, c.Order.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := c.Order.View(), stored.View(); !sameOrderView(got, want) {
			t.Fatalf("checkout answered %+v, stored %+v", got, want)
		}
		// orders: the open order of the cart (none), then the new one under its lock when its
		// payment page is recorded.
		for table, want := range map[string]int{"cart_items": 1, "services": 1, "vendors": 1, "service_packages": 1, "orders": 2, "order_items": 0} {
			if reads[table] != want {
				t.Errorf("checkout read %s %d times, want %d (all reads: %v)", table, reads[table], want, reads)
			}
		}
	})
}

// sameOrderView compares two views of an order (times as instants, whatever their location).
func sameOrderView(a, b checkout.OrderView) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) || !a.UpdatedAt.Equal(b.UpdatedAt) {
		return false
	}
	a.CreatedAt, a.UpdatedAt = b.CreatedAt, b.UpdatedAt
	if len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Items {
		if a.Items[i] != b.Items[i] {
			return false
		}
	}
	a.Items, b.Items = nil, nil
	return reflect.DeepEqual(a, b)
}
