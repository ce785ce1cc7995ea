package store

import (
	"context"
	"fmt"

	"circle/internal/apperr"
	"circle/internal/auth"
)

// CreateEmailToken stores a link token (hashed).
func (db *DB) CreateEmailToken(ctx context.Context, t auth.EmailToken) error {
	t.CreatedAt = db.Now()
	if _, err := db.bun.NewInsert().Model(&t).Exec(ctx); err != nil {
		return fmt.Errorf("store e-mail token: %w", err)
	}
	return nil
}

// UseEmailToken marks an unexpired, unused token of the purpose used, exactly once.
func (db *DB) UseEmailToken(ctx context.Context, hash, purpose string) (auth.EmailToken, error) {
	var t auth.EmailToken
	now := db.Now()
	res, err := db.bun.NewUpdate().Model((*auth.EmailToken)(nil)).Set("used_at = ?", now).
		Where("token_hash = ?", hash).Where("purpose = ?", purpose).Where("used_at IS NULL").Where("expires_at > ?", now).Exec(ctx)
	if err != nil {
		return t, fmt.Errorf("use e-mail token: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return t, apperr.Field("token", "auth.token_invalid", "This link is invalid or has expired. Please request a new one.")
	}
	if err := db.bun.NewSelect().Model(&t).Where("token_hash = ?", hash).Scan(ctx); err != nil {
		return t, notFound(err, "token")
	}
	return t, nil
}
