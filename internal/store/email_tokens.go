package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/auth"
)

// CreateEmailToken stores a link token (hashed). A reset link ends the user's earlier unused
// reset links: only the newest reset e-mail works, so a link left in an old message cannot
// change the password. Verification links are not ended by a newer one: each proves the same
// thing (control of the mailbox) and grants no access, and a person who asked twice may open
// either e-mail. Links of one user are written under one lock, so reset links issued at once
// still leave exactly one.
func (db Accounts) CreateEmailToken(ctx context.Context, t auth.EmailToken) error {
	t.CreatedAt = db.Now()
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := db.lockDedupeKey(ctx, "email_tokens", t.UserID); err != nil {
			return err
		}
		if t.Purpose == auth.PurposeReset {
			if err := endEmailTokens(ctx, tx, t.UserID, t.Purpose); err != nil {
				return err
			}
		}
		row := emailTokenRowOf(t)
		return insertModel(ctx, tx, &row, "store e-mail token")
	})
}

// endEmailTokens deletes the user's unused links of the purposes: a link that can no longer be
// used need not be kept (a used one is kept until the purge, for support questions).
func endEmailTokens(ctx context.Context, tx Q, userID string, purposes ...string) error {
	if _, err := tx.NewDelete().Model((*emailTokenRow)(nil)).Where("user_id = ?", userID).
		Where("purpose IN (?)", bun.In(purposes)).Where("used_at IS NULL").Exec(ctx); err != nil {
		return fmt.Errorf("end earlier e-mail links: %w", err)
	}
	return nil
}

// UseEmailToken marks an unexpired, unused token of the purpose used, exactly once, and ends
// the account's other unused links of that purpose; a reset also ends its verification links
// (the reset link proved the address, and marks it verified).
func (db Accounts) UseEmailToken(ctx context.Context, hash, purpose string) (auth.EmailToken, error) {
	invalid := apperr.Field("token", "auth.token_invalid", "This link is invalid or has expired. Please request a new one.")
	var t auth.EmailToken
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		// The owner first, for the per-user lock; the update below then checks the link again
		// under it (another use may have ended it meanwhile).
		var row emailTokenRow
		err := tx.NewSelect().Model(&row).Where("token_hash = ?", hash).Where("purpose = ?", purpose).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return invalid
		}
		if err != nil {
			return fmt.Errorf("read e-mail token: %w", err)
		}
		t = row.domain()
		if err := db.lockDedupeKey(ctx, "email_tokens", t.UserID); err != nil {
			return err
		}
		now := db.Now()
		res, err := tx.NewUpdate().Model((*emailTokenRow)(nil)).Set("used_at = ?", now).
			Where("token_hash = ?", hash).Where("purpose = ?", purpose).Where("used_at IS NULL").Where("expires_at > ?", now).Exec(ctx)
		if err := oneChanged(res, err, "use e-mail token", invalid); err != nil {
			return err
		}
		t.UsedAt = &now
		ended := []string{purpose}
		if purpose == auth.PurposeReset {
			ended = append(ended, auth.PurposeVerify)
		}
		return endEmailTokens(ctx, tx, t.UserID, ended...)
	})
	if err != nil {
		return auth.EmailToken{}, err
	}
	return t, nil
}
