package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis keeps the buckets in Redis (CIRCLE_REDIS_URL), one key per bucket holding its arrival
// time in milliseconds, expiring when the bucket is full again. A Lua script makes each take
// atomic across every replica.
type Redis struct {
	Client *redis.Client
	// Prefix namespaces the keys (several apps, or tests, on one Redis).
	Prefix string
}

// NewRedis connects to the Redis at url (redis://[user:password@]host:port/db, or rediss://)
// and checks that it answers.
func NewRedis(ctx context.Context, url, prefix string) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	c := redis.NewClient(opt)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := c.Ping(pingCtx).Err(); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("connect to redis at %s: %w", opt.Addr, err)
	}
	return &Redis{Client: c, Prefix: prefix}, nil
}

// Close closes the connection pool.
func (r *Redis) Close() error { return r.Client.Close() }

// takeScript: KEYS[1] the bucket; ARGV now, interval, tolerance in milliseconds. It returns
// {1, 0} when allowed, else {0, wait}.
var takeScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local step = tonumber(ARGV[2])
local tol = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
if tat - now > tol then return {0, tat - now - tol} end
local nxt = tat + step
redis.call('SET', KEYS[1], nxt, 'PX', nxt - now)
return {1, 0}
`)

// TakeRateToken implements Buckets.
func (r *Redis) TakeRateToken(ctx context.Context, bucket string, now time.Time, interval, tolerance time.Duration) (bool, time.Duration, error) {
	res, err := takeScript.Run(ctx, r.Client, []string{r.Prefix + bucket}, now.UnixMilli(), interval.Milliseconds(), tolerance.Milliseconds()).Int64Slice()
	if err != nil {
		return false, 0, fmt.Errorf("redis rate limit %s: %w", bucket, err)
	}
	if len(res) != 2 {
		return false, 0, fmt.Errorf("redis rate limit %s: unexpected answer %v", bucket, res)
	}
	if res[0] == 1 {
		return true, 0, nil
	}
	return false, max(time.Duration(res[1])*time.Millisecond, time.Millisecond), nil
}

// RateBacklog implements Buckets.
func (r *Redis) RateBacklog(ctx context.Context, bucket string, now time.Time) (time.Duration, error) {
	tat, err := r.Client.Get(ctx, r.Prefix+bucket).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("redis rate limit %s: %w", bucket, err)
	}
	return max(time.Duration(tat-now.UnixMilli())*time.Millisecond, 0), nil
}
