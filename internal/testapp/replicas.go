package testapp

import (
	"context"
	"testing"

	"circle/internal/store"
	"circle/internal/store/storetest"
)

// StartReplicas runs n servers on one fresh database of the given engine, as n replicas behind
// a load balancer: each has its own connection pool, caches, rate limiter and jobs runner, and
// they share nothing but the database (and Redis when the configuration names one). opts gives
// the options of replica i (nil: none).
func StartReplicas(t testing.TB, kind store.Kind, n int, opts func(i int) Options) []*App {
	t.Helper()
	url := storetest.URL(t, kind)
	out := make([]*App, n)
	for i := range n {
		var o Options
		if opts != nil {
			o = opts(i)
		}
		db, err := store.Open(context.Background(), url, storeOptions(o)...)
		if err != nil {
			t.Fatalf("testapp: open replica %d: %v", i, err)
		}
		t.Cleanup(func() { _ = db.Close() })
		// Every replica migrates at start, as `circle serve` does; the second finds nothing to do.
		if _, err := db.Migrate(context.Background()); err != nil {
			t.Fatalf("testapp: migrate replica %d: %v", i, err)
		}
		out[i] = start(t, db, o)
	}
	return out
}
