package store_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"circle/internal/cart"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/store"
)

// TestInTxIsTheOnlyWayToOpenATransaction: no Go file but store/db.go opens a transaction itself
// (ADR 0007), so every transaction is marked for payments.Guard and refuses nesting.
func TestInTxIsTheOnlyWayToOpenATransaction(t *testing.T) {
	opens := regexp.MustCompile(`\.(RunInTx|BeginTx|Begin)\(`)
	root := filepath.Join("..", "..")
	checked := 0
	for _, dir := range []string{"cmd", "internal", "scripts"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			if filepath.ToSlash(path) == "../../internal/store/db.go" {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			if loc := opens.FindIndex(src); loc != nil {
				line := strings.Count(string(src[:loc[0]]), "\n") + 1
				t.Errorf("%s:%d opens a transaction itself; use store.(*DB).InTx", path, line)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d files: is the walk rooted at the repository?", checked)
	}
}

// TestInTx: the transaction's context is marked (adapters check it) and carries the
// transaction, a transaction opened inside another is refused, and fn's error rolls back what
// was written with fn's ctx.
func TestInTx(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		demotest.Load(t, db)
		if store.InsideTx(ctx) {
			t.Fatal("a plain context reads as inside a transaction")
		}
		sawInside := false
		err := db.InTx(ctx, func(ctx context.Context) error {
			sawInside = store.InsideTx(ctx)
			return db.InTx(ctx, func(context.Context) error { return nil })
		})
		if !sawInside || !errors.Is(err, store.ErrNestedTx) {
			t.Fatalf("inside: %v, nested: %v", sawInside, err)
		}
		boom := errors.New("boom")
		outer := ctx
		err = db.InTx(ctx, func(ctx context.Context) error {
			if _, err := store.NewCarts(db).UpsertCartItem(ctx, cart.Item{ID: ids.New(), UserID: storeAgent, ServiceID: storeHDR, Quantity: 1, PriceKind: "retail",
				UnitPriceCents: 225_00, CreatedAt: db.Now(), UpdatedAt: db.Now()}); err != nil {
				return err
			}
			// The transaction rides in the ctx: a method called with fn's ctx sees the
			// uncommitted line, one called with the outer ctx runs on the pool and does not.
			inside, err := store.NewCarts(db).CartItems(ctx, storeAgent)
			if err != nil || len(inside) != 1 {
				t.Errorf("with the transaction's ctx: %d lines, %v; want 1", len(inside), err)
			}
			outside, err := store.NewCarts(db).CartItems(outer, storeAgent)
			if err != nil || len(outside) != 0 {
				t.Errorf("with the outer ctx: %d lines, %v; want 0", len(outside), err)
			}
			return boom
		})
		items, _ := store.NewCarts(db).CartItems(ctx, storeAgent)
		if !errors.Is(err, boom) || len(items) != 0 {
			t.Fatalf("rolled back: %v, lines left %d", err, len(items))
		}
	})
}
