package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/platform"
)

// CatalogStats counts active services, listed vendors and reviews.
func (db Ops) CatalogStats(ctx context.Context) (platform.CatalogStats, error) {
	var s platform.CatalogStats
	var err error
	if s.ActiveServices, err = db.bun.NewSelect().Model((*serviceRow)(nil)).Where("is_active = ?", true).Count(ctx); err != nil {
		return s, fmt.Errorf("count services: %w", err)
	}
	if s.Vendors, err = db.bun.NewSelect().Model((*vendorRow)(nil)).Where("is_active = ?", true).
		Where("approval_status IN (?)", bun.In([]string{catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending})).Count(ctx); err != nil {
		return s, fmt.Errorf("count vendors: %w", err)
	}
	if s.Reviews, err = db.bun.NewSelect().Model((*reviewRow)(nil)).Where("hidden_at IS NULL").Count(ctx); err != nil {
		return s, fmt.Errorf("count reviews: %w", err)
	}
	return s, nil
}
