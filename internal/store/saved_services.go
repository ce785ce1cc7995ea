package store

import (
	"context"
	"fmt"

	"circle/internal/catalog"
	"circle/internal/ids"
)

// SavedServices lists a user's saved services, newest first.
func (db Saved) SavedServices(ctx context.Context, userID string) ([]catalog.SavedService, error) {
	return scanDomains[savedServiceRow](ctx, db.bun.NewSelect().Model((*savedServiceRow)(nil)).Where("user_id = ?", userID).Order("created_at DESC", "id DESC"), "read saved services")
}

// SavedService returns a user's saved row of a service, or nil.
func (db Saved) SavedService(ctx context.Context, userID, serviceID string) (*catalog.SavedService, error) {
	var r savedServiceRow
	err := db.bun.NewSelect().Model(&r).Where("user_id = ?", userID).Where("service_id = ?", serviceID).Scan(ctx)
	return domainOrNil(err, r, "saved service")
}

// SaveService saves a service for a user (or updates its note) and returns the row.
func (db Saved) SaveService(ctx context.Context, userID, serviceID, notes string) (catalog.SavedService, error) {
	now := db.Now()
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO saved_services (id, user_id, service_id, notes, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, service_id) DO UPDATE SET notes = EXCLUDED.notes`, ids.New(), userID, serviceID, notes, now); err != nil {
		return catalog.SavedService{}, fmt.Errorf("save service: %w", err)
	}
	var r savedServiceRow
	if err := db.bun.NewSelect().Model(&r).Where("user_id = ?", userID).Where("service_id = ?", serviceID).Scan(ctx); err != nil {
		return catalog.SavedService{}, fmt.Errorf("read saved service: %w", err)
	}
	return r.domain(), nil
}

// UnsaveService removes a saved service; removing one that is not saved is not an error.
func (db Saved) UnsaveService(ctx context.Context, userID, serviceID string) error {
	if _, err := db.bun.NewDelete().Model((*savedServiceRow)(nil)).Where("user_id = ?", userID).Where("service_id = ?", serviceID).Exec(ctx); err != nil {
		return fmt.Errorf("unsave service: %w", err)
	}
	return nil
}
