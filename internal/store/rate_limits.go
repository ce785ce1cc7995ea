package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// TakeRateToken spends one request of bucket under the generic cell rate algorithm: the row
// holds the bucket's theoretical arrival time (TAT); a request is allowed when the TAT is at
// most tolerance ahead of now, and moves it interval further. It is one upsert, so concurrent
// requests on every replica are counted once each: PostgreSQL's ON CONFLICT DO UPDATE locks the
// row and evaluates its WHERE on the latest version; SQLite runs one writer at a time. When the
// request is refused, wait is how long until one is allowed.
func (db Ops) TakeRateToken(ctx context.Context, bucket string, now time.Time, interval, tolerance time.Duration) (bool, time.Duration, error) {
	nowMs, step, tol := now.UnixMilli(), interval.Milliseconds(), tolerance.Milliseconds()
	var tat int64
	err := db.bun.NewRaw(`INSERT INTO rate_limits (bucket, tat_ms) VALUES (?, ?)
		ON CONFLICT (bucket) DO UPDATE SET tat_ms = (CASE WHEN rate_limits.tat_ms > ? THEN rate_limits.tat_ms ELSE ? END) + ?
		WHERE rate_limits.tat_ms - ? <= ?
		RETURNING tat_ms`,
		bucket, nowMs+step, nowMs, nowMs, step, nowMs, tol).Scan(ctx, &tat)
	if err == nil {
		return true, 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, 0, fmt.Errorf("take rate token %s: %w", bucket, err)
	}
	// Refused: read the TAT for the wait (a separate read; it only sizes Retry-After).
	ahead, err := db.RateBacklog(ctx, bucket, now)
	if err != nil {
		return false, 0, err
	}
	return false, max(ahead-tolerance, time.Millisecond), nil
}

// RateBacklog returns how far bucket's TAT is ahead of now (zero for a full bucket).
func (db Ops) RateBacklog(ctx context.Context, bucket string, now time.Time) (time.Duration, error) {
	var tat int64
	err := db.bun.NewSelect().Table("rate_limits").Column("tat_ms").Where("bucket = ?", bucket).Scan(ctx, &tat)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read rate limit %s: %w", bucket, err)
	}
	return max(time.Duration(tat-now.UnixMilli())*time.Millisecond, 0), nil
}

// PurgeRateLimits deletes the buckets that are full again (their TAT has passed): such a row
// means the same as no row.
func (db Ops) PurgeRateLimits(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.bun.NewDelete().Table("rate_limits").Where("tat_ms < ?", now.UnixMilli()).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("purge rate limits: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
