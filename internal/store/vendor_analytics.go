package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/vendoranalytics"
)

// VendorAnalyticsStore is what vendoranalytics reads: the caller's vendors and services
// (CatalogWrites) and the counts.
type VendorAnalyticsStore struct {
	CatalogWrites
	VendorAnalytics
}

// NewVendorAnalyticsStore returns the analytics' store on db.
func NewVendorAnalyticsStore(db *DB) VendorAnalyticsStore {
	return VendorAnalyticsStore{NewCatalogWrites(db), VendorAnalytics{db}}
}

// measureSQL is each measure's table, time column, condition and revenue column: one
// statement per measure (docs/areas/vendor-analytics.md defines them).
var measureSQL = map[vendoranalytics.Measure]struct{ from, at, service, where, cents string }{
	vendoranalytics.Views: {from: "service_views AS t", at: "t.created_at", service: "t.service_id"},
	vendoranalytics.Clicks: {from: "service_tracking_events AS t", at: "t.created_at", service: "t.service_id",
		where: "t.event_type IN ('click', 'outbound_click')"},
	vendoranalytics.CartAdds: {from: "service_tracking_events AS t", at: "t.created_at", service: "t.service_id",
		where: "t.event_type = '" + catalog.EventCartAdd + "' AND t.source IN ('" + catalog.EventSourceServer + "', '" + catalog.EventSourceDemo + "')"},
	vendoranalytics.Bookings: {from: "service_tracking_events AS t", at: "t.created_at", service: "t.service_id",
		where: "t.event_type = 'booking' AND t.source IN ('" + catalog.EventSourceServer + "', '" + catalog.EventSourceDemo + "')"},
	// A purchase is a paid order line's activity; a refunded order's lines drop out.
	vendoranalytics.Purchases: {from: "vendor_activity AS t JOIN order_items AS oi ON oi.id = t.order_item_id JOIN orders AS o ON o.id = oi.order_id",
		at: "t.created_at", service: "t.service_id", where: "t.activity_type = '" + catalog.ActivityServicePurchase + "' AND o.status = 'paid'",
		cents: "t.amount_cents"},
}

// CountMeasure counts one measure of the services per bucket with one statement: the bucket is
// a CASE over the edges (portable: no date functions), grouped with the service.
func (db VendorAnalytics) CountMeasure(ctx context.Context, m vendoranalytics.Measure, serviceIDs []string, edges []time.Time) ([]vendoranalytics.Cell, error) {
	def, ok := measureSQL[m]
	if !ok {
		return nil, fmt.Errorf("count %s: unknown measure", m)
	}
	if len(serviceIDs) == 0 || len(edges) < 2 {
		return nil, nil
	}
	var b strings.Builder
	args := make([]any, 0, len(edges)+4)
	b.WriteString("SELECT " + def.service + " AS service_id, CASE")
	for i := 1; i < len(edges); i++ {
		fmt.Fprintf(&b, " WHEN %s < ? THEN %d", def.at, i-1)
		args = append(args, edges[i].UTC())
	}
	cents := "0"
	if def.cents != "" {
		cents = def.cents
	}
	b.WriteString(" END AS bucket, COUNT(*) AS n, CAST(COALESCE(SUM(" + cents + "), 0) AS BIGINT) AS cents FROM " + def.from)
	b.WriteString(" WHERE " + def.service + " IN (?) AND " + def.at + " >= ? AND " + def.at + " < ?")
	args = append(args, bun.In(serviceIDs), edges[0].UTC(), edges[len(edges)-1].UTC())
	if def.where != "" {
		b.WriteString(" AND " + def.where)
	}
	b.WriteString(" GROUP BY " + def.service + ", bucket")
	var rows []struct {
		ServiceID string `bun:"service_id"`
		Bucket    int    `bun:"bucket"`
		N         int64  `bun:"n"`
		Cents     int64  `bun:"cents"`
	}
	if err := db.bun.NewRaw(b.String(), args...).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count %s: %w", m, err)
	}
	out := make([]vendoranalytics.Cell, 0, len(rows))
	for _, r := range rows {
		out = append(out, vendoranalytics.Cell{ServiceID: r.ServiceID, Bucket: r.Bucket, N: r.N, Cents: r.Cents})
	}
	return out, nil
}

// PendingCoPayRequests counts the vendors' co-pay requests waiting for their answer (pending and
// not yet past their answer window).
func (db VendorAnalytics) PendingCoPayRequests(ctx context.Context, vendorIDs []string, now time.Time) (int64, error) {
	n, err := db.bun.NewSelect().Table("co_pay_requests").Where("vendor_id IN (?)", bun.In(vendorIDs)).Where("status = 'pending'").
		Where("expires_at > ?", now.UTC()).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count pending co-pay requests: %w", err)
	}
	return int64(n), nil
}

// UpcomingBookings counts the live bookings of the services that start at or after now.
func (db VendorAnalytics) UpcomingBookings(ctx context.Context, serviceIDs []string, now time.Time) (int64, error) {
	n, err := db.bun.NewSelect().Table("consultation_bookings").Where("service_id IN (?)", bun.In(serviceIDs)).
		Where("status = 'pending'").Where("starts_at >= ?", now.UTC()).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count upcoming bookings: %w", err)
	}
	return int64(n), nil
}
