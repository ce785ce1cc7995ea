// Package ratelimit is a per-key token bucket kept in memory. Each replica limits on its own,
// so the effective limit behind a load balancer is the per-replica limit times the replicas.
package ratelimit

import (
	"math"
	"sync"
	"time"
)

// Limiter allows Burst requests per key at once, refilled at PerMinute per minute.
type Limiter struct {
	mu        sync.Mutex
	perMinute float64
	burst     float64
	now       func() time.Time
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// New returns a limiter; perMinute <= 0 disables limiting.
func New(perMinute, burst int, now func() time.Time) *Limiter {
	return &Limiter{perMinute: float64(perMinute), burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// Allow takes one token for key. When none is left it returns false and the seconds until one is.
func (l *Limiter) Allow(key string) (bool, int) {
	if l.perMinute <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.lastSweep) > 10*time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.at) > 10*time.Minute {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.at).Minutes()*l.perMinute)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := (1 - b.tokens) / l.perMinute * 60
	return false, int(math.Ceil(wait))
}

// Limited reports, without taking a token, whether key has used more than half its burst.
func (l *Limiter) Limited(key string) bool {
	if l.perMinute <= 0 {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		return false
	}
	tokens := math.Min(l.burst, b.tokens+l.now().Sub(b.at).Minutes()*l.perMinute)
	return tokens < l.burst/2
}
