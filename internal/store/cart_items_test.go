package store_test

import (
	"context"
	"testing"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/demo"
	"circle/internal/ids"
	"circle/internal/racetest"
	"circle/internal/store"
)

// addLine adds a cart line the way cart.Service does: lock the cart, check there is room, then
// insert or merge the line, in one transaction.
func addLine(ctx context.Context, db *store.DB, it cart.Item) (created bool, err error) {
	it.ID, it.CreatedAt, it.UpdatedAt = ids.New(), db.Now(), db.Now()
	err = db.InTx(ctx, func(ctx context.Context) error {
		current, err := store.NewCarts(db).LockCart(ctx, it.UserID)
		if err != nil {
			return err
		}
		if created, err = cart.Room(current, it); err != nil {
			return err
		}
		_, err = store.NewCarts(db).UpsertCartItem(ctx, it)
		return err
	})
	return created, err
}

// TestF_PAY_03_StoreCartUpsertUnderConcurrency: 20 simultaneous adds of the same line leave one
// line with the quantities added up to the cap of 99; the 51st distinct line is refused.
func TestF_PAY_03_StoreCartUpsertUnderConcurrency(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		d := demo.Build(db.Now())
		if _, err := demo.Load(ctx, db, d, "hash"); err != nil {
			t.Fatal(err)
		}
		_, errs := racetest.RunErr(20, func(int) (bool, error) {
			return addLine(ctx, db, cart.Item{UserID: storeAgent, ServiceID: storeHDR, Quantity: 5, PriceKind: "retail", UnitPriceCents: 225_00})
		})
		for _, err := range errs {
			if err != nil {
				t.Fatalf("concurrent add: %v", err)
			}
		}
		items, err := store.NewCarts(db).CartItems(ctx, storeAgent)
		if err != nil || len(items) != 1 || items[0].Quantity != 99 {
			t.Fatalf("after 20 adds of 5: %+v %v", items, err)
		}
		// Fill the cart to 50 lines; the 51st is refused, the same line again is not.
		for _, s := range d.Services {
			if n, _ := store.NewCarts(db).CartItems(ctx, storeAgent); len(n) >= cart.MaxLines {
				break
			}
			if s.Service.ID == storeHDR {
				continue
			}
			if _, err := addLine(ctx, db, cart.Item{UserID: storeAgent, ServiceID: s.Service.ID, Quantity: 1, PriceKind: "quote"}); err != nil {
				t.Fatal(err)
			}
		}
		if len(d.Services) > cart.MaxLines {
			_, err = addLine(ctx, db, cart.Item{UserID: storeAgent, ServiceID: d.Services[len(d.Services)-1].Service.ID, PackageID: "x", Quantity: 1, PriceKind: "quote"})
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("51st line: %v", err)
			}
		}
		if created, err := addLine(ctx, db, cart.Item{UserID: storeAgent, ServiceID: storeHDR, Quantity: 1, PriceKind: "retail", UnitPriceCents: 225_00}); err != nil || created {
			t.Fatalf("the same line in a full cart: %v %v", created, err)
		}
	})
}
