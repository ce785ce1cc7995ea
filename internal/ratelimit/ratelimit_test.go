package ratelimit_test

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/ratelimit"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// redisURL is the Redis the adapter test uses (the one `make test` finds at 127.0.0.1:6379).
const redisURL = "redis://127.0.0.1:6379/0"

// eachBuckets runs fn on every Buckets implementation: the database on both engines and Redis.
// Without a Redis answering at redisURL the Redis case is skipped, saying so.
func eachBuckets(t *testing.T, fn func(t *testing.T, b ratelimit.Buckets)) {
	t.Helper()
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) { fn(t, store.NewOps(storetest.Open(t, kind))) })
	}
	t.Run("redis", func(t *testing.T) {
		if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", time.Second); err != nil {
			t.Skipf("no Redis answers at 127.0.0.1:6379 (%v): start redis-server to test the Redis rate limiter", err)
		} else {
			_ = c.Close()
		}
		r, err := ratelimit.NewRedis(context.Background(), redisURL, "circle-test:"+ids.New()+":")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		fn(t, r)
	})
}

// F-AUTH-04 (sign-in rate limit): a burst, then one request per interval, per key.
func TestLimiterBurstThenRate(t *testing.T) {
	eachBuckets(t, func(t *testing.T, b ratelimit.Buckets) {
		ctx := context.Background()
		clock := clocktest.New(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
		l := ratelimit.New(b, "auth", 30, 5, clock.Now) // one request every 2 s, 5 at once
		for i := range 5 {
			if ok, _, err := l.Allow(ctx, "10.0.0.1"); err != nil || !ok {
				t.Fatalf("request %d of the burst: ok=%v err=%v", i+1, ok, err)
			}
		}
		ok, wait, err := l.Allow(ctx, "10.0.0.1")
		if err != nil || ok || wait != 2 {
			t.Fatalf("request past the burst: ok=%v wait=%d err=%v, want refused with 2 s", ok, wait, err)
		}
		if ok, _, _ := l.Allow(ctx, "10.0.0.2"); !ok {
			t.Fatal("another address is refused")
		}
		if lim, err := l.Limited(ctx, "10.0.0.1"); err != nil || !lim {
			t.Fatalf("Limited after the burst = %v, %v", lim, err)
		}
		if lim, err := l.Limited(ctx, "10.0.0.9"); err != nil || lim {
			t.Fatalf("Limited of an unused address = %v, %v", lim, err)
		}
		clock.Advance(1999 * time.Millisecond)
		if ok, _, _ := l.Allow(ctx, "10.0.0.1"); ok {
			t.Fatal("allowed before the interval passed")
		}
		clock.Advance(time.Millisecond)
		if ok, _, _ := l.Allow(ctx, "10.0.0.1"); !ok {
			t.Fatal("refused once the interval passed")
		}
		clock.Advance(time.Minute)
		if lim, _ := l.Limited(ctx, "10.0.0.1"); lim {
			t.Fatal("still limited a minute later")
		}
		for i := range 5 {
			if ok, _, _ := l.Allow(ctx, "10.0.0.1"); !ok {
				t.Fatalf("request %d of the refilled burst refused", i+1)
			}
		}
		// A limiter of another name keeps its own buckets.
		if ok, _, _ := ratelimit.New(b, "other", 30, 5, clock.Now).Allow(ctx, "10.0.0.1"); !ok {
			t.Fatal("another limiter shares the auth bucket")
		}
	})
}

// Concurrent requests from many replicas are each counted: 40 at once against a burst of 10
// give exactly 10 allowed (two limiters over the same buckets stand for two replicas).
func TestLimiterCountsConcurrentRequestsOnce(t *testing.T) {
	eachBuckets(t, func(t *testing.T, b ratelimit.Buckets) {
		ctx := context.Background()
		clock := clocktest.New(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
		replicas := []*ratelimit.Limiter{ratelimit.New(b, "auth", 20, 10, clock.Now), ratelimit.New(b, "auth", 20, 10, clock.Now)}
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, _, err := replicas[i%2].Allow(ctx, "10.0.0.1")
				if err != nil {
					t.Error(err)
				}
				if ok {
					allowed.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := allowed.Load(); n != 10 {
			t.Fatalf("%d of 40 concurrent requests allowed, want 10", n)
		}
	})
}

// A limit of 0 turns limiting off and reads nothing.
func TestLimiterOff(t *testing.T) {
	l := ratelimit.New(nil, "auth", 0, 10, time.Now)
	for range 100 {
		if ok, _, err := l.Allow(context.Background(), "x"); !ok || err != nil {
			t.Fatal("a disabled limiter refused")
		}
	}
}

// The purge deletes only the buckets that are full again.
func TestPurgeRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
		l := ratelimit.New(store.NewOps(db), "auth", 60, 10, func() time.Time { return now })
		for _, ip := range []string{"a", "b"} {
			if _, _, err := l.Allow(ctx, ip); err != nil {
				t.Fatal(err)
			}
		}
		now = now.Add(30 * time.Second)
		if _, _, err := l.Allow(ctx, "c"); err != nil {
			t.Fatal(err)
		}
		n, err := store.NewOps(db).PurgeRateLimits(ctx, now)
		if err != nil || n != 2 {
			t.Fatalf("purged %d, %v; want 2", n, err)
		}
		if ok, _ := l.Limited(ctx, "c"); ok {
			t.Fatal("c limited after one request")
		}
		if ahead, err := store.NewOps(db).RateBacklog(ctx, "auth:c", now); err != nil || ahead != time.Second {
			t.Fatalf("c's backlog = %s, %v; want 1s (kept)", ahead, err)
		}
	})
}

// The cost of one sign-in attempt's rate-limit check on each store (make bench runs it).
func BenchmarkAllow(b *testing.B) {
	run := func(b *testing.B, buckets ratelimit.Buckets) {
		l := ratelimit.New(buckets, "bench", 1<<30, 10, time.Now)
		ctx := context.Background()
		b.ResetTimer()
		for i := 0; b.Loop(); i++ {
			if _, _, err := l.Allow(ctx, ips[i%len(ips)]); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, kind := range storetest.Engines {
		b.Run(string(kind), func(b *testing.B) { run(b, store.NewOps(storetest.Open(b, kind))) })
	}
	b.Run("redis", func(b *testing.B) {
		r, err := ratelimit.NewRedis(context.Background(), redisURL, "circle-bench:"+ids.New()+":")
		if err != nil {
			b.Skipf("no Redis: %v", err)
		}
		defer r.Close()
		run(b, r)
	})
}

var ips = []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6", "10.0.0.7", "10.0.0.8"}
