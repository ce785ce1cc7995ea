package store

import (
	"context"
	"fmt"

	"circle/internal/monitor"
)

// InsertClientError records one client error.
func (db Ops) InsertClientError(ctx context.Context, e monitor.ClientError) error {
	e.CreatedAt = db.Now()
	row := clientErrorRowOf(e)
	if _, err := db.bun.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("insert client error: %w", err)
	}
	return nil
}

// RecentClientErrors lists the newest client errors first.
func (db Ops) RecentClientErrors(ctx context.Context, limit int) ([]monitor.ClientError, error) {
	var rows []clientErrorRow
	if err := db.bun.NewSelect().Model(&rows).Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read client errors: %w", err)
	}
	return domainsOf[clientErrorRow, monitor.ClientError](rows), nil
}
