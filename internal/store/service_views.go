package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/catalog"
	"circle/internal/ids"
)

// RecordView records a service view unless the same viewer (fingerprint) viewed it within
// window, or, for a visitor, unless visitorsPerNetwork visitor views of the service already came
// from the same network within window (a visitor who changes user agent is still one network);
// it reports whether it recorded one. visitorsPerNetwork <= 0 sets no network cap.
func (db Activity) RecordView(ctx context.Context, v catalog.ServiceView, window time.Duration, visitorsPerNetwork int) (bool, error) {
	if v.Fingerprint == "" {
		return false, fmt.Errorf("record view: no fingerprint")
	}
	recorded := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		// A visitor's fingerprint belongs to one network, so the network lock also serialises
		// the fingerprint check; a signed-in view is checked by its user alone.
		lockKey := v.Fingerprint
		if v.UserID == nil {
			lockKey = "n:" + v.Network
		}
		if err := db.lockDedupeKey(ctx, "service_view", lockKey, v.ServiceID); err != nil {
			return err
		}
		now := db.Now()
		since := now.Add(-window)
		n, err := tx.NewSelect().Table("service_views").Where("service_id = ?", v.ServiceID).Where("fingerprint = ?", v.Fingerprint).
			Where("created_at > ?", since).Count(ctx)
		if err != nil {
			return fmt.Errorf("check view dedupe: %w", err)
		}
		if n > 0 {
			return nil
		}
		if v.UserID == nil && visitorsPerNetwork > 0 {
			n, err := tx.NewSelect().Table("service_views").Where("service_id = ?", v.ServiceID).Where("network = ?", v.Network).
				Where("user_id IS NULL").Where("created_at > ?", since).Count(ctx)
			if err != nil {
				return fmt.Errorf("check views per network: %w", err)
			}
			if n >= int64(visitorsPerNetwork) {
				return nil
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO service_views (id, service_id, user_id, viewer_key, fingerprint, network, user_agent, referrer_url, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, ids.New(), v.ServiceID, v.UserID, v.ViewerKey, v.Fingerprint, v.Network, v.UserAgent, v.Referrer, now); err != nil {
			return fmt.Errorf("insert view: %w", err)
		}
		recorded = true
		return nil
	})
	return recorded, err
}

// AlsoViewed returns the active services most often viewed by the same viewers (browser
// session keys) that viewed serviceID since a time, most co-viewers first.
func (db Activity) AlsoViewed(ctx context.Context, serviceID string, since time.Time, limit int) ([]string, error) {
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
