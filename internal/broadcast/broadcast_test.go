package broadcast_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"circle/internal/broadcast"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// waitUntil polls cond until it holds or the deadline passes (a notification arrives
// asynchronously: the test waits for it, never for a fixed time).
func waitUntil(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > within {
			t.Fatalf("%s: not seen within %s", what, within)
		}
		time.Sleep(5 * time.Millisecond) // a poll interval
	}
}

// One process (SQLite): Publish calls the subscribers of its topic, and only those.
func TestLocalBusDeliversInProcess(t *testing.T) {
	b := broadcast.NewLocal(quiet)
	var catalog, other atomic.Int32
	b.Subscribe(broadcast.Catalog, func() { catalog.Add(1) })
	b.Subscribe("other", func() { other.Add(1) })
	b.Publish(broadcast.Catalog)
	if catalog.Load() != 1 || other.Load() != 0 {
		t.Fatalf("catalog %d, other %d; want 1, 0", catalog.Load(), other.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b.Listen(ctx) // returns at once: there is no one else to hear
}

type replica struct {
	bus  *broadcast.Bus
	db   *store.DB
	got  atomic.Int32
	stop func()
}

func startReplica(t *testing.T, url string) *replica {
	t.Helper()
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	bus, err := broadcast.NewPostgres(context.Background(), db.Bun().DB, quiet)
	if err != nil {
		t.Fatal(err)
	}
	r := &replica{bus: bus, db: db}
	bus.Subscribe(broadcast.Catalog, func() { r.got.Add(1) })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); bus.Listen(ctx) }()
	r.stop = func() { cancel(); <-done }
	t.Cleanup(r.stop)
	return r
}

// listening reports whether count sessions LISTEN on the replicas' channel.
func listening(t *testing.T, db *store.DB, count int) func() bool {
	return func() bool {
		var n int
		if err := db.Bun().DB.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN "circle_changes%'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == count
	}
}

// Replicas on one PostgreSQL database: a change published on one reaches the other's
// subscribers once (and its own at once, once); a dropped listening connection comes back and
// delivers every topic, since changes may have been missed meanwhile.
func TestPostgresBusReachesEveryReplica(t *testing.T) {
	url := storetest.URL(t, store.Postgres)
	a, b := startReplica(t, url), startReplica(t, url)
	waitUntil(t, 10*time.Second, "both replicas listening", listening(t, a.db, 2))

	a.bus.Publish(broadcast.Catalog)
	if n := a.got.Load(); n != 1 {
		t.Fatalf("the publisher's own subscriber ran %d times at Publish, want 1", n)
	}
	waitUntil(t, 10*time.Second, "B hears A's change", func() bool { return b.got.Load() == 1 })
	b.bus.Publish(broadcast.Catalog)
	waitUntil(t, 10*time.Second, "A hears B's change", func() bool { return a.got.Load() == 2 })
	if n := b.got.Load(); n != 2 {
		t.Fatalf("B's subscriber ran %d times, want 2 (its own notification is not delivered twice)", n)
	}

	// Another schema (another deployment, or another test) on the same database is not woken.
	other := startReplica(t, storetest.URL(t, store.Postgres))
	waitUntil(t, 10*time.Second, "the other schema listening", listening(t, other.db, 1))
	other.bus.Publish(broadcast.Catalog)
	a.bus.Publish(broadcast.Catalog)
	waitUntil(t, 10*time.Second, "B hears A's second change", func() bool { return b.got.Load() == 3 })
	if n := other.got.Load(); n != 1 {
		t.Fatalf("the other schema's subscriber ran %d times, want 1 (its own publish only)", n)
	}

	// The database drops the listening connections: each replica connects again and delivers
	// its topics (B's count shows it).
	if _, err := a.db.Bun().DB.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN "circle_changes%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, 20*time.Second, "B delivers after reconnecting", func() bool { return b.got.Load() == 4 })
	waitUntil(t, 10*time.Second, "both listening again", listening(t, a.db, 2))
	a.bus.Publish(broadcast.Catalog)
	waitUntil(t, 10*time.Second, "B hears A after reconnecting", func() bool { return b.got.Load() == 5 })
}
