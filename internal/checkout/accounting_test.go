package checkout_test

import (
	"context"
	"testing"

	"circle/internal/accounting"
	"circle/internal/audit"
	"circle/internal/checkout"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// moneyEntries reads the money record's entries of one kind for an order.
func moneyEntries(t *testing.T, db *store.DB, orderID, kind string) []int64 {
	t.Helper()
	var out []int64
	if err := db.Bun().NewRaw("SELECT amount_cents FROM money_entries WHERE order_id = ? AND kind = ? ORDER BY id", orderID, kind).
		Scan(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func reconcile(t *testing.T, f fixture) accounting.Run {
	t.Helper()
	svc := &accounting.Service{Store: store.NewAccounting(f.db), Now: f.clock.Now, NewID: ids.New}
	r, err := svc.Reconcile(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestF_AREA_03_MoneyRecordFollowsPaymentsAndRefunds (issue 31 item 7): an order paid with
// cash and points writes exactly one charge entry and one points spend entry, in the payment's
// transaction; the paid webhook delivered again writes nothing more; a staff refund, asked
// twice, refunds once through the provider, writes one negative refund entry, gives the points
// back (a points reversal entry), and its vendor point charges are refunded (vendor entries);
// the audit log has the refund once; and the reconciliation finds nothing to list.
func TestF_AREA_03_MoneyRecordFollowsPaymentsAndRefunds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		f.withPoints(t)
		f.addPoints(t, ctx, svcHDR, 189_00, 1)
		c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Email: "pro@example.com", Pro: true})
		if err != nil {
			t.Fatal(err)
		}
		o := c.Order
		for range 2 { // the same webhook delivered twice
			if err := f.pay(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := moneyEntries(t, db, o.ID, accounting.KindCharge); len(got) != 1 || got[0] != o.TotalCents || o.TotalCents != 94_00 {
			t.Fatalf("charge entries %v, want one of %d (94_00)", got, o.TotalCents)
		}
		if n := countRows(t, db, "money_entries", "kind = ? AND user_id = ? AND points = ?", accounting.KindPointsSpend, proID, -95); n != 1 {
			t.Fatalf("%d points spend entries of -95 points, want 1", n)
		}
		if n := countRows(t, db, "money_entries", "kind = ? AND order_id = ?", accounting.KindVendorCharge, o.ID); n == 0 {
			t.Fatal("no vendor charge entry after the vendors were charged")
		}
		if r := reconcile(t, f); r.MismatchCount != 0 {
			t.Fatalf("after the payment: %d mismatches %+v", r.MismatchCount, r.Mismatches)
		}

		admin := audit.Actor{UserID: "usr-demo-admin", RequestID: "req-1"}
		first, err := (&checkout.Refunds{Checkout: f.checkout}).RefundOrder(ctx, admin, o.ID, "customer asked")
		if err != nil {
			t.Fatal(err)
		}
		again, err := (&checkout.Refunds{Checkout: f.checkout}).RefundOrder(ctx, admin, o.ID, "customer asked")
		if err != nil {
			t.Fatal(err)
		}
		if first.Replayed || first.Order.Status != checkout.Refunded || first.PointsBack != 95 || !again.Replayed {
			t.Fatalf("refund %+v then %+v; want refunded with 95 points back, then replayed", first, again)
		}
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := moneyEntries(t, db, o.ID, accounting.KindRefund); len(got) != 1 || got[0] != -o.TotalCents {
			t.Fatalf("refund entries %v, want one of %d", got, -o.TotalCents)
		}
		if b := balance(t, db); b != 2500 {
			t.Fatalf("balance %d after the refund, want 2500", b)
		}
		if n := countRows(t, db, "money_entries", "kind = ? AND user_id = ? AND points = ?", accounting.KindPointsReversal, proID, 95); n != 1 {
			t.Fatalf("%d points reversal entries of 95, want 1", n)
		}
		if n := countRows(t, db, "order_refunds", "order_id = ? AND reason = ?", o.ID, checkout.RefundReasonStaff); n != 1 {
			t.Fatalf("%d staff refund records, want 1", n)
		}
		if n := countRows(t, db, "audit_log", "action = ? AND object_id = ? AND actor_id = ?", checkout.ActionRefund, o.ID, admin.UserID); n != 1 {
			t.Fatalf("%d audit entries of the refund, want 1", n)
		}
		// Stripe's own charge.refunded for the refund arrives later and changes nothing more.
		if _, err := f.checkout.ApplyEvent(ctx, payments.Fact{EventID: "evt_refunded_" + o.ID, Type: "charge.refunded", Created: f.clock.Now(),
			Outcome: payments.OutcomeRefunded, PaymentIntentID: "pi_" + c.SessionID}); err != nil {
			t.Fatal(err)
		}
		if got := moneyEntries(t, db, o.ID, accounting.KindRefund); len(got) != 1 {
			t.Fatalf("refund entries %v after the provider's event, want still one", got)
		}
		if n := countRows(t, db, "money_entries", "kind = ? AND order_id = ?", accounting.KindVendorRefund, o.ID); n == 0 {
			t.Fatal("no vendor refund entry after the order's refund")
		}
		if r := reconcile(t, f); r.MismatchCount != 0 {
			t.Fatalf("after the refund: %d mismatches %+v", r.MismatchCount, r.Mismatches)
		}

		// Only a paid order is refunded.
		f.addPoints(t, ctx, svcHDR, 189_00, 1)
		pending, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: proID, Email: "pro@example.com", Pro: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (&checkout.Refunds{Checkout: f.checkout}).RefundOrder(ctx, admin, pending.Order.ID, "x"); err == nil {
			t.Fatal("a pending order was refunded")
		}
	})
}

// TestF_AREA_03_ReconciliationJobRunsHourly: the recurring job reconciles once per hour of the
// (fake) clock, whatever the number of passes of the runner within the hour.
func TestF_AREA_03_ReconciliationJobRunsHourly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameBuiltIn)
		accounting.RegisterJobs(f.jobs, &accounting.Service{Store: store.NewAccounting(db), Now: f.clock.Now, NewID: ids.New})
		for range 3 {
			if _, err := f.jobs.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := countRows(t, db, "money_reconciliations", "cause = ?", accounting.CauseSchedule); n != 1 {
			t.Fatalf("%d runs within the first hour, want 1", n)
		}
		f.clock.Advance(accounting.ReconcileEvery)
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if n := countRows(t, db, "money_reconciliations", "cause = ? AND mismatch_count = 0", accounting.CauseSchedule); n != 2 {
			t.Fatalf("%d clean runs after an hour, want 2", n)
		}
	})
}
