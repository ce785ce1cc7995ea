package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/ids"
)

// RecordView records a service view unless the same viewer viewed it within window; it
// reports whether it recorded one.
func (db *DB) RecordView(ctx context.Context, serviceID string, userID *string, viewerKey, userAgent, referrer string, window time.Duration) (bool, error) {
	recorded := false
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := db.lockDedupeKey(ctx, tx, "service_view", viewerKey, serviceID); err != nil {
			return err
		}
		now := db.Now()
		n, err := tx.NewSelect().Table("service_views").Where("viewer_key = ?", viewerKey).Where("service_id = ?", serviceID).
			Where("created_at > ?", now.Add(-window)).Count(ctx)
		if err != nil {
			return fmt.Errorf("check view dedupe: %w", err)
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO service_views (id, service_id, user_id, viewer_key, user_agent, referrer_url, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, ids.New(), serviceID, userID, viewerKey, userAgent, referrer, now); err != nil {
			return fmt.Errorf("insert view: %w", err)
		}
		recorded = true
		return nil
	})
	return recorded, err
}

// AlsoViewed returns the active services most often viewed by the same viewers (browser
// session keys) that viewed serviceID since a time, most co-viewers first.
func (db *DB) AlsoViewed(ctx context.Context, serviceID string, since time.Time, limit int) ([]string, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		N         int64  `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("service_views AS v1").
		Join("JOIN service_views AS v2 ON v2.viewer_key = v1.viewer_key AND v2.service_id <> v1.service_id").
		Join("JOIN services AS s ON s.id = v2.service_id").
		ColumnExpr("v2.service_id AS service_id, COUNT(DISTINCT v2.viewer_key) AS n").
		Where("v1.service_id = ?", serviceID).Where("v1.viewer_key <> ''").Where("v1.created_at >= ?", since).
		Where("v2.created_at >= ?", since).Where("s.is_active = ?", true).
		GroupExpr("v2.service_id").OrderExpr("n DESC, v2.service_id ASC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read also viewed: %w", err)
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.ServiceID)
	}
	return out, nil
}
