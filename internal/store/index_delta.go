package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/marketplace"
)

// What the marketplace's search index reads to apply a change without a full rebuild
// (marketplace.IndexDeltaStore) and to build itself without a full copy of the rows
// (marketplace.IndexStreamStore).

// ActiveServicesIn returns those of ids that are active services.
func (db Catalog) ActiveServicesIn(ctx context.Context, ids []string) ([]catalog.Service, error) {
	if len(ids) == 0 {
		return []catalog.Service{}, nil
	}
	return scanDomains[serviceRow](ctx, db.bun.NewSelect().Model((*serviceRow)(nil)).Where("id IN (?)", bun.In(ids)).Where("is_active = ?", true), "read changed services")
}

// ServiceRatingSumsIn returns the review sums of those of ids that have reviews.
func (db Catalog) ServiceRatingSumsIn(ctx context.Context, ids []string) (map[string]marketplace.RatingSum, error) {
	out := map[string]marketplace.RatingSum{}
	if len(ids) == 0 {
		return out, nil
	}
	return ratingSums(ctx, db.DB, ids, "read changed rating sums")
}

// EachActiveService calls fn with every active service in the ranked order (as
// ActiveServices), one row at a time, so the rows are never all in memory at once. The funnel
// content is not read (its JSON is most of a row's decoding cost): FunnelContent is nil and fn
// gets the funnel content's estimated ROI (estimatedRoi, 0 when absent) instead. fn must not
// keep the pointer.
func (db Catalog) EachActiveService(ctx context.Context, fn func(s *catalog.Service, funnelROI int) error) error {
	roi := "COALESCE(CAST(json_extract(funnel_content, '$.estimatedRoi') AS INTEGER), 0)"
	if db.kind == Postgres {
		roi = "COALESCE(CAST(CAST(NULLIF(funnel_content, '') AS jsonb)->>'estimatedRoi' AS numeric), 0)::bigint"
	}
	var row struct {
		serviceRow `bun:",extend"`
		FunnelROI  int `bun:"funnel_roi,scanonly"`
	}
	rows, err := db.bun.NewSelect().Model(&row).ExcludeColumn("funnel_content").ColumnExpr(roi+" AS funnel_roi").
		Where("is_active = ?", true).OrderExpr("sort_order ASC, created_at DESC, id ASC").Rows(ctx)
	if err != nil {
		return fmt.Errorf("read active services: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		row.serviceRow, row.FunnelROI = serviceRow{}, 0
		if err := db.bun.ScanRow(ctx, rows, &row); err != nil {
			return fmt.Errorf("read active services: %w", err)
		}
		s := row.domain()
		if err := fn(&s, row.FunnelROI); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read active services: %w", err)
	}
	return nil
}

var (
	_ marketplace.IndexDeltaStore  = Catalog{}
	_ marketplace.IndexStreamStore = Catalog{}
)
