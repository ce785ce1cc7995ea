package store

import (
	"context"
	"fmt"

	"circle/internal/appconfig"
)

// GetConfig reads the app_config row (created with the defaults by the first migration).
func (db *DB) GetConfig(ctx context.Context) (appconfig.Config, error) {
	var c appconfig.Config
	if err := db.bun.NewSelect().Model(&c).Where("id = ?", appconfig.RowID).Scan(ctx); err != nil {
		return c, fmt.Errorf("read app_config: %w", err)
	}
	return c, nil
}

// SaveConfig writes every field of the app_config row.
func (db *DB) SaveConfig(ctx context.Context, c appconfig.Config) error {
	c.ID = appconfig.RowID
	c.UpdatedAt = db.Now()
	if _, err := db.bun.NewUpdate().Model(&c).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save app_config: %w", err)
	}
	return nil
}
