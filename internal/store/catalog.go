package store

import (
	"context"
	"fmt"

	"circle/internal/catalog"
)

// ServiceByID reads one service.
func (db *DB) ServiceByID(ctx context.Context, id string) (catalog.Service, error) {
	var s catalog.Service
	if err := db.bun.NewSelect().Model(&s).Where("id = ?", id).Scan(ctx); err != nil {
		return s, notFound(err, "service")
	}
	return s, nil
}

// ServiceTags lists a service's tags in order.
func (db *DB) ServiceTags(ctx context.Context, serviceID string) ([]string, error) {
	var tags []string
	if err := db.bun.NewSelect().Model((*catalog.ServiceTag)(nil)).Column("tag").
		Where("service_id = ?", serviceID).Order("tag").Scan(ctx, &tags); err != nil {
		return nil, fmt.Errorf("read service tags: %w", err)
	}
	return tags, nil
}

// ServicePackages lists a service's packages by sort order.
func (db *DB) ServicePackages(ctx context.Context, serviceID string) ([]catalog.Package, error) {
	var pkgs []catalog.Package
	if err := db.bun.NewSelect().Model(&pkgs).Where("service_id = ?", serviceID).
		Order("sort_order", "id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read service packages: %w", err)
	}
	return pkgs, nil
}

// VendorByID reads one vendor.
func (db *DB) VendorByID(ctx context.Context, id string) (catalog.Vendor, error) {
	var v catalog.Vendor
	if err := db.bun.NewSelect().Model(&v).Where("id = ?", id).Scan(ctx); err != nil {
		return v, notFound(err, "vendor")
	}
	return v, nil
}
