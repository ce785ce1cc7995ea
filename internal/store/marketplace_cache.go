package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"circle/internal/marketplace"
)

// SaveMarketplaceCache writes a cache row (insert or replace).
func (db Catalog) SaveMarketplaceCache(ctx context.Context, key string, data []byte, expires time.Time) error {
	now := db.Now()
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO marketplace_cache (cache_key, cache_data, expires_at, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (cache_key) DO UPDATE SET cache_data = EXCLUDED.cache_data, expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at`,
		key, string(data), expires.UTC(), now); err != nil {
		return fmt.Errorf("save marketplace cache: %w", err)
	}
	return nil
}

// DeleteMarketplaceCache removes a cache row.
func (db Catalog) DeleteMarketplaceCache(ctx context.Context, key string) error {
	if _, err := db.bun.ExecContext(ctx, "DELETE FROM marketplace_cache WHERE cache_key = ?", key); err != nil {
		return fmt.Errorf("delete marketplace cache: %w", err)
	}
	return nil
}

// MarketplaceCacheMeta reads a cache row's timestamps and size.
func (db Catalog) MarketplaceCacheMeta(ctx context.Context, key string) (marketplace.CacheMeta, error) {
	var row struct {
		ExpiresAt time.Time `bun:"expires_at"`
		UpdatedAt time.Time `bun:"updated_at"`
		Bytes     int       `bun:"bytes"`
	}
	err := db.bun.NewSelect().Table("marketplace_cache").ColumnExpr("expires_at, updated_at, LENGTH(cache_data) AS bytes").
		Where("cache_key = ?", key).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return marketplace.CacheMeta{}, nil
	}
	if err != nil {
		return marketplace.CacheMeta{}, fmt.Errorf("read marketplace cache: %w", err)
	}
	return marketplace.CacheMeta{Exists: true, ExpiresAt: row.ExpiresAt, UpdatedAt: row.UpdatedAt, Bytes: row.Bytes}, nil
}
