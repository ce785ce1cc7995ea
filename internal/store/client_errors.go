package store

import (
	"context"
	"fmt"

	"circle/internal/monitor"
)

// InsertClientError records one client error.
func (db *DB) InsertClientError(ctx context.Context, e monitor.ClientError) error {
	e.CreatedAt = db.Now()
	if _, err := db.bun.NewInsert().Model(&e).Exec(ctx); err != nil {
		return fmt.Errorf("insert client error: %w", err)
	}
	return nil
}

// RecentClientErrors lists the newest client errors first.
func (db *DB) RecentClientErrors(ctx context.Context, limit int) ([]monitor.ClientError, error) {
	var out []monitor.ClientError
	if err := db.bun.NewSelect().Model(&out).Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read client errors: %w", err)
	}
	return out, nil
}
