package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Secret returns the named application secret, creating it with gen on first use. Every
// replica reads the same value.
func (db *DB) Secret(ctx context.Context, name string, gen func() string) (string, error) {
	var v string
	err := db.bun.NewSelect().Table("app_secrets").Column("value").Where("name = ?", name).Scan(ctx, &v)
	if err == nil {
		return v, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read secret %s: %w", name, err)
	}
	if _, err := db.bun.ExecContext(ctx, "INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
		name, gen(), db.Now()); err != nil {
		return "", fmt.Errorf("create secret %s: %w", name, err)
	}
	if err := db.bun.NewSelect().Table("app_secrets").Column("value").Where("name = ?", name).Scan(ctx, &v); err != nil {
		return "", fmt.Errorf("read secret %s: %w", name, err)
	}
	return v, nil
}
