package store

import (
	"context"
	"fmt"

	"circle/internal/monitor"
)

// InsertSecurityEvent records a security event unless the same user already recorded the same
// event type in the same 10-second bucket; it reports whether it recorded one. The check and
// the insert share one transaction so concurrent duplicates cannot both land.
func (db Accounts) InsertSecurityEvent(ctx context.Context, e monitor.SecurityEvent) (bool, error) {
	recorded := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		now := db.Now()
		bucketStart := now.Truncate(monitor.SecurityEventDedupe)
		q := tx.NewSelect().Model((*securityEventRow)(nil)).Where("event_type = ?", e.EventType).
			Where("created_at >= ?", bucketStart).Where("created_at < ?", bucketStart.Add(monitor.SecurityEventDedupe))
		if e.UserID != nil {
			q = q.Where("user_id = ?", *e.UserID)
		} else {
			q = q.Where("user_id IS NULL")
		}
		if err := db.lockDedupeKey(ctx, "security_event:"+e.EventType); err != nil {
			return err
		}
		n, err := q.Count(ctx)
		if err != nil {
			return fmt.Errorf("check security event dedupe: %w", err)
		}
		if n > 0 {
			return nil
		}
		e.CreatedAt = now
		if e.EventData == "" {
			e.EventData = "{}"
		}
		row := securityEventRowOf(e)
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("insert security event: %w", err)
		}
		recorded = true
		return nil
	})
	return recorded, err
}

// SecurityEvents lists the newest security events.
func (db Accounts) SecurityEvents(ctx context.Context, limit int) ([]monitor.SecurityEvent, error) {
	return newestDomains[securityEventRow](ctx, db.bun, limit, "read security events", "")
}
