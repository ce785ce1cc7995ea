package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/apperr"
)

// CreateUser inserts a user and its profile in one transaction. The e-mail is lower-cased; a
// taken e-mail is a conflict.
func (db *DB) CreateUser(ctx context.Context, u account.User, p account.Profile) error {
	return db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return createUser(ctx, tx, db.Now(), u, p) })
}

func createUser(ctx context.Context, tx bun.IDB, now time.Time, u account.User, p account.Profile) error {
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	u.CreatedAt, u.UpdatedAt = now, now
	if _, err := tx.NewInsert().Model(&u).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return apperr.Field("email", "auth.email_taken", "An account with this email already exists. Try logging in instead.")
		}
		return fmt.Errorf("insert user: %w", err)
	}
	p.UserID = u.ID
	if p.Specialties == nil {
		p.Specialties = []string{}
	}
	if p.PreferredLanguage == "" {
		p.PreferredLanguage = "en"
	}
	p.CreatedAt, p.UpdatedAt = now, now
	if _, err := tx.NewInsert().Model(&p).Exec(ctx); err != nil {
		return fmt.Errorf("insert profile: %w", err)
	}
	return nil
}

// UserByEmail finds a user by e-mail, case-insensitively.
func (db *DB) UserByEmail(ctx context.Context, email string) (account.User, error) {
	var u account.User
	err := db.bun.NewSelect().Model(&u).Where("email = ?", strings.ToLower(strings.TrimSpace(email))).Scan(ctx)
	if err != nil {
		return u, notFound(err, "user")
	}
	return u, nil
}

// ProfileByUserID reads a profile.
func (db *DB) ProfileByUserID(ctx context.Context, userID string) (account.Profile, error) {
	var p account.Profile
	if err := db.bun.NewSelect().Model(&p).Where("user_id = ?", userID).Scan(ctx); err != nil {
		return p, notFound(err, "profile")
	}
	return p, nil
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
