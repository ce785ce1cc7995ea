package store_test

import (
	"context"
	"testing"

	"circle/internal/account"
	"circle/internal/store"
)

func TestPointsBalanceIsTheSumOfTheLedger(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := newUser(t, db, "points@example.com", account.Profile{DisplayName: "Points"})
		if b, err := store.NewPoints(db).PointsBalance(ctx, u.ID); err != nil || b != 0 {
			t.Fatalf("empty ledger: %d %v", b, err)
		}
		for _, e := range []struct {
			delta     int64
			reason    string
			reference string
			added     bool
		}{
			{500, "award", "order-1", true},
			{500, "award", "order-1", false}, // a retried award counts once
			{250, "award", "order-2", true},
			{-100, "redeem", "", true},
			{-100, "redeem", "", true}, // entries without a reference are all kept
		} {
			added, err := store.NewPoints(db).AddPoints(ctx, u.ID, e.delta, e.reason, e.reference)
			if err != nil || added != e.added {
				t.Fatalf("add %+v: added=%v err=%v", e, added, err)
			}
		}
		if b, err := store.NewPoints(db).PointsBalance(ctx, u.ID); err != nil || b != 550 {
			t.Fatalf("balance: %d %v, want 550", b, err)
		}
		if _, err := store.NewPoints(db).AddPoints(ctx, u.ID, 0, "award", "x"); err == nil {
			t.Fatal("a zero entry was accepted")
		}
	})
}
