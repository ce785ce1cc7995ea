package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
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

// TrackingEvent is one service_tracking_events row; the type lives in catalog so the services
// that record events (marketplace, detail) can name it without importing the store.
type TrackingEvent = catalog.TrackingEvent

// RecordTrackingEvent records an event; with a dedupe window, the same viewer's same event of
// the same service (and the same placement text in event_data) within it is not recorded again.
func (db *DB) RecordTrackingEvent(ctx context.Context, e TrackingEvent, dedupe time.Duration) (bool, error) {
	recorded := false
	// Defaults first: the dedupe check compares event_data as it is stored.
	if e.EventData == "" {
		e.EventData = "{}"
	}
	if e.Source == "" {
		e.Source = catalog.EventSourceServer
	}
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		if dedupe > 0 {
			if err := db.lockDedupeKey(ctx, tx, "tracking_event", e.ViewerKey, e.ServiceID, e.EventType, e.EventData); err != nil {
				return err
			}
			n, err := tx.NewSelect().Table("service_tracking_events").Where("viewer_key = ?", e.ViewerKey).Where("service_id = ?", e.ServiceID).
				Where("event_type = ?", e.EventType).Where("event_data = ?", e.EventData).Where("created_at > ?", now.Add(-dedupe)).Count(ctx)
			if err != nil {
				return fmt.Errorf("check event dedupe: %w", err)
			}
			if n > 0 {
				return nil
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO service_tracking_events (id, service_id, vendor_id, user_id, viewer_key, event_type, event_data, revenue_attributed_cents, source, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, ids.New(), e.ServiceID, e.VendorID, e.UserID, e.ViewerKey, e.EventType, e.EventData, e.RevenueCents, e.Source, now); err != nil {
			return fmt.Errorf("insert tracking event: %w", err)
		}
		recorded = true
		return nil
	})
	return recorded, err
}

// CountTrackingEvents counts a service's events of a type (tests and metrics).
func (db *DB) CountTrackingEvents(ctx context.Context, serviceID, eventType string) (int, error) {
	n, err := db.bun.NewSelect().Table("service_tracking_events").Where("service_id = ?", serviceID).Where("event_type = ?", eventType).Count(ctx)
	return int(n), err
}

// AddDiscountInterest records an agent's interest in a discount; a second vote is a conflict.
func (db *DB) AddDiscountInterest(ctx context.Context, serviceID, agentID string) error {
	if _, err := db.bun.ExecContext(ctx, "INSERT INTO service_discount_interest (id, service_id, agent_id, created_at) VALUES (?, ?, ?, ?)",
		ids.New(), serviceID, agentID, db.Now()); err != nil {
		if isUniqueViolation(err) {
			return apperr.New(apperr.Conflict, "Already interested")
		}
		return fmt.Errorf("add discount interest: %w", err)
	}
	return nil
}

// DiscountInterest returns how many agents want a discount on the service and whether agentID is one.
func (db *DB) DiscountInterest(ctx context.Context, serviceID, agentID string) (int, bool, error) {
	n, err := db.bun.NewSelect().Table("service_discount_interest").Where("service_id = ?", serviceID).Count(ctx)
	if err != nil {
		return 0, false, fmt.Errorf("count discount interest: %w", err)
	}
	mine := false
	if agentID != "" {
		m, err := db.bun.NewSelect().Table("service_discount_interest").Where("service_id = ?", serviceID).Where("agent_id = ?", agentID).Count(ctx)
		if err != nil {
			return 0, false, fmt.Errorf("read discount interest: %w", err)
		}
		mine = m > 0
	}
	return int(n), mine, nil
}

// SetSortOrders writes new ranking positions in one transaction.
func (db *DB) SetSortOrders(ctx context.Context, orderedIDs []string) error {
	return db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		for i, id := range orderedIDs {
			if _, err := tx.NewUpdate().Model((*catalog.Service)(nil)).Set("sort_order = ?", (i+1)*10).Set("updated_at = ?", now).
				Where("id = ?", id).Exec(ctx); err != nil {
				return fmt.Errorf("set sort order: %w", err)
			}
		}
		return nil
	})
}
