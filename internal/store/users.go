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
func (db Accounts) CreateUser(ctx context.Context, u account.User, p account.Profile) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		return createUser(ctx, tx, db.Now(), u, p)
	})
}

func createUser(ctx context.Context, tx bun.IDB, now time.Time, u account.User, p account.Profile) error {
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	u.CreatedAt, u.UpdatedAt = now, now
	ur := userRowOf(u)
	if _, err := tx.NewInsert().Model(&ur).Exec(ctx); err != nil {
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
	if p.PreferredCurrency == "" {
		p.PreferredCurrency = "auto"
	}
	p.CreatedAt, p.UpdatedAt = now, now
	pr := profileRowOf(p)
	return insertModel(ctx, tx, &pr, "insert profile")
}

// UserByID reads a user.
func (db Accounts) UserByID(ctx context.Context, id string) (account.User, error) {
	return oneRow[userRow](ctx, db.bun, "user", "id = ?", id)
}

// UserByEmail finds a user by e-mail, case-insensitively.
func (db Accounts) UserByEmail(ctx context.Context, email string) (account.User, error) {
	var r userRow
	err := db.bun.NewSelect().Model(&r).Where("email = ?", strings.ToLower(strings.TrimSpace(email))).Scan(ctx)
	if err != nil {
		return account.User{}, notFound(err, "user")
	}
	return r.domain(), nil
}

// UserByGoogleSubject finds the user linked to a Google account.
func (db Accounts) UserByGoogleSubject(ctx context.Context, subject string) (account.User, error) {
	return oneRow[userRow](ctx, db.bun, "user", "google_subject = ?", subject)
}

// LinkGoogle links a Google subject to a user and, when verify is set, marks the e-mail
// verified (Google sign-in counts as verified).
func (db Accounts) LinkGoogle(ctx context.Context, userID, subject string, verify bool) error {
	now := db.Now()
	q := db.bun.NewUpdate().Model((*userRow)(nil)).Set("google_subject = ?", subject).Set("updated_at = ?", now).Where("id = ?", userID)
	if verify {
		q = q.Set("email_verified_at = COALESCE(email_verified_at, ?)", now)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("link google account: %w", err)
	}
	return nil
}

// SetPassword replaces a user's password hash.
func (db Accounts) SetPassword(ctx context.Context, userID, hash string) error {
	if _, err := db.bun.NewUpdate().Model((*userRow)(nil)).Set("password_hash = ?", hash).Set("updated_at = ?", db.Now()).
		Where("id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// MarkEmailVerified sets email_verified_at once.
func (db Accounts) MarkEmailVerified(ctx context.Context, userID string) error {
	now := db.Now()
	if _, err := db.bun.NewUpdate().Model((*userRow)(nil)).Set("email_verified_at = COALESCE(email_verified_at, ?)", now).
		Set("updated_at = ?", now).Where("id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("mark e-mail verified: %w", err)
	}
	if _, err := db.bun.NewUpdate().Model((*profileRow)(nil)).Set("is_verified = ?", true).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("mark profile verified: %w", err)
	}
	return nil
}
