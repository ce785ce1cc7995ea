package store

import (
	"context"
	"fmt"

	"circle/internal/account"
	"circle/internal/apperr"
)

// ProfileByUserID reads a profile.
func (db *DB) ProfileByUserID(ctx context.Context, userID string) (account.Profile, error) {
	var p account.Profile
	if err := db.bun.NewSelect().Model(&p).Where("user_id = ?", userID).Scan(ctx); err != nil {
		return p, notFound(err, "profile")
	}
	return p, nil
}

// EnsureProfile creates the profile of an existing user when it is missing (ensure_profile_exists)
// and returns it.
func (db *DB) EnsureProfile(ctx context.Context, userID, displayName string) (account.Profile, error) {
	now := db.Now()
	p := account.Profile{UserID: userID, DisplayName: displayName, Specialties: []string{}, PreferredLanguage: "en", CreatedAt: now, UpdatedAt: now}
	if _, err := db.bun.NewInsert().Model(&p).On("CONFLICT (user_id) DO NOTHING").Exec(ctx); err != nil {
		return p, fmt.Errorf("ensure profile: %w", err)
	}
	return db.ProfileByUserID(ctx, userID)
}

// SaveProfile writes every editable field of a profile.
func (db *DB) SaveProfile(ctx context.Context, p account.Profile) error {
	p.UpdatedAt = db.Now()
	if p.Specialties == nil {
		p.Specialties = []string{}
	}
	if _, err := db.bun.NewUpdate().Model(&p).Column("display_name", "business_name", "avatar_url", "specialties", "phone",
		"city", "state", "zip_code", "location", "preferred_language", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	return nil
}

// SetAdmin sets or clears a profile's is_admin flag.
func (db *DB) SetAdmin(ctx context.Context, userID string, admin bool) error {
	res, err := db.bun.NewUpdate().Model((*account.Profile)(nil)).Set("is_admin = ?", admin).Set("updated_at = ?", db.Now()).
		Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set admin: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "profile not found")
	}
	return nil
}
