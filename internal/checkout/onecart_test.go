package checkout_test

import (
	"context"
	"testing"

	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// addHDR puts qty HDR lines (retail) in the agent's cart and returns the line's id.
func (f fixture) addHDR(t *testing.T, ctx context.Context, qty int) string {
	t.Helper()
	price := int64(225_00)
	v, err := f.cart.Add(ctx, cart.Shopper{UserID: agentID}, cart.AddRequest{ServiceID: svcHDR, PriceCents: &price, Coverage: cart.CoverageRetail, Quantity: qty}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return v.Items[0].ID
}

// setQty changes the quantity of a cart line.
func (f fixture) setQty(t *testing.T, ctx context.Context, id string, qty int) {
	t.Helper()
	if _, err := f.cart.Update(ctx, cart.Shopper{UserID: agentID}, id, cart.UpdateRequest{Quantity: &qty}); err != nil {
		t.Fatal(err)
	}
}

// pay applies a provider's "paid" event for a payment page.
func (f fixture) pay(ctx context.Context, c checkout.Checkout) error {
	_, err := f.checkout.ApplyEvent(ctx, payments.Fact{EventID: "evt_paid_" + c.SessionID, Type: "checkout.session.completed", Created: f.clock.Now(),
		SessionID: c.SessionID, Kind: "order", Ref: c.Order.ID, Outcome: payments.OutcomePaid, PaymentIntentID: "pi_" + c.SessionID, CardLast4: "4242"})
	return err
}

// checkoutAtOnce starts n checkouts of buyer's cart at the same moment (n tabs pressing Pay) and
// returns them in order, failing the test on any refusal: the race the one-order-per-cart
// tests are about.
func (f fixture) checkoutAtOnce(t *testing.T, ctx context.Context, buyer checkout.Buyer, n int) []checkout.Checkout {
	t.Helper()
	got, errs := racetest.RunErr(n, func(int) (checkout.Checkout, error) { return f.checkout.CreateCheckout(ctx, buyer) })
	for i, err := range errs {
		if err != nil {
			t.Fatalf("checkout %d: %v", i, err)
		}
	}
	return got
}

func countRows(t *testing.T, db *store.DB, table, where string, args ...any) int {
	t.Helper()
	n, err := db.Bun().NewSelect().Table(table).Where(where, args...).Count(context.Background())
	if err != nil {
		t.Fatalf("count %s: %v", table, err)
	}
	return int(n)
}

// TestF_PAY_08_OneCartOnePayment is the acceptance test of issue 14 item 2: 20 concurrent
// checkouts of one unchanged cart share one order and one payment page; after the cart changed
// 19 times (each checkout expiring the page before it), every page ever handed out is paid at
// once: one order is paid and the 19 late payments are refunded through the provider and
// recorded.
func TestF_PAY_08_OneCartOnePayment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		line := f.addHDR(t, ctx, 1)

		got := f.checkoutAtOnce(t, ctx, checkout.Buyer{UserID: agentID, Email: "agent@example.com"}, 20)
		for i := range got {
			if got[i].SessionID != got[0].SessionID || got[i].URL != got[0].URL || got[i].Order.ID != got[0].Order.ID || got[i].Order.TotalCents != 225_00 {
				t.Fatalf("checkout %d did not reuse the open one: %+v vs %+v", i, got[i], got[0])
			}
		}
		if n := countRows(t, db, "orders", "user_id = ?", agentID); n != 1 {
			t.Fatalf("20 checkouts of one cart made %d orders", n)
		}
		// The database itself refuses a second open checkout of the cart.
		dup := got[0].Order
		dup.ID, dup.Number, dup.Items = "ord-dup", "CIR-DUP0000000", nil
		if err := store.NewCheckout(db).InsertOrder(ctx, dup, nil); err == nil {
			t.Fatal("a second pending order of one user was stored")
		}

		// The cart changes 19 times; each checkout expires the one before it.
		sessions := []checkout.Checkout{got[0]}
		for i := 0; i < 19; i++ {
			f.setQty(t, ctx, line, 2+i%2)
			c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID, Email: "agent@example.com"})
			if err != nil {
				t.Fatal(err)
			}
			if c.SessionID == sessions[len(sessions)-1].SessionID {
				t.Fatalf("a changed cart reused the page of the old amount")
			}
			sessions = append(sessions, c)
		}
		if n := countRows(t, db, "orders", "user_id = ? AND status = ?", agentID, checkout.Pending); n != 1 {
			t.Fatalf("%d pending orders, want 1", n)
		}
		if n := countRows(t, db, "checkout_sessions", "user_id = ? AND kind = 'order' AND status = 'open'", agentID); n != 1 {
			t.Fatalf("%d open payment pages, want 1", n)
		}

		// Every page ever handed out is paid, all at once.
		for i, err := range racetest.Run(len(sessions), func(i int) error { return f.pay(ctx, sessions[i]) }) {
			if err != nil {
				t.Errorf("pay %s: %v", sessions[i].SessionID, err)
			}
		}
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		paid := countRows(t, db, "orders", "user_id = ? AND status = ?", agentID, checkout.Paid)
		refunded := countRows(t, db, "orders", "user_id = ? AND status = ?", agentID, checkout.Refunded)
		refunds := countRows(t, db, "order_refunds", "user_id = ?", agentID)
		calls := map[string]int{}
		for _, c := range f.fake.Calls() {
			calls[c]++
		}
		if paid != 1 || refunded != 19 || refunds != 19 || calls["refund"] != 19 {
			t.Fatalf("paid %d, refunded orders %d, refund records %d, provider refunds %d; want 1, 19, 19, 19", paid, refunded, refunds, calls["refund"])
		}
		// Each replaced page was also expired at the provider, once.
		if calls["expire checkout"] != 19 {
			t.Fatalf("%d pages expired at the provider, want 19", calls["expire checkout"])
		}
		last := sessions[len(sessions)-1]
		if o, _ := f.checkout.Order(ctx, agentID, false, last.Order.ID); o.Status != checkout.Paid {
			t.Fatalf("the open page's order is %s, want paid", o.Status)
		}
	})
}

// TestF_PAY_08_PayingKeepsUnpaidQuantity: raising a line from 1 to 5 after checkout, then
// paying the page of 1, leaves the 4 unpaid units in the cart; paying a whole line removes it.
func TestF_PAY_08_PayingKeepsUnpaidQuantity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		line := f.addHDR(t, ctx, 1)
		c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID})
		if err != nil {
			t.Fatal(err)
		}
		f.setQty(t, ctx, line, 5)
		if err := f.pay(ctx, c); err != nil {
			t.Fatal(err)
		}
		items, _ := store.NewCarts(db).CartItems(ctx, agentID)
		if len(items) != 1 || items[0].Quantity != 4 {
			t.Fatalf("cart after paying 1 of 5: %+v", items)
		}
		c2, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID})
		if err != nil || c2.Order.TotalCents != 4*225_00 {
			t.Fatalf("checkout of the rest: %+v %v", c2.Order, err)
		}
		if err := f.pay(ctx, c2); err != nil {
			t.Fatal(err)
		}
		if items, _ := store.NewCarts(db).CartItems(ctx, agentID); len(items) != 0 {
			t.Fatalf("cart after paying all: %+v", items)
		}
	})
}
