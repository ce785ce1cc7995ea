package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"circle/internal/broadcast"
	"circle/internal/jobs"
	"circle/internal/marketplace"
	"circle/internal/ratelimit"
	"circle/internal/store"
)

// Several replicas on one database (docs/architecture.md, "Several replicas"): what one
// replica keeps in memory is dropped on every replica when one changes it, and the rate limits
// are one budget for all of them.

// shareCaches makes a catalogue change made through any replica drop every replica's search
// index, trending lists and snapshot at once: PostgreSQL's LISTEN/NOTIFY, or this process only
// on SQLite. The listener runs beside the jobs (it stops with them).
func shareCaches(ctx context.Context, db *store.DB, runner *jobs.Runner, market *marketplace.Service, snapshots *marketplace.Snapshots, warmGate <-chan struct{}, logger *slog.Logger) error {
	bus := broadcast.NewLocal(logger)
	if db.Kind() == store.Postgres {
		var err error
		if bus, err = broadcast.NewPostgres(ctx, db.Bun().DB, logger); err != nil {
			return err
		}
	}
	market.OnChange = func(ids []string) { bus.PublishIDs(broadcast.Catalog, ids) }
	bus.SubscribeIDs(broadcast.Catalog, snapshots.CatalogChanged)
	runner.Background(bus.Listen)
	// Ready means ready: the search index and the snapshot are built at start-up, and /readyz
	// answers 200 only once they are (platform.Service.Warmed).
	runner.Background(func(ctx context.Context) {
		if warmGate != nil {
			select {
			case <-warmGate:
			case <-ctx.Done():
				return
			}
		}
		snapshots.Warm(ctx)
	})
	return nil
}

// newRateBuckets returns where every rate limit keeps its buckets, one budget for all the
// replicas: Redis when CIRCLE_REDIS_URL is set, else the database (the rate_limits table,
// purged hourly).
func newRateBuckets(ctx context.Context, c Config, db *store.DB, runner *jobs.Runner, now func() time.Time) (ratelimit.Buckets, error) {
	if c.RedisURL != "" {
		r, err := ratelimit.NewRedis(ctx, c.RedisURL, "circle:ratelimit:")
		if err != nil {
			return nil, fmt.Errorf("CIRCLE_REDIS_URL: %w", err)
		}
		runner.Background(func(ctx context.Context) {
			<-ctx.Done()
			_ = r.Close()
		})
		return r, nil
	}
	runner.Every("ratelimit.purge", time.Hour, func(ctx context.Context, _ jobs.Job) error {
		_, err := store.NewOps(db).PurgeRateLimits(ctx, now())
		return err
	})
	return store.NewOps(db), nil
}

// newAuthLimiter is the per-address limit of the authentication endpoints; the burst is half
// a minute's allowance, at least 10.
func newAuthLimiter(c Config, buckets ratelimit.Buckets, now func() time.Time) *ratelimit.Limiter {
	return ratelimit.New(buckets, "auth", c.AuthRateLimit, max(c.AuthRateLimit/2, 10), now)
}
