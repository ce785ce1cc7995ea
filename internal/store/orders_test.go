package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/store"
)

// TestF_PAY_08_OneOpenCheckoutMigration: migration 0011 applied to a database that already has
// several pending orders of one user (the state issue 14 found) keeps the newest open, expires
// the others with their open payment pages, and then holds the rule: a second pending order of
// that user is refused.
func TestF_PAY_08_OneOpenCheckoutMigration(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		// Back to before 0011.
		for _, stmt := range []string{"DROP INDEX orders_one_open_per_user_idx", "DROP INDEX orders_pending_created_idx",
			"DROP TABLE order_refunds", "DELETE FROM schema_migrations WHERE version = 11"} {
			if _, err := db.Bun().ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		const user = "usr-demo-agent"
		now := clk.Now()
		var ids []string
		for i, id := range []string{"ord-old", "ord-mid", "ord-new"} {
			at := now.Add(time.Duration(i) * time.Minute)
			o := checkout.Order{ID: id, Number: "CIR-MIGR00000" + string(rune('0'+i)), UserID: user, Status: checkout.Pending, Currency: "USD",
				TotalCents: 19_00, TotalUSDCents: 19_00, Provider: "stripe", CreatedAt: at, UpdatedAt: at}
			if err := store.NewCheckout(db).InsertOrder(ctx, o, nil); err != nil {
				t.Fatal(err)
			}
			oid := id
			if err := store.NewCheckout(db).InsertPaymentSession(ctx, checkout.PaymentSession{ID: "cs_" + id, Provider: "stripe", Kind: checkout.KindOrder,
				UserID: user, OrderID: &oid, Status: checkout.SessionOpen, Currency: "USD", AmountCents: 19_00, URL: "https://pay.example/" + id,
				ExpiresAt: at.Add(23 * time.Hour), CreatedAt: at, UpdatedAt: at}); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if n, err := db.Migrate(ctx); err != nil || n != 1 {
			t.Fatalf("migrate: applied %d, %v", n, err)
		}
		want := map[string]checkout.Status{"ord-old": checkout.Expired, "ord-mid": checkout.Expired, "ord-new": checkout.Pending}
		for _, id := range ids {
			o, err := store.NewCheckout(db).OrderByID(ctx, id)
			if err != nil || o.Status != want[id] {
				t.Fatalf("%s: %s %v, want %s", id, o.Status, err, want[id])
			}
			s, err := store.NewCheckout(db).PaymentSessionByID(ctx, "cs_"+id)
			wantSess := checkout.SessionExpired
			if id == "ord-new" {
				wantSess = checkout.SessionOpen
			}
			if err != nil || s.Status != wantSess {
				t.Fatalf("page of %s: %s %v, want %s", id, s.Status, err, wantSess)
			}
		}
		dup := checkout.Order{ID: "ord-dup", Number: "CIR-MIGRDUP000", UserID: user, Status: checkout.Pending, Currency: "USD", Provider: "stripe",
			CreatedAt: now, UpdatedAt: now}
		if err := store.NewCheckout(db).InsertOrder(ctx, dup, nil); err == nil {
			t.Fatal("a second pending order was stored after the migration")
		}
	})
}
