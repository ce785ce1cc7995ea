package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/ids"
)

// RecordTrackingEvent records an event; with a dedupe window, the same viewer's same event of
// the same service (and the same placement text in event_data) within it is not recorded again.
func (db Activity) RecordTrackingEvent(ctx context.Context, e catalog.TrackingEvent, dedupe time.Duration) (bool, error) {
	recorded := false
	// Defaults first: the dedupe check compares event_data as it is stored.
	if e.EventData == "" {
		e.EventData = "{}"
	}
	if e.Source == "" {
		e.Source = catalog.EventSourceServer
	}
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		now := db.Now()
		if dedupe > 0 {
			if err := db.lockDedupeKey(ctx, "tracking_event", e.ViewerKey, e.ServiceID, e.EventType, e.EventData); err != nil {
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
func (db Activity) CountTrackingEvents(ctx context.Context, serviceID, eventType string) (int, error) {
	n, err := db.bun.NewSelect().Table("service_tracking_events").Where("service_id = ?", serviceID).Where("event_type = ?", eventType).Count(ctx)
	return int(n), err
}

// HasPurchaseOrBooking reports whether the server recorded a purchase or a booking of the
// service by the user (what makes a review verified). Events browsers report do not count.
func (db Activity) HasPurchaseOrBooking(ctx context.Context, userID, serviceID string) (bool, error) {
	q := db.q(ctx)
	n, err := q.NewSelect().Table("service_tracking_events").Where("user_id = ?", userID).Where("service_id = ?", serviceID).
		Where("event_type IN (?)", bun.In([]string{"purchase", "booking"})).Where("source = ?", catalog.EventSourceServer).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("check purchases: %w", err)
	}
	return n > 0, nil
}

// ServiceMetrics counts a service's views, clicks, bookings, purchases and attributed revenue
// since a time (get_service_tracking_metrics).
func (db Activity) ServiceMetrics(ctx context.Context, serviceID string, since time.Time) (catalog.TrackingMetrics, error) {
	m := catalog.TrackingMetrics{ServiceID: serviceID, LastUpdated: db.Now()}
	views, err := db.bun.NewSelect().Table("service_views").Where("service_id = ?", serviceID).Where("created_at >= ?", since).Count(ctx)
	if err != nil {
		return m, fmt.Errorf("count views: %w", err)
	}
	m.TotalViews = int64(views)
	var rows []struct {
		EventType string `bun:"event_type"`
		N         int64  `bun:"n"`
		Revenue   int64  `bun:"revenue"`
	}
	if err := db.bun.NewSelect().Table("service_tracking_events").
		ColumnExpr("event_type, COUNT(*) AS n, CAST(COALESCE(SUM(revenue_attributed_cents), 0) AS BIGINT) AS revenue").
		Where("service_id = ?", serviceID).Where("created_at >= ?", since).GroupExpr("event_type").Scan(ctx, &rows); err != nil {
		return m, fmt.Errorf("count tracking events: %w", err)
	}
	for _, r := range rows {
		switch r.EventType {
		case "click", "outbound_click":
			m.TotalClicks += r.N
		case "booking":
			m.TotalBookings += r.N
		case "purchase":
			m.TotalPurchases += r.N
		}
		m.RevenueAttributedCents += r.Revenue
	}
	m.ConversionRate = catalog.ConversionRate(m.TotalPurchases, m.TotalViews)
	return m, nil
}
