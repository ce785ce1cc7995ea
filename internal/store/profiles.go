package store

import (
	"context"
	"fmt"

	"circle/internal/account"
)

// ProfileByUserID reads a profile.
func (db Accounts) ProfileByUserID(ctx context.Context, userID string) (account.Profile, error) {
	return oneRow[profileRow](ctx, db.bun, "profile", "user_id = ?", userID)
}

// EnsureProfile creates the profile of an existing user when it is missing (ensure_profile_exists)
// and returns it.
func (db Accounts) EnsureProfile(ctx context.Context, userID, displayName string) (account.Profile, error) {
	now := db.Now()
	p := account.Profile{UserID: userID, DisplayName: displayName, Specialties: []string{}, PreferredLanguage: "en", PreferredCurrency: "auto", CreatedAt: now, UpdatedAt: now}
	r := profileRowOf(p)
	if _, err := db.bun.NewInsert().Model(&r).On("CONFLICT (user_id) DO NOTHING").Exec(ctx); err != nil {
		return p, fmt.Errorf("ensure profile: %w", err)
	}
	return db.ProfileByUserID(ctx, userID)
}

// SaveProfile writes every editable field of a profile.
func (db Accounts) SaveProfile(ctx context.Context, p account.Profile) error {
	p.UpdatedAt = db.Now()
	if p.Specialties == nil {
		p.Specialties = []string{}
	}
	r := profileRowOf(p)
	if _, err := db.bun.NewUpdate().Model(&r).Column("display_name", "business_name", "avatar_url", "specialties", "phone",
		"city", "state", "zip_code", "location", "preferred_language", "preferred_currency", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	return nil
}
