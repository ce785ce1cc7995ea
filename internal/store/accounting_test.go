package store_test

import (
	"context"
	"testing"

	"circle/internal/accounting"
	"circle/internal/audit"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/store"
)

func mismatchOf(r accounting.Run, key, problem string) bool {
	for _, m := range r.Mismatches {
		if m.Key == key && m.Problem == problem {
			return true
		}
	}
	return false
}

// TestF_AREA_03_ReconciliationAfterTheDemoAndSeededMismatches (issue 31 item 7): the demo's
// money facts (orders, invoices, points spends) are in the money record from the import, so the
// reconciliation lists nothing; then an order marked paid behind the record's back, an entry
// whose order does not exist and an invoice whose amount was changed are each listed; the
// record refuses updates and deletes; a run started by an admin is audited; totals by day and
// month add up the same cents.
func TestF_AREA_03_ReconciliationAfterTheDemoAndSeededMismatches(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := &accounting.Service{Store: store.NewAccounting(db), Now: clk.Now, NewID: ids.New}
		entries, err := store.NewAccounting(db).MoneyEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) == 0 {
			t.Fatal("the demo wrote no money entries")
		}
		r, err := svc.Reconcile(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.MismatchCount != 0 || r.Checked != 2*len(entries) || r.Cause != accounting.CauseSchedule {
			t.Fatalf("after the demo: %d mismatches of %d checked (%s): %+v", r.MismatchCount, r.Checked, r.Cause, r.Mismatches)
		}

		b := db.Bun()
		// An order marked paid without its entry.
		// An order marked paid without its entry (written behind the store's back).
		paidAt := clk.Now()
		orderID := "ord-unrecorded"
		o := checkout.Order{ID: orderID, Number: "CIR-UNREC", UserID: storeAgent, Status: checkout.Paid, Currency: "USD", USDToCADRateE4: 13600,
			TotalCents: 12345, TotalUSDCents: 12345, RetailTotalUSDCents: 12345, Provider: "builtin", PaidAt: &paidAt, CreatedAt: paidAt, UpdatedAt: paidAt}
		if _, err := b.NewInsert().Model(&o).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		// An entry without its order.
		if _, err := b.ExecContext(ctx, `INSERT INTO money_entries (id, entry_key, kind, amount_cents, currency, points, user_id, order_id,
			source, source_id, provider, provider_ref, day, occurred_at, created_at) VALUES (?, 'charge:order:ord-ghost', 'charge', 500, 'USD', 0,
			'', 'ord-ghost', 'order', 'ord-ghost', '', '', ?, ?, ?)`, ids.New(), accounting.DayOf(clk.Now()), clk.Now(), clk.Now()); err != nil {
			t.Fatal(err)
		}
		// An invoice changed after its entry was written.
		var invoiceID string
		if err := b.NewRaw("SELECT id FROM billing_invoices WHERE status = 'paid' ORDER BY id LIMIT 1").Scan(ctx, &invoiceID); err != nil {
			t.Fatalf("no paid demo invoice: %v", err)
		}
		if _, err := b.ExecContext(ctx, "UPDATE billing_invoices SET amount_cents = amount_cents + 1 WHERE id = ?", invoiceID); err != nil {
			t.Fatal(err)
		}
		admin := audit.Actor{UserID: "usr-demo-admin"}
		r, err = svc.Reconcile(ctx, &admin)
		if err != nil {
			t.Fatal(err)
		}
		if !mismatchOf(r, "charge:order:"+orderID, accounting.ProblemMissingEntry) || !mismatchOf(r, "charge:order:ord-ghost", accounting.ProblemOrphanEntry) ||
			!mismatchOf(r, "invoice:"+invoiceID, accounting.ProblemAmountDiffers) || r.MismatchCount != 3 || r.Cause != accounting.CauseManual {
			t.Fatalf("seeded 3 mismatches, run found %d: %+v", r.MismatchCount, r.Mismatches)
		}
		last, err := svc.LatestRun(ctx)
		if err != nil || last.ID != r.ID || len(last.Mismatches) != 3 {
			t.Fatalf("latest run %+v (%v), want the manual one with its 3 mismatches", last, err)
		}
		var audited int
		if err := b.NewRaw("SELECT COUNT(*) FROM audit_log WHERE action = ? AND object_id = ?", accounting.ActionReconcile, r.ID).Scan(ctx, &audited); err != nil || audited != 1 {
			t.Fatalf("%d audit entries for the manual run (%v), want 1", audited, err)
		}

		// Append-only.
		if _, err := b.ExecContext(ctx, "UPDATE money_entries SET amount_cents = 0"); err == nil {
			t.Fatal("an entry was updated")
		}
		if _, err := b.ExecContext(ctx, "DELETE FROM money_entries"); err == nil {
			t.Fatal("an entry was deleted")
		}

		// Totals by day and by month sum to the same cents as the record.
		var want int64
		if err := b.NewRaw("SELECT CAST(SUM(amount_cents) AS BIGINT) FROM money_entries").Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		for _, grain := range []string{accounting.GrainDay, accounting.GrainMonth} {
			totals, err := svc.Totals(ctx, grain, accounting.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			var got int64
			for _, tt := range totals {
				got += tt.AmountCents
				if (grain == accounting.GrainMonth) != (len(tt.Period) == 7) {
					t.Fatalf("%s period %q", grain, tt.Period)
				}
			}
			if got != want {
				t.Fatalf("totals by %s sum to %d, the record to %d", grain, got, want)
			}
		}
		page, err := svc.Entries(ctx, accounting.Filter{Kind: accounting.KindSubscription, PageSize: 1, Desc: true})
		if err != nil || page.Total == 0 || len(page.Entries) != 1 || page.Entries[0].Kind != accounting.KindSubscription {
			t.Fatalf("subscription entries page %+v (%v)", page, err)
		}
		if _, err := svc.Entries(ctx, accounting.Filter{From: "2026-03-05", To: "2026-03-01"}); err == nil {
			t.Fatal("a range that ends before it starts was accepted")
		}
	})
}
