package store

import (
	"context"
	"fmt"

	"circle/internal/appconfig"
)

// LockConfig reads the app_config row in ctx's transaction, locking it until the transaction
// ends (PostgreSQL row lock; SQLite's immediate transaction holds the only write lock), so two
// administrators' changes apply one after the other and each audit entry's "before" is true.
func (db *DB) LockConfig(ctx context.Context) (appconfig.Config, error) {
	q := db.q(ctx)
	var r appConfigRow
	sel := db.forUpdate(q.NewSelect().Model(&r).Where("id = ?", appconfig.RowID))
	if err := sel.Scan(ctx); err != nil {
		return appconfig.Config{}, fmt.Errorf("lock app_config: %w", err)
	}
	return r.domain(), nil
}

// SaveConfigIn writes every field of the app_config row.
func (db *DB) SaveConfigIn(ctx context.Context, c appconfig.Config) (appconfig.Config, error) {
	q := db.q(ctx)
	c.ID = appconfig.RowID
	c.UpdatedAt = db.Now()
	r := appConfigRowOf(c)
	if _, err := q.NewUpdate().Model(&r).WherePK().Exec(ctx); err != nil {
		return c, fmt.Errorf("save app_config: %w", err)
	}
	return c, nil
}

// GetConfig reads the app_config row (created with the defaults by the first migration).
func (db *DB) GetConfig(ctx context.Context) (appconfig.Config, error) {
	var r appConfigRow
	if err := db.bun.NewSelect().Model(&r).Where("id = ?", appconfig.RowID).Scan(ctx); err != nil {
		return appconfig.Config{}, fmt.Errorf("read app_config: %w", err)
	}
	return r.domain(), nil
}

// SaveConfig writes every field of the app_config row.
func (db *DB) SaveConfig(ctx context.Context, c appconfig.Config) error {
	c.ID = appconfig.RowID
	c.UpdatedAt = db.Now()
	r := appConfigRowOf(c)
	if _, err := db.bun.NewUpdate().Model(&r).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save app_config: %w", err)
	}
	return nil
}
