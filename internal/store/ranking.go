package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/marketplace"
)

// clickEventTypes are the tracking events that count as a click toward ranking (once per user).
var clickEventTypes = []string{"click", "share", "outbound_click"}

// Engagement reads every service's ranking inputs since a time (see marketplace.Engagement):
// distinct signed-in viewers and visitor networks, distinct clickers, and sales: paid orders
// (a refunded or unpaid one is not a sale; the purchase events checkout writes beside them are
// not read, so nothing counts twice) plus the demo's seeded purchases. Purchases and bookings
// browsers reported are never read: there is no bookings table, so bookings add nothing.
func (db Catalog) Engagement(ctx context.Context, since time.Time) (map[string]marketplace.Engagement, error) {
	out := map[string]marketplace.Engagement{}
	var views []struct {
		ServiceID string `bun:"service_id"`
		Users     int    `bun:"users"`
		Networks  int    `bun:"networks"`
	}
	if err := db.bun.NewSelect().Table("service_views").
		ColumnExpr("service_id, COUNT(DISTINCT user_id) AS users, COUNT(DISTINCT CASE WHEN user_id IS NULL THEN network END) AS networks").
		Where("created_at >= ?", since).GroupExpr("service_id").Scan(ctx, &views); err != nil {
		return nil, fmt.Errorf("count viewers: %w", err)
	}
	for _, r := range views {
		e := out[r.ServiceID]
		e.SignedInViewers, e.VisitorNetworks = r.Users, r.Networks
		out[r.ServiceID] = e
	}
	var counts []struct {
		ServiceID string `bun:"service_id"`
		N         int    `bun:"n"`
	}
	// Events without a user are the server's own (the demo's seeded clicks): each is one viewer.
	if err := db.bun.NewSelect().Table("service_tracking_events").
		ColumnExpr("service_id, COUNT(DISTINCT COALESCE(user_id, id)) AS n").
		Where("event_type IN (?)", bun.In(clickEventTypes)).Where("created_at >= ?", since).GroupExpr("service_id").Scan(ctx, &counts); err != nil {
		return nil, fmt.Errorf("count clickers: %w", err)
	}
	for _, r := range counts {
		e := out[r.ServiceID]
		e.Clickers = r.N
		out[r.ServiceID] = e
	}
	counts = counts[:0]
	if err := db.bun.NewSelect().TableExpr("order_items AS i").Join("JOIN orders AS o ON o.id = i.order_id").
		ColumnExpr("i.service_id AS service_id, COUNT(DISTINCT o.id) AS n").
		Where("o.status = ?", checkout.Paid).Where("o.paid_at >= ?", since).GroupExpr("i.service_id").Scan(ctx, &counts); err != nil {
		return nil, fmt.Errorf("count paid orders: %w", err)
	}
	for _, r := range counts {
		e := out[r.ServiceID]
		e.Sales += r.N
		out[r.ServiceID] = e
	}
	counts = counts[:0]
	if err := db.bun.NewSelect().Table("service_tracking_events").ColumnExpr("service_id, COUNT(*) AS n").
		Where("event_type = ?", "purchase").Where("source = ?", catalog.EventSourceDemo).Where("created_at >= ?", since).
		GroupExpr("service_id").Scan(ctx, &counts); err != nil {
		return nil, fmt.Errorf("count demo purchases: %w", err)
	}
	for _, r := range counts {
		e := out[r.ServiceID]
		e.Sales += r.N
		out[r.ServiceID] = e
	}
	return out, nil
}

// ViewSourcesSince describes each service's views since a time: how many, from how many
// fingerprints and networks, and how many came from the busiest network.
func (db Catalog) ViewSourcesSince(ctx context.Context, since time.Time) (map[string]marketplace.ViewSources, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		Views     int    `bun:"views"`
		Viewers   int    `bun:"viewers"`
		Networks  int    `bun:"networks"`
		SignedIn  int    `bun:"signed_in"`
	}
	if err := db.bun.NewSelect().Table("service_views").
		ColumnExpr("service_id, COUNT(*) AS views, COUNT(DISTINCT fingerprint) AS viewers, COUNT(DISTINCT network) AS networks, COUNT(user_id) AS signed_in").
		Where("created_at >= ?", since).GroupExpr("service_id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count view sources: %w", err)
	}
	out := make(map[string]marketplace.ViewSources, len(rows))
	for _, r := range rows {
		out[r.ServiceID] = marketplace.ViewSources{ServiceID: r.ServiceID, Views: r.Views, Viewers: r.Viewers, Networks: r.Networks, SignedInViews: r.SignedIn}
	}
	var top []struct {
		ServiceID string `bun:"service_id"`
		N         int    `bun:"n"`
	}
	per := db.bun.NewSelect().Table("service_views").ColumnExpr("service_id, network, COUNT(*) AS n").
		Where("created_at >= ?", since).GroupExpr("service_id, network")
	if err := db.bun.NewSelect().TableExpr("(?) AS per", per).ColumnExpr("service_id, MAX(n) AS n").GroupExpr("service_id").Scan(ctx, &top); err != nil {
		return nil, fmt.Errorf("count views per network: %w", err)
	}
	for _, r := range top {
		v := out[r.ServiceID]
		v.TopNetworkViews = r.N
		out[r.ServiceID] = v
	}
	return out, nil
}

// ViewCountsBetween counts each service's views in [from, to).
func (db Catalog) ViewCountsBetween(ctx context.Context, from, to time.Time) (map[string]int, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		N         int    `bun:"n"`
	}
	if err := db.bun.NewSelect().Table("service_views").ColumnExpr("service_id, COUNT(*) AS n").
		Where("created_at >= ?", from).Where("created_at < ?", to).GroupExpr("service_id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count views: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.ServiceID] = r.N
	}
	return out, nil
}
