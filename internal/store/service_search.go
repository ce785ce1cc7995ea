package store

import (
	"context"
	"fmt"
	"strings"

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
	q = whereGiven(q, "s.lobby_category = ?", mq.Category)
	q = whereGiven(q, "EXISTS (SELECT 1 FROM service_tags t WHERE t.service_id = s.id AND t.tag = ?)", mq.Tag)
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
		q = q.Where("(SELECT AVG(r.rating) FROM service_reviews r WHERE r.service_id = s.id AND r.hidden_at IS NULL) >= ?", mq.MinRating)
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
func (db Catalog) SearchServices(ctx context.Context, mq marketplace.Query) ([]catalog.Service, int64, error) {
	var out []catalog.Service
	var rows []serviceRow
	q := db.bun.NewSelect().Model(&rows).ModelTableExpr("services AS s").ColumnExpr("s.*")
	q = applyServiceFilters(q, mq)
	sort := mq.Sort
	if sort == marketplace.SortRanked && mq.Holdout {
		sort = marketplace.SortNewest
	}
	switch sort {
	case marketplace.SortPriceLow, marketplace.SortPriceHigh:
		// The price key (marketplace.SortPriceKey, the quote's Comparable) in SQL: services
		// without a key last in both directions, then sort order, then id.
		dir := "ASC"
		if sort == marketplace.SortPriceHigh {
			dir = "DESC"
		}
		q = q.OrderExpr("(" + sortPriceKeySQL + ") IS NULL ASC").
			OrderExpr("(" + sortPriceKeySQL + ") " + dir + ", s.sort_order ASC, s.id ASC")
	case marketplace.SortNewest:
		q = q.OrderExpr("s.created_at DESC, s.id ASC")
	default:
		q = q.OrderExpr("s.sort_order ASC, s.created_at DESC, s.id ASC")
	}
	q = q.Limit(int64(mq.PageSize)).Offset(int64((mq.Page - 1) * mq.PageSize))
	if err := q.Scan(ctx); err != nil {
		return nil, 0, fmt.Errorf("search services: %w", err)
	}
	out = domainsOf(rows)
	count := db.bun.NewSelect().TableExpr("services AS s")
	total, err := applyServiceFilters(count, mq).Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count services: %w", err)
	}
	return out, total, nil
}

// sortPriceKeySQL is marketplace.SortPriceKey in SQL (the same on SQLite and PostgreSQL): NULL
// without a price online (requires_quote, or no positive retail price), else the retail price
// over a year: as it is for a one-time price (marketplace.PriceSuffix's words) or a yearly one,
// times 12 for a monthly one (the default).
const sortPriceKeySQL = `CASE WHEN s.requires_quote = TRUE OR s.retail_price_cents IS NULL OR s.retail_price_cents <= 0 THEN NULL
 WHEN LOWER(s.price_duration) LIKE '%one time%' OR LOWER(s.price_duration) LIKE '%one-time%' OR LOWER(s.price_duration) LIKE '%onetime%'
  OR LOWER(s.price_duration) = 'once' OR LOWER(s.price_duration) LIKE '% once%' THEN s.retail_price_cents
 WHEN LOWER(s.price_duration) LIKE '%year%' OR LOWER(s.price_duration) LIKE '%annual%' THEN s.retail_price_cents
 ELSE s.retail_price_cents * 12 END`

// TagCounts counts active services per tag.
func (db Catalog) TagCounts(ctx context.Context) (map[string]int, error) {
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
func (db Catalog) PriceBounds(ctx context.Context) (minCents, maxCents int64, err error) {
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

// CatalogFingerprint changes whenever services, vendors, tags or reviews change: counts and
// the latest update time of each.
func (db Catalog) CatalogFingerprint(ctx context.Context) (string, error) {
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
