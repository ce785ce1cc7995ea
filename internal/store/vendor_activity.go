package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/catalog"
	"circle/internal/ids"
)

// RecordVendorActivity records what an agent did for the vendor to see (track_vendor_activity).
// An agent without a profile is skipped without an error (the spec's 23502 rule); with a dedupe
// window, the same agent's same activity on the same service within it is not recorded again.
func (db Activity) RecordVendorActivity(ctx context.Context, a catalog.VendorActivity, dedupe time.Duration) (bool, error) {
	recorded := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		n, err := tx.NewSelect().Table("profiles").Where("user_id = ?", a.AgentID).Count(ctx)
		if err != nil {
			return fmt.Errorf("check agent profile: %w", err)
		}
		if n == 0 {
			return nil
		}
		now := db.Now()
		if dedupe > 0 {
			service := ""
			if a.ServiceID != nil {
				service = *a.ServiceID
			}
			if err := db.lockDedupeKey(ctx, "vendor_activity", a.AgentID, a.VendorID, a.ActivityType, service); err != nil {
				return err
			}
			q := tx.NewSelect().Table("vendor_activity").Where("agent_id = ?", a.AgentID).Where("vendor_id = ?", a.VendorID).
				Where("activity_type = ?", a.ActivityType).Where("created_at > ?", now.Add(-dedupe))
			if a.ServiceID != nil {
				q = q.Where("service_id = ?", *a.ServiceID)
			} else {
				q = q.Where("service_id IS NULL")
			}
			k, err := q.Count(ctx)
			if err != nil {
				return fmt.Errorf("check activity dedupe: %w", err)
			}
			if k > 0 {
				return nil
			}
		}
		if a.ActivityData == "" {
			a.ActivityData = "{}"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO vendor_activity (id, vendor_id, agent_id, service_id, activity_type, activity_data, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, ids.New(), a.VendorID, a.AgentID, a.ServiceID, a.ActivityType, a.ActivityData, now); err != nil {
			return fmt.Errorf("insert vendor activity: %w", err)
		}
		recorded = true
		return nil
	})
	return recorded, err
}

// VendorActivities lists a vendor's newest activity.
func (db Activity) VendorActivities(ctx context.Context, vendorID string, limit int) ([]catalog.VendorActivity, error) {
	var rows []struct {
		ID           string    `bun:"id"`
		VendorID     string    `bun:"vendor_id"`
		AgentID      string    `bun:"agent_id"`
		ServiceID    *string   `bun:"service_id"`
		ActivityType string    `bun:"activity_type"`
		ActivityData string    `bun:"activity_data"`
		CreatedAt    time.Time `bun:"created_at"`
	}
	if err := db.bun.NewSelect().Table("vendor_activity").Column("id", "vendor_id", "agent_id", "service_id", "activity_type", "activity_data", "created_at").
		Where("vendor_id = ?", vendorID).OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read vendor activity: %w", err)
	}
	out := make([]catalog.VendorActivity, 0, len(rows))
	for _, r := range rows {
		out = append(out, catalog.VendorActivity{ID: r.ID, VendorID: r.VendorID, AgentID: r.AgentID, ServiceID: r.ServiceID,
			ActivityType: r.ActivityType, ActivityData: r.ActivityData, CreatedAt: r.CreatedAt})
	}
	return out, nil
}
