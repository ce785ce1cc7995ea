// Package ratelimit limits requests per key (a client address) with the generic cell rate
// algorithm, a token bucket kept as one number per key: the bucket's theoretical arrival time.
// The number lives where every replica reads it (Buckets: the database's rate_limits table, or
// Redis), so the limit behind a load balancer is the configured limit, not that limit times
// the replicas.
package ratelimit

import (
	"context"
	"time"
)

// Buckets keeps the buckets of every limiter. TakeRateToken spends one request of bucket when
// its arrival time is at most tolerance ahead of now (moving it interval further), atomically
// across every replica, else reports how long until a request is allowed. RateBacklog reads how
// far a bucket's arrival time is ahead of now, without spending.
type Buckets interface {
	TakeRateToken(ctx context.Context, bucket string, now time.Time, interval, tolerance time.Duration) (bool, time.Duration, error)
	RateBacklog(ctx context.Context, bucket string, now time.Time) (time.Duration, error)
}

// Limiter allows Burst requests per key at once, refilled at PerMinute per minute.
type Limiter struct {
	buckets   Buckets
	name      string
	burst     int
	interval  time.Duration // one request's share of a minute
	tolerance time.Duration // how far ahead the arrival time may run: burst-1 intervals
	now       func() time.Time
}

// New returns a limiter named name (its keys' namespace in buckets); perMinute <= 0 disables
// limiting.
func New(buckets Buckets, name string, perMinute, burst int, now func() time.Time) *Limiter {
	l := &Limiter{buckets: buckets, name: name, burst: max(burst, 1), now: now}
	if perMinute > 0 {
		l.interval = max(time.Minute/time.Duration(perMinute), time.Millisecond)
		l.tolerance = time.Duration(l.burst-1) * l.interval
	}
	return l
}

func (l *Limiter) bucket(key string) string { return l.name + ":" + key }

// Allow takes one request for key. When none is left it returns false and the whole seconds
// until one is (at least 1). When the buckets cannot be reached it allows the request and
// returns the error for the caller to log: an outage of Redis must not refuse every sign-in,
// and the per-account lockout (in the database) still holds.
func (l *Limiter) Allow(ctx context.Context, key string) (bool, int, error) {
	if l == nil || l.interval == 0 {
		return true, 0, nil
	}
	ok, wait, err := l.buckets.TakeRateToken(ctx, l.bucket(key), l.now(), l.interval, l.tolerance)
	switch {
	case err != nil:
		return true, 0, err
	case ok:
		return true, 0, nil
	}
	return false, max(int((wait+time.Second-1)/time.Second), 1), nil
}

// Limited reports, without taking a request, whether key has used more than half its burst.
func (l *Limiter) Limited(ctx context.Context, key string) (bool, error) {
	if l == nil || l.interval == 0 {
		return false, nil
	}
	ahead, err := l.buckets.RateBacklog(ctx, l.bucket(key), l.now())
	if err != nil {
		return false, err
	}
	// ahead/interval requests are spent and not yet refilled.
	return 2*ahead > time.Duration(l.burst)*l.interval, nil
}
