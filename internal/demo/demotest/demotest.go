// Package demotest opens throwaway databases with the demo data loaded, for the service tests
// that run against the demo accounts and catalogue on a fake clock.
package demotest

import (
	"context"
	"testing"
	"time"

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
	Load(t, db)
	return db
}

// Load loads the demo data into db as of db's clock (every demo account's password hash is
// "hash"): the first step of most service tests, which then work on the demo accounts and
// catalogue.
func Load(t testing.TB, db *store.DB) {
	t.Helper()
	if _, err := demo.Load(context.Background(), db, demo.Build(db.Now()), "hash"); err != nil {
		t.Fatalf("load the demo data: %v", err)
	}
}

// Each runs fn as a subtest on a fresh database of every engine (storetest.Each) with the demo
// data loaded (Load).
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		Load(t, db)
		fn(t, db)
	})
}

// EachOnClock runs fn as a parallel subtest on every engine, on a fresh database with the demo
// data (Open) whose fake clock starts at start: the set-up of the job and cache tests that
// move the clock.
func EachOnClock(t *testing.T, start time.Time, fn func(t *testing.T, db *store.DB, clk *clocktest.Clock)) {
	t.Helper()
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			clk := clocktest.New(start)
			fn(t, Open(t, kind, clk), clk)
		})
	}
}
