package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/marketplace"
)

// likeEscape escapes LIKE wildcards in a user's term (ESCAPE '\').
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// applyServiceFilters adds the WHERE clauses of a marketplace query on alias s.
func applyServiceFilters(q *bun.SelectQuery, mq marketplace.Query) *bun.SelectQuery {
	q = q.Where("s.is_active = ?", true)
	if len(mq.Terms) > 0 {
		q = q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			for _, t := range mq.Terms {
				g = g.WhereOr(`s.search_text LIKE ? ESCAPE '\'`, "%"+likeEscape(t)+"%")
			}
			return g
		})
	}
	if mq.Category != "" {
		q = q.Where("s.lobby_category = ?", mq.Category)
	}
	if mq.Tag != "" {
		q = q.Where("EXISTS (SELECT 1 FROM service_tags t WHERE t.service_id = s.id AND t.tag = ?)", mq.Tag)
	}
	if pc, ok := marketplace.ProductBySlug(mq.Product); ok {
		q = q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			for _, k := range pc.Keywords {
				if strings.HasPrefix(k, "cat:") {
					g = g.WhereOr("EXISTS (SELECT 1 FROM service_tags t WHERE t.service_id = s.id AND t.tag = ?)", k)
				} else {
					g = g.WhereOr("s.search_text LIKE ?", "% "+likeEscape(k)+" %")
				}
			}
			return g
		})
	}
	if mq.MinPriceCents != nil {
		q = q.Where("s.retail_price_cents >= ?", *mq.MinPriceCents)
	}
	if mq.MaxPriceCents != nil {
		q = q.Where("s.retail_price_cents <= ?", *mq.MaxPriceCents)
	}
	if mq.MinRating > 0 {
		q = q.Where("(SELECT AVG(r.rating) FROM service_reviews r WHERE r.service_id = s.id) >= ?", mq.MinRating)
	}
	if mq.Featured {
		q = q.Where("s.is_featured = ?", true)
	}
	if mq.Verified {
		q = q.Where("s.is_verified = ?", true)
	}
	if mq.CoPay {
		q = q.Where("s.copay_allowed = ?", true)
	}
	for _, f := range mq.Features {
		switch f {
		case marketplace.FeatureCoPay:
			q = q.Where("s.copay_allowed = ?", true)
		case marketplace.FeatureInstant:
			q = q.Where("s.requires_quote = ?", false)
		case marketplace.FeatureFeatured:
			q = q.Where("s.is_featured = ?", true)
		case marketplace.FeatureTopPick:
			q = q.Where("s.is_top_pick = ?", true)
		case marketplace.FeatureProDiscount:
			q = q.Where("s.pro_price_cents IS NOT NULL AND s.retail_price_cents IS NOT NULL AND s.pro_price_cents < s.retail_price_cents")
		}
	}
	if mq.CoPayEligible {
		q = q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			for _, k := range marketplace.CoPayEligibleKeywords {
				g = g.WhereOr("s.search_text LIKE ?", "% "+k+" %")
			}
			return g
		})
		for _, k := range marketplace.CoPayExcludedKeywords {
			q = q.Where("s.search_text NOT LIKE ?", "% "+k+" %")
		}
	}
	return q
}

// SearchServices returns one page of active services matching the query and the total. It is
// the reference definition of every search rule: the API answers from marketplace.Index, and
// TestSearchIndexEqualsSQL requires the two to agree on both engines.
func (db *DB) SearchServices(ctx context.Context, mq marketplace.Query) ([]catalog.Service, int64, error) {
	var rows []catalog.Service
	q := db.bun.NewSelect().Model(&rows).ModelTableExpr("services AS s").ColumnExpr("s.*")
	q = applyServiceFilters(q, mq)
	sort := mq.Sort
	if sort == marketplace.SortRanked && mq.Holdout {
		sort = marketplace.SortNewest
	}
	switch sort {
	case marketplace.SortNewest:
		q = q.OrderExpr("s.created_at DESC, s.id ASC")
	case marketplace.SortPriceLow:
		q = q.OrderExpr("s.retail_price_cents ASC NULLS LAST, s.sort_order ASC, s.id ASC")
	case marketplace.SortPriceHigh:
		q = q.OrderExpr("s.retail_price_cents DESC NULLS LAST, s.sort_order ASC, s.id ASC")
	default:
		q = q.OrderExpr("s.sort_order ASC, s.created_at DESC, s.id ASC")
	}
	q = q.Limit(int64(mq.PageSize)).Offset(int64((mq.Page - 1) * mq.PageSize))
	if err := q.Scan(ctx); err != nil {
		return nil, 0, fmt.Errorf("search services: %w", err)
	}
	count := db.bun.NewSelect().TableExpr("services AS s")
	total, err := applyServiceFilters(count, mq).Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count services: %w", err)
	}
	return rows, total, nil
}

// ActiveServices returns every active service (for snapshots and scoring), ranked order.
func (db *DB) ActiveServices(ctx context.Context) ([]catalog.Service, error) {
	var rows []catalog.Service
	if err := db.bun.NewSelect().Model(&rows).Where("is_active = ?", true).OrderExpr("sort_order ASC, created_at DESC, id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read active services: %w", err)
	}
	return rows, nil
}

// ServiceRatings returns the average (one decimal) and count of reviews of each service in one
// query (get_service_ratings_bulk). Services without reviews are absent.
func (db *DB) ServiceRatings(ctx context.Context, ids []string) (map[string]marketplace.Rating, error) {
	out := map[string]marketplace.Rating{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ServiceID string `bun:"service_id"`
		Sum       int64  `bun:"sum"`
		N         int64  `bun:"n"`
	}
	q := db.bun.NewSelect().Table("service_reviews").ColumnExpr("service_id, SUM(rating) AS sum, COUNT(*) AS n").GroupExpr("service_id")
	if len(ids) < 500 {
		q = q.Where("service_id IN (?)", bun.In(ids))
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read ratings: %w", err)
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	for _, r := range rows {
		if !want[r.ServiceID] || r.N == 0 {
			continue
		}
		// Average to one decimal, rounded half up, in integers.
		out[r.ServiceID] = marketplace.RatingSum{Sum: r.Sum, N: r.N}.Rating(r.ServiceID)
	}
	return out, nil
}

// ServiceRatingSums returns the sum and count of the review ratings of every reviewed service
// in one query (the search index's ratings and its exact min_rating rule).
func (db *DB) ServiceRatingSums(ctx context.Context) (map[string]marketplace.RatingSum, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		Sum       int64  `bun:"sum"`
		N         int64  `bun:"n"`
	}
	if err := db.bun.NewSelect().Table("service_reviews").ColumnExpr("service_id, SUM(rating) AS sum, COUNT(*) AS n").
		GroupExpr("service_id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read rating sums: %w", err)
	}
	out := make(map[string]marketplace.RatingSum, len(rows))
	for _, r := range rows {
		out[r.ServiceID] = marketplace.RatingSum{Sum: r.Sum, N: r.N}
	}
	return out, nil
}

// TagsOf returns the tags of each service in one query.
func (db *DB) TagsOf(ctx context.Context, ids []string) (map[string][]string, error) {
	out := map[string][]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []catalog.ServiceTag
	q := db.bun.NewSelect().Model(&rows).OrderExpr("service_id, tag")
	if len(ids) < 500 {
		q = q.Where("service_id IN (?)", bun.In(ids))
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read tags: %w", err)
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	for _, r := range rows {
		if want[r.ServiceID] {
			out[r.ServiceID] = append(out[r.ServiceID], r.Tag)
		}
	}
	return out, nil
}

// VendorsByID reads the given vendors in one query.
func (db *DB) VendorsByID(ctx context.Context, ids []string) (map[string]catalog.Vendor, error) {
	out := map[string]catalog.Vendor{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []catalog.Vendor
	if err := db.bun.NewSelect().Model(&rows).Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendors: %w", err)
	}
	for _, v := range rows {
		out[v.ID] = v
	}
	return out, nil
}

// TagCounts counts active services per tag.
func (db *DB) TagCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Tag string `bun:"tag"`
		N   int    `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("service_tags AS t").Join("JOIN services AS s ON s.id = t.service_id").
		ColumnExpr("t.tag AS tag, COUNT(*) AS n").Where("s.is_active = ?", true).GroupExpr("t.tag").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count tags: %w", err)
	}
	out := map[string]int{}
	for _, r := range rows {
		out[r.Tag] = r.N
	}
	return out, nil
}

// PriceBounds returns the lowest and highest retail price of active services.
func (db *DB) PriceBounds(ctx context.Context) (minCents, maxCents int64, err error) {
	var row struct {
		Min *int64 `bun:"lo"`
		Max *int64 `bun:"hi"`
	}
	if err := db.bun.NewSelect().Table("services").ColumnExpr("MIN(retail_price_cents) AS lo, MAX(retail_price_cents) AS hi").
		Where("is_active = ?", true).Where("retail_price_cents IS NOT NULL").Scan(ctx, &row); err != nil {
		return 0, 0, fmt.Errorf("read price bounds: %w", err)
	}
	if row.Min != nil {
		minCents = *row.Min
	}
	if row.Max != nil {
		maxCents = *row.Max
	}
	return minCents, maxCents, nil
}

// EventCounts counts, per service, views and tracking events of the given types since a time
// (inputs of trending and bestseller lists).
func (db *DB) EventCounts(ctx context.Context, since time.Time, eventTypes []string, includeViews bool) (map[string]int, error) {
	out := map[string]int{}
	var rows []struct {
		ServiceID string `bun:"service_id"`
		N         int    `bun:"n"`
	}
	if len(eventTypes) > 0 {
		if err := db.bun.NewSelect().Table("service_tracking_events").ColumnExpr("service_id, COUNT(*) AS n").
			Where("event_type IN (?)", bun.In(eventTypes)).Where("created_at >= ?", since).GroupExpr("service_id").Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("count tracking events: %w", err)
		}
		for _, r := range rows {
			out[r.ServiceID] += r.N
		}
	}
	if includeViews {
		rows = rows[:0]
		if err := db.bun.NewSelect().Table("service_views").ColumnExpr("service_id, COUNT(*) AS n").
			Where("created_at >= ?", since).GroupExpr("service_id").Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("count views: %w", err)
		}
		for _, r := range rows {
			out[r.ServiceID] += r.N
		}
	}
	return out, nil
}

// CatalogFingerprint changes whenever services, vendors, tags or reviews change: counts and
// the latest update time of each.
func (db *DB) CatalogFingerprint(ctx context.Context) (string, error) {
	var parts []string
	for _, t := range []struct{ table, col string }{
		{"services", "updated_at"}, {"vendors", "updated_at"}, {"service_reviews", "updated_at"}, {"service_tags", ""},
	} {
		var row struct {
			N  int64   `bun:"n"`
			At *string `bun:"at"`
		}
		col := "NULL"
		if t.col != "" {
			col = "CAST(MAX(" + t.col + ") AS TEXT)"
		}
		if err := db.bun.NewSelect().Table(t.table).ColumnExpr("COUNT(*) AS n, "+col+" AS at").Scan(ctx, &row); err != nil {
			return "", fmt.Errorf("fingerprint %s: %w", t.table, err)
		}
		at := ""
		if row.At != nil {
			at = *row.At
		}
		parts = append(parts, fmt.Sprintf("%s:%d:%s", t.table, row.N, at))
	}
	return strings.Join(parts, "|"), nil
}

// ListedVendors returns vendors the marketplace lists (active; approved, auto_approved or
// pending), by sort order then rating.
func (db *DB) ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error) {
	var rows []catalog.Vendor
	q := db.bun.NewSelect().Model(&rows).Where("is_active = ?", true).
		Where("approval_status IN (?)", bun.In([]string{catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending})).
		OrderExpr("sort_order ASC, name ASC")
	if limit > 0 {
		q = q.Limit(int64(limit))
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("list vendors: %w", err)
	}
	return rows, nil
}

// SaveMarketplaceCache writes a cache row (insert or replace).
func (db *DB) SaveMarketplaceCache(ctx context.Context, key string, data []byte, expires time.Time) error {
	now := db.Now()
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO marketplace_cache (cache_key, cache_data, expires_at, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (cache_key) DO UPDATE SET cache_data = EXCLUDED.cache_data, expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at`,
		key, string(data), expires.UTC(), now); err != nil {
		return fmt.Errorf("save marketplace cache: %w", err)
	}
	return nil
}

// DeleteMarketplaceCache removes a cache row.
func (db *DB) DeleteMarketplaceCache(ctx context.Context, key string) error {
	if _, err := db.bun.ExecContext(ctx, "DELETE FROM marketplace_cache WHERE cache_key = ?", key); err != nil {
		return fmt.Errorf("delete marketplace cache: %w", err)
	}
	return nil
}

// CacheMeta describes a cache row without its data (marketplace.CacheMeta: the snapshot's
// Store interface names it, and the marketplace package cannot import the store).
type CacheMeta = marketplace.CacheMeta

// MarketplaceCacheMeta reads a cache row's timestamps and size.
func (db *DB) MarketplaceCacheMeta(ctx context.Context, key string) (CacheMeta, error) {
	var row struct {
		ExpiresAt time.Time `bun:"expires_at"`
		UpdatedAt time.Time `bun:"updated_at"`
		Bytes     int       `bun:"bytes"`
	}
	err := db.bun.NewSelect().Table("marketplace_cache").ColumnExpr("expires_at, updated_at, LENGTH(cache_data) AS bytes").
		Where("cache_key = ?", key).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return CacheMeta{}, nil
	}
	if err != nil {
		return CacheMeta{}, fmt.Errorf("read marketplace cache: %w", err)
	}
	return CacheMeta{Exists: true, ExpiresAt: row.ExpiresAt, UpdatedAt: row.UpdatedAt, Bytes: row.Bytes}, nil
}
