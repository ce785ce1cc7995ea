// Package demotest opens throwaway databases with the demo data loaded, for the service tests
// that run against the demo accounts and catalogue on a fake clock.
package demotest

import (
	"context"
	"testing"

	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// Open opens a throwaway database of kind (storetest.Open) whose clock is clk, and loads the
// demo data as of clk's time (every demo account's password hash is "hash").
func Open(t testing.TB, kind store.Kind, clk *clocktest.Clock) *store.DB {
	t.Helper()
	db := storetest.Open(t, kind, store.WithClock(clk.Now))
	if _, err := demo.Load(context.Background(), db, demo.Build(clk.Now()), "hash"); err != nil {
		t.Fatalf("load the demo data: %v", err)
	}
	return db
}
