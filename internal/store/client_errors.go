package store

import (
	"context"

	"circle/internal/monitor"
)

// InsertClientError records one client error.
func (db Ops) InsertClientError(ctx context.Context, e monitor.ClientError) error {
	e.CreatedAt = db.Now()
	row := clientErrorRowOf(e)
	return insertModel(ctx, db.bun, &row, "insert client error")
}

// RecentClientErrors lists the newest client errors first.
func (db Ops) RecentClientErrors(ctx context.Context, limit int) ([]monitor.ClientError, error) {
	return newestDomains[clientErrorRow](ctx, db.bun, limit, "read client errors", "")
}
