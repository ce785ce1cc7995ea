package checkout_test

import (
	"context"
	"fmt"
	"testing"

	"circle/internal/accounting"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

func sumEntries(t *testing.T, db *store.DB, orderID, kind string) int64 {
	t.Helper()
	var sum int64
	for _, c := range moneyEntries(t, db, orderID, kind) {
		sum += c
	}
	return sum
}

// TestF_AREA_03_PartialRefunds (issue 31 item 7): an administrator refunds parts of a paid
// order (94.00 cash and 95 points). The same idempotency key answers the same part once (one
// provider refund); the key reused for another amount is refused; eight parts of 40.00 racing
// against 64.00 left give exactly one success, on both engines; a part over what is left is
// refused; the part that completes the order refunds it (points back, no second refund entry),
// the money record's refunds sum to the order's total, and the reconciliation is clean. A full
// refund after a part gives back only what is left.
func TestF_AREA_03_PartialRefunds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		f.withPoints(t)
		r := &checkout.Refunds{Checkout: f.checkout, Store: store.NewRefunds(db)}
		admin := audit.Actor{UserID: "usr-demo-admin", RequestID: "req-1"}
		paid := func() checkout.Order {
			f.addPoints(t, ctx, svcHDR, 189_00, 1)
			c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Email: "pro@example.com", Pro: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := f.pay(ctx, c); err != nil {
				t.Fatal(err)
			}
			if _, err := f.jobs.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
			return c.Order
		}
		o := paid()
		if o.TotalCents != 94_00 || o.PointsUsed != 95 {
			t.Fatalf("order %d cents %d points, want 94_00 and 95", o.TotalCents, o.PointsUsed)
		}
		refunds := func() int {
			n := 0
			for _, c := range f.fake.Calls() {
				if c == "refund" {
					n++
				}
			}
			return n
		}
		part := func(key string, cents int64) (checkout.PartOutcome, error) {
			return r.RefundPart(ctx, admin, checkout.PartRequest{OrderID: o.ID, AmountCents: cents, Reason: "damaged photos", Key: key})
		}
		first, err := part("k1", 30_00)
		if err != nil || first.Replayed || first.Part.Status != checkout.PartSucceeded || first.Order.Status != checkout.Paid {
			t.Fatalf("first part %+v, %v", first, err)
		}
		// 30/94 of 95 points, rounded down.
		if first.Part.PointsShare != 30 {
			t.Fatalf("points share %d, want 30", first.Part.PointsShare)
		}
		again, err := part("k1", 30_00)
		if err != nil || !again.Replayed || again.Part.ID != first.Part.ID || refunds() != 1 {
			t.Fatalf("same key again: %+v, %v, %d provider refunds", again, err, refunds())
		}
		if _, err := part("k1", 10_00); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("key reused for another amount: %v, want conflict", err)
		}
		if _, err := r.RefundPart(ctx, admin, checkout.PartRequest{OrderID: o.ID, AmountCents: 5_00, LineIDs: []string{"x"}, Reason: "r", Key: "both"}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("amount and lines together: %v, want invalid", err)
		}

		ok, refused := racetest.WinsAndConflicts(t, 8, func(i int) error {
			_, err := part(fmt.Sprintf("race-%d", i), 40_00)
			return err
		})
		if ok != 1 || refused != 7 {
			t.Fatalf("racing parts: %d succeeded, %d refused; want 1 and 7", ok, refused)
		}
		left, err := r.Refundable(ctx, o.ID)
		if err != nil || left.RemainingCents != 24_00 {
			t.Fatalf("remaining %+v, %v; want 24_00", left.RemainingCents, err)
		}
		if _, err := part("over", 24_01); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("a part over what is left: %v, want conflict", err)
		}
		last, err := part("last", 24_00)
		if err != nil || !last.Completed || last.Order.Status != checkout.Refunded || last.Part.PointsShare != 95-30-40 {
			t.Fatalf("last part %+v, %v", last, err)
		}
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := sumEntries(t, db, o.ID, accounting.KindRefund); got != -94_00 {
			t.Fatalf("refund entries sum to %d, want -94_00", got)
		}
		if n := countRows(t, db, "money_entries", "entry_key = ?", "refund:order:"+o.ID); n != 0 {
			t.Fatal("a refund:order entry after the parts gave everything back")
		}
		if b := balance(t, db); b != 2500 {
			t.Fatalf("balance %d after the order was refunded in parts, want 2500", b)
		}
		if n := countRows(t, db, "audit_log", "action = ? AND object_id = ?", checkout.ActionRefundPart, o.ID); n != 3 {
			t.Fatalf("%d audit entries of parts, want 3", n)
		}
		if rec := reconcile(t, f); rec.MismatchCount != 0 {
			t.Fatalf("after the parts: %+v", rec.Mismatches)
		}

		// A full refund after a part gives back the rest.
		o = paid()
		if _, err := part("p", 10_00); err != nil {
			t.Fatal(err)
		}
		full, err := r.RefundOrder(ctx, admin, o.ID, "rest")
		if err != nil || full.AmountCents != 84_00 || full.Order.Status != checkout.Refunded {
			t.Fatalf("full refund after a part: %+v, %v", full, err)
		}
		if got := moneyEntries(t, db, o.ID, accounting.KindRefund); len(got) != 2 || got[0]+got[1] != -94_00 {
			t.Fatalf("refund entries %v, want -10_00 and -84_00", got)
		}
		if _, err := part("after", 1_00); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("a part of a refunded order: %v, want conflict", err)
		}
		if rec := reconcile(t, f); rec.MismatchCount != 0 {
			t.Fatalf("after the full refund: %+v", rec.Mismatches)
		}
	})
}
