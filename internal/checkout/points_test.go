package checkout_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/payments"
	"circle/internal/points"
	"circle/internal/pointspay"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

const proID = demo.WalletProAgent // 2,500 points from Harborline and ClosingBell

// withPoints wires the points ledger into the fixture as app/wire.go does; vendors are charged
// through the built-in provider.
func (f fixture) withPoints(t *testing.T) *pointspay.Ledger {
	t.Helper()
	l := &pointspay.Ledger{Store: store.NewPointsPay(f.db), Jobs: f.jobs, Payments: &payments.BuiltIn{}, Now: f.clock.Now, Logger: f.checkout.Logger}
	f.checkout.Points = l
	pointspay.RegisterJobs(f.jobs, l)
	return l
}

func balance(t *testing.T, db *store.DB) int64 {
	t.Helper()
	b, err := store.NewPoints(db).PointsBalance(context.Background(), proID)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sspService finds an active service of a settlement service provider with a Pro price, bought
// as itself (no packages, no quote): points pay all of it (02§5).
func sspService(t *testing.T, db *store.DB) (id string, pro int64) {
	t.Helper()
	err := db.Bun().NewRaw(`SELECT s.id, s.pro_price_cents FROM services s JOIN vendors v ON v.id = s.vendor_id
		WHERE v.vendor_type IN ('lender', 'title_company', 'mortgage_lender', 'escrow_company', 'mortgage_broker') AND s.pro_price_cents > 0
		AND s.pro_price_cents <= 150000 AND s.requires_quote = ? AND s.is_active = ? ORDER BY s.id LIMIT 1`, false, true).Scan(context.Background(), &id, &pro)
	if err != nil {
		t.Fatalf("no SSP service in the demo: %v", err)
	}
	return id, pro
}

func (f fixture) addPoints(t *testing.T, ctx context.Context, serviceID string, price int64, qty int) {
	t.Helper()
	if _, err := f.cart.Add(ctx, cart.Shopper{UserID: proID, Pro: true}, cart.AddRequest{ServiceID: serviceID, PriceCents: &price, Coverage: cart.CoveragePoints, Quantity: qty}, nil); err != nil {
		t.Fatal(err)
	}
}

// TestF_PAY_07_CheckoutWithPoints: a points line of a photographer's service (not a settlement
// provider: points capped at 50% of the Pro price, 02§5 line 169) records its points per line;
// the payment page charges only the cash share; 20 concurrent checkouts of the same cart spend
// once (idempotency key order:{id}); paying makes the vendor charges, charged through the
// provider; a refund, delivered twice, gives the points back once and refunds the vendors.
func TestF_PAY_07_CheckoutWithPoints(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		f.withPoints(t)
		f.addPoints(t, ctx, svcHDR, 189_00, 2)
		buyer := checkout.Buyer{UserID: proID, Email: "pro@example.com", Pro: true}

		got := f.checkoutAtOnce(t, ctx, buyer, 20)
		for i := range got {
			if got[i].Order.ID != got[0].Order.ID {
				t.Fatalf("checkout %d made another order", i)
			}
		}
		o := got[0].Order
		// $189: 95 points per unit (ceil of 50% of $189), paying $95; cash $94 a unit.
		if o.PointsUsed != 190 || o.TotalCents != 2*94_00 || o.Items[0].PointsUsed != 190 || o.Items[0].PointsUSDCents != 190_00 || o.Items[0].LineTotalCents != 188_00 {
			t.Fatalf("order %+v line %+v", o, *o.Items[0])
		}
		if n := countRows(t, db, "point_spends", "agent_id = ? AND idempotency_key = ?", proID, checkout.PointsKey(o.ID)); n != 1 {
			t.Fatalf("%d spends for the order, want 1", n)
		}
		if b := balance(t, db); b != 2500-190 {
			t.Fatalf("balance %d after checkout, want 2310", b)
		}
		lines := checkout.OrderLineItems(o.Items, "en")
		if len(lines) != 1 || lines[0].UnitAmountCents != 94_00 || lines[0].Quantity != 2 {
			t.Fatalf("payment page lines %+v, want the cash share", lines)
		}

		if err := f.pay(ctx, got[0]); err != nil {
			t.Fatal(err)
		}
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		charged := countRows(t, db, "vendor_point_charges", "agent_id = ? AND status = ?", proID, pointspay.ChargeCharged)
		var sum int64
		if err := db.Bun().NewRaw("SELECT COALESCE(SUM(points), 0) FROM vendor_point_charges WHERE agent_id = ?", proID).Scan(ctx, &sum); err != nil || sum != 190 || charged == 0 {
			t.Fatalf("vendor charges: %d charged, %d points (%v); want all 190 charged", charged, sum, err)
		}

		for _, id := range []string{"evt_refund_1", "evt_refund_2"} {
			if _, err := f.checkout.ApplyEvent(ctx, payments.Fact{EventID: id, Type: "charge.refunded", Created: f.clock.Now(),
				Outcome: payments.OutcomeRefunded, PaymentIntentID: "pi_" + got[0].SessionID}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if st, _ := f.checkout.Order(ctx, proID, false, o.ID); st.Status != checkout.Refunded {
			t.Fatalf("order %s, want refunded", st.Status)
		}
		if b := balance(t, db); b != 2500 {
			t.Fatalf("balance %d after the refund, want 2500", b)
		}
		if n := countRows(t, db, "points_ledger", "user_id = ? AND reason = ? AND spend_id IS NOT NULL AND reference LIKE ?", proID, points.ReasonReversal, "%"); n != countRows(t, db, "points_ledger", "spend_id IN (SELECT id FROM point_spends WHERE idempotency_key = ?) AND reason = ?", checkout.PointsKey(o.ID), points.ReasonSpend)+1 {
			// +1: the demo's own refunded spend.
			t.Fatalf("%d reversal rows: a refund delivered twice reversed twice", n)
		}
		if n := countRows(t, db, "vendor_point_charges", "agent_id = ? AND status = ?", proID, pointspay.ChargeRefunded); n != charged {
			t.Fatalf("%d vendor charges refunded, want %d", n, charged)
		}
	})
}

// TestF_PAY_07_PointsOnlyOrderPaidAtOnce: a settlement provider's service paid with points in
// full (02§5: points needed = the price, rounded up) needs no payment page: the order is paid
// at once, leaves the cart and the provider is never called.
func TestF_PAY_07_PointsOnlyOrderPaidAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		f.withPoints(t)
		svc, pro := sspService(t, db)
		f.addPoints(t, ctx, svc, pro, 1)
		c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Pro: true})
		if err != nil {
			t.Fatal(err)
		}
		want := (pro + 99) / 100
		if c.Order.Status != checkout.Paid || c.Order.TotalCents != 0 || c.Order.PointsUsed != want || c.SessionID != "" || c.URL != "http://circle.test/orders?paid="+c.Order.ID {
			t.Fatalf("points-only checkout: %+v", c)
		}
		if calls := f.fake.Calls(); len(calls) != 0 {
			t.Fatalf("the provider was called: %v", calls)
		}
		if items, _ := store.NewCarts(db).CartItems(ctx, proID); len(items) != 0 {
			t.Fatalf("cart after a points-only order: %+v", items)
		}
		if b := balance(t, db); b != 2500-want {
			t.Fatalf("balance %d, want %d", b, 2500-want)
		}
	})
}

// TestF_PAY_07_PointsCheckoutRefusals: not enough points is the spec's "Insufficient Balance"
// naming the points field, and no order is made; a non-member cannot check out a points line
// (Pro Member Required); an order that expires (the cart changed) gives its points back once.
func TestF_PAY_07_PointsCheckoutRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		f.withPoints(t)
		f.addPoints(t, ctx, svcHDR, 189_00, 30) // 30 x 95 = 2,850 points > 2,500
		_, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Pro: true})
		if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields[0].Field != "points" || e.Fields[0].Message != points.MsgInsufficientBalance {
			t.Fatalf("too many points: %v", err)
		}
		if n := countRows(t, db, "orders", "user_id = ?", proID); n != 0 {
			t.Fatalf("%d orders made without the points", n)
		}
		_, err = f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Pro: false})
		if e, ok := apperr.As(err); !ok || e.Code != apperr.Forbidden {
			t.Fatalf("non-member: %v", err)
		}

		items, _ := store.NewCarts(db).CartItems(ctx, proID)
		f.setQtyOf(t, ctx, proID, items[0].ID, 2)
		c1, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Pro: true})
		if err != nil || balance(t, db) != 2500-190 {
			t.Fatalf("checkout of 2: %v, balance %d", err, balance(t, db))
		}
		f.setQtyOf(t, ctx, proID, items[0].ID, 1)
		c2, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Pro: true})
		if err != nil || c2.Order.ID == c1.Order.ID || balance(t, db) != 2500-95 {
			t.Fatalf("checkout of 1 after the change: %v, balance %d, want 2405", err, balance(t, db))
		}
		if st, _ := f.checkout.Order(ctx, proID, false, c1.Order.ID); st.Status != checkout.Expired {
			t.Fatalf("the first order is %s, want expired", st.Status)
		}
		// The sweeper expires the second order after a day: its points come back too, once.
		f.clock.Advance(checkout.SessionTTL + time.Minute)
		for range 2 {
			if err := f.checkout.ExpireAbandoned(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if b := balance(t, db); b != 2500 {
			t.Fatalf("balance %d after both orders ended, want 2500", b)
		}
	})
}

func (f fixture) setQtyOf(t *testing.T, ctx context.Context, user, id string, qty int) {
	t.Helper()
	if _, err := f.cart.Update(ctx, cart.Shopper{UserID: user, Pro: true}, id, cart.UpdateRequest{Quantity: &qty}); err != nil {
		t.Fatal(err)
	}
}
