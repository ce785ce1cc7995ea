package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/notify"
)

// UserByID reads a user.
func (db *DB) UserByID(ctx context.Context, id string) (account.User, error) {
	var u account.User
	if err := db.bun.NewSelect().Model(&u).Where("id = ?", id).Scan(ctx); err != nil {
		return u, notFound(err, "user")
	}
	return u, nil
}

// UserByGoogleSubject finds the user linked to a Google account.
func (db *DB) UserByGoogleSubject(ctx context.Context, subject string) (account.User, error) {
	var u account.User
	if err := db.bun.NewSelect().Model(&u).Where("google_subject = ?", subject).Scan(ctx); err != nil {
		return u, notFound(err, "user")
	}
	return u, nil
}

// LinkGoogle links a Google subject to a user and, when verify is set, marks the e-mail
// verified (Google sign-in counts as verified).
func (db *DB) LinkGoogle(ctx context.Context, userID, subject string, verify bool) error {
	now := db.Now()
	q := db.bun.NewUpdate().Model((*account.User)(nil)).Set("google_subject = ?", subject).Set("updated_at = ?", now).Where("id = ?", userID)
	if verify {
		q = q.Set("email_verified_at = COALESCE(email_verified_at, ?)", now)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("link google account: %w", err)
	}
	return nil
}

// lockRow reads a login_attempts row for update inside tx. FOR UPDATE is PostgreSQL-only;
// SQLite's immediate transaction already holds the write lock.
func (db *DB) lockRow(ctx context.Context, tx bun.Tx, identifier string) (auth.LoginAttempts, bool, error) {
	var a auth.LoginAttempts
	q := tx.NewSelect().Model(&a).Where("identifier = ?", identifier)
	if db.kind == Postgres {
		q = q.For("UPDATE")
	}
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.LoginAttempts{Identifier: identifier}, false, nil
	}
	if err != nil {
		return a, false, fmt.Errorf("read login attempts: %w", err)
	}
	return a, true, nil
}

// LockStatus reads an identifier's lock status.
func (db *DB) LockStatus(ctx context.Context, identifier string) (auth.LockStatus, error) {
	var a auth.LoginAttempts
	err := db.bun.NewSelect().Model(&a).Where("identifier = ?", identifier).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.LockStatus{AttemptsRemaining: auth.MaxFailedAttempts}, nil
	}
	if err != nil {
		return auth.LockStatus{}, fmt.Errorf("read login attempts: %w", err)
	}
	return a.Status(db.Now()), nil
}

// ReserveLoginAttempt counts one attempt for identifier atomically and reports whether it may
// proceed (false while locked).
func (db *DB) ReserveLoginAttempt(ctx context.Context, identifier string) (auth.LockStatus, bool, error) {
	// The usual case, no attempts counted yet (a successful sign-in clears them): one insert
	// of the row holding this first attempt. Only when a row exists does the transaction
	// below lock and update it.
	now := db.Now()
	first := auth.LoginAttempts{Identifier: identifier, WindowStartedAt: now}
	st, ok := first.Reserve(now)
	res, err := db.bun.NewInsert().Model(&first).On("CONFLICT (identifier) DO NOTHING").Exec(ctx)
	if err != nil {
		return st, false, fmt.Errorf("create login attempts: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return st, ok, nil
	}
	err = db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		// Create the row first when it is missing, so the row lock below serialises every
		// reservation, the very first ones included: without it, concurrent first attempts on
		// PostgreSQL all read "no row" and each proceed to a password check.
		fresh := auth.LoginAttempts{Identifier: identifier, WindowStartedAt: now, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(&fresh).On("CONFLICT (identifier) DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("create login attempts: %w", err)
		}
		a, exists, err := db.lockRow(ctx, tx, identifier)
		if err != nil {
			return err
		}
		if !exists {
			a.WindowStartedAt = now
		}
		st, ok = a.Reserve(now)
		if !ok {
			return nil
		}
		if exists {
			_, err = tx.NewUpdate().Model(&a).WherePK().Exec(ctx)
		} else {
			_, err = tx.NewInsert().Model(&a).On("CONFLICT (identifier) DO NOTHING").Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("save login attempts: %w", err)
		}
		return nil
	})
	return st, ok, err
}

// ClearLoginAttempts resets an identifier's counter.
func (db *DB) ClearLoginAttempts(ctx context.Context, identifier string) error {
	if _, err := db.bun.NewDelete().Model((*auth.LoginAttempts)(nil)).Where("identifier = ?", identifier).Exec(ctx); err != nil {
		return fmt.Errorf("clear login attempts: %w", err)
	}
	return nil
}

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

// MarkEmailVerified sets email_verified_at once.
func (db *DB) MarkEmailVerified(ctx context.Context, userID string) error {
	now := db.Now()
	if _, err := db.bun.NewUpdate().Model((*account.User)(nil)).Set("email_verified_at = COALESCE(email_verified_at, ?)", now).
		Set("updated_at = ?", now).Where("id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("mark e-mail verified: %w", err)
	}
	if _, err := db.bun.NewUpdate().Model((*account.Profile)(nil)).Set("is_verified = ?", true).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("mark profile verified: %w", err)
	}
	return nil
}

// SetPassword replaces a user's password hash.
func (db *DB) SetPassword(ctx context.Context, userID, hash string) error {
	if _, err := db.bun.NewUpdate().Model((*account.User)(nil)).Set("password_hash = ?", hash).Set("updated_at = ?", db.Now()).
		Where("id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// activeSessions selects a user's live sessions.
func activeSessions(q *bun.SelectQuery, userID string, now time.Time) *bun.SelectQuery {
	return q.Where("user_id = ?", userID).Where("revoked_at IS NULL").Where("expires_at > ?", now)
}

// CreateSession stores a new session and, in the same transaction, clears the failed sign-in
// attempts counted against loginIdentifier (the account's e-mail): a session starts only after
// a successful sign-in. When the user already has max live sessions, the oldest idle ones are
// ended to make room; it returns how many were ended.
func (db *DB) CreateSession(ctx context.Context, s account.Session, maxSessions int, loginIdentifier string) (int, error) {
	ended := 0
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		if _, err := tx.NewDelete().Model((*auth.LoginAttempts)(nil)).Where("identifier = ?", loginIdentifier).Exec(ctx); err != nil {
			return fmt.Errorf("clear login attempts: %w", err)
		}
		var live []account.Session
		q := activeSessions(tx.NewSelect().Model(&live), s.UserID, now).Order("last_activity ASC", "id ASC")
		if db.kind == Postgres {
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); err != nil {
			return fmt.Errorf("read live sessions: %w", err)
		}
		for i := 0; len(live)-i >= maxSessions; i++ {
			if _, err := tx.NewUpdate().Model((*account.Session)(nil)).Set("revoked_at = ?", now).Where("id = ?", live[i].ID).Exec(ctx); err != nil {
				return fmt.Errorf("end oldest session: %w", err)
			}
			ended++
		}
		s.CreatedAt, s.LastActivity = now, now
		if _, err := tx.NewInsert().Model(&s).Exec(ctx); err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		return nil
	})
	return ended, err
}

// TouchSession records activity now.
func (db *DB) TouchSession(ctx context.Context, id string) error {
	if _, err := db.bun.NewUpdate().Model((*account.Session)(nil)).Set("last_activity = ?", db.Now()).Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("touch session: %w", err)
	}
	return nil
}

// ErrRefreshReused is returned when a rotated refresh token is presented again; the whole
// session family has been revoked.
var ErrRefreshReused = apperr.New(apperr.Unauthenticated, "Session expired. Please sign in again.")

// RotateRefresh swaps a live session's tokens when oldRefreshHash is its current refresh
// token. A refresh token that was already rotated away revokes every session of its family.
func (db *DB) RotateRefresh(ctx context.Context, oldRefreshHash, newTokenHash, newRefreshHash string, accessExpires time.Time) (account.Session, error) {
	var out account.Session
	reused := false
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		var s account.Session
		q := tx.NewSelect().Model(&s).Where("refresh_hash = ?", oldRefreshHash).Where("revoked_at IS NULL")
		if db.kind == Postgres {
			q = q.For("UPDATE")
		}
		err := q.Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			var family string
			err := tx.NewSelect().Table("used_refresh_tokens").Column("family_id").Where("token_hash = ?", oldRefreshHash).Scan(ctx, &family)
			if errors.Is(err, sql.ErrNoRows) {
				return apperr.New(apperr.Unauthenticated, "Session expired. Please sign in again.")
			}
			if err != nil {
				return fmt.Errorf("read used refresh tokens: %w", err)
			}
			if _, err := tx.NewUpdate().Model((*account.Session)(nil)).Set("revoked_at = ?", now).
				Where("family_id = ?", family).Where("revoked_at IS NULL").Exec(ctx); err != nil {
				return fmt.Errorf("revoke session family: %w", err)
			}
			reused = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("read session by refresh token: %w", err)
		}
		if !s.ExpiresAt.After(now) || now.Sub(s.LastActivity) > time.Duration(s.IdleTimeoutSeconds)*time.Second {
			return apperr.New(apperr.Unauthenticated, "Session expired. Please sign in again.")
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO used_refresh_tokens (token_hash, family_id, used_at) VALUES (?, ?, ?)",
			oldRefreshHash, s.FamilyID, now); err != nil {
			return fmt.Errorf("record used refresh token: %w", err)
		}
		s.TokenHash, s.RefreshHash, s.AccessExpiresAt, s.LastActivity = newTokenHash, newRefreshHash, &accessExpires, now
		if _, err := tx.NewUpdate().Model(&s).Column("token_hash", "refresh_hash", "access_expires_at", "last_activity").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("rotate session tokens: %w", err)
		}
		out = s
		return nil
	})
	if err != nil {
		return out, err
	}
	if reused {
		return out, ErrRefreshReused
	}
	return out, nil
}

// ListSessions lists a user's live sessions, most recent activity first.
func (db *DB) ListSessions(ctx context.Context, userID string) ([]account.Session, error) {
	var out []account.Session
	if err := activeSessions(db.bun.NewSelect().Model(&out), userID, db.Now()).Order("last_activity DESC", "id DESC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// RevokeSessions ends the given sessions of the user and returns how many it ended.
func (db *DB) RevokeSessions(ctx context.Context, userID string, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	res, err := db.bun.NewUpdate().Model((*account.Session)(nil)).Set("revoked_at = ?", db.Now()).
		Where("user_id = ?", userID).Where("id IN (?)", bun.In(ids)).Where("revoked_at IS NULL").Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// RevokeOtherSessions ends every session of the user except keepID ("" ends all).
func (db *DB) RevokeOtherSessions(ctx context.Context, userID, keepID string) error {
	q := db.bun.NewUpdate().Model((*account.Session)(nil)).Set("revoked_at = ?", db.Now()).
		Where("user_id = ?", userID).Where("revoked_at IS NULL")
	if keepID != "" {
		q = q.Where("id <> ?", keepID)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("revoke other sessions: %w", err)
	}
	return nil
}

// UseBotChallenge records a bot-check challenge id as used; a second use is a conflict.
func (db *DB) UseBotChallenge(ctx context.Context, id string, expires time.Time) error {
	now := db.Now()
	if _, err := db.bun.NewDelete().Table("bot_challenges_used").Where("expires_at < ?", now).Exec(ctx); err != nil {
		return fmt.Errorf("prune bot challenges: %w", err)
	}
	if _, err := db.bun.ExecContext(ctx, "INSERT INTO bot_challenges_used (id, expires_at) VALUES (?, ?)", id, expires.UTC()); err != nil {
		if isUniqueViolation(err) {
			return apperr.New(apperr.Conflict, "challenge already used")
		}
		return fmt.Errorf("record bot challenge: %w", err)
	}
	return nil
}

// RecordEmail stores an e-mail in the outbox.
func (db *DB) RecordEmail(ctx context.Context, e notify.OutboxEmail) error {
	e.CreatedAt = db.Now()
	if _, err := db.bun.NewInsert().Model(&e).Exec(ctx); err != nil {
		return fmt.Errorf("record e-mail: %w", err)
	}
	return nil
}

// OutboxEmails lists recorded e-mails, newest first, optionally only those to one address.
func (db *DB) OutboxEmails(ctx context.Context, to string, limit int) ([]notify.OutboxEmail, error) {
	var out []notify.OutboxEmail
	q := db.bun.NewSelect().Model(&out).Order("created_at DESC", "id DESC").Limit(int64(limit))
	if to != "" {
		q = q.Where("to_address = ?", to)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	return out, nil
}

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

// sessionWithOwner reads a session, its user and profile in one joined query.
type sessionWithOwner struct {
	account.Session `bun:",extend"`
	User            *account.User    `bun:"rel:belongs-to,join:user_id=id"`
	Profile         *account.Profile `bun:"rel:belongs-to,join:user_id=user_id"`
}

// SessionOwnerByTokenHash reads a live session with its user and profile in one query (the
// per-request authentication path). The statement is prepared once: bun writes arguments into
// the SQL text, which would make SQLite parse the query again on every request.
func (db *DB) SessionOwnerByTokenHash(ctx context.Context, hash string) (account.Session, account.User, account.Profile, error) {
	stmt, err := db.sessionOwnerStmt(ctx)
	if err != nil {
		return account.Session{}, account.User{}, account.Profile{}, err
	}
	rows, err := stmt.QueryContext(ctx, hash)
	if err != nil {
		return account.Session{}, account.User{}, account.Profile{}, fmt.Errorf("read session: %w", err)
	}
	var row sessionWithOwner
	if err := db.bun.ScanRows(ctx, rows, &row); err != nil {
		return account.Session{}, account.User{}, account.Profile{}, notFound(err, "session")
	}
	if row.User == nil || row.Profile == nil || row.User.ID == "" {
		return account.Session{}, account.User{}, account.Profile{}, apperr.New(apperr.NotFound, "session not found")
	}
	return row.Session, *row.User, *row.Profile, nil
}

func (db *DB) sessionOwnerStmt(ctx context.Context) (*sql.Stmt, error) {
	return db.preparedStmt(ctx, "session owner", func(placeholder string) string {
		return db.bun.NewSelect().Model((*sessionWithOwner)(nil)).Relation("User").Relation("Profile").
			Where("session.token_hash = " + placeholder).Where("session.revoked_at IS NULL").Limit(1).String()
	})
}

// PurgeEndedAuthRecords deletes what sign-in no longer needs from before: sessions revoked or
// expired then, the refresh tokens used then (reuse detection needs them only while their
// session family can still live), and bot-check challenges and e-mail links that expired then.
// It returns how many sessions it deleted.
func (db *DB) PurgeEndedAuthRecords(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.bun.NewDelete().Model((*account.Session)(nil)).
		WhereGroup(" AND ", func(q *bun.DeleteQuery) *bun.DeleteQuery {
			return q.Where("revoked_at < ?", before).WhereOr("expires_at < ?", before)
		}).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("purge ended sessions: %w", err)
	}
	sessions, _ := res.RowsAffected()
	for _, purge := range []struct{ what, query string }{
		{"used refresh tokens", "DELETE FROM used_refresh_tokens WHERE used_at < ?"},
		{"used bot challenges", "DELETE FROM bot_challenges_used WHERE expires_at < ?"},
		{"expired e-mail links", "DELETE FROM email_tokens WHERE expires_at < ?"},
	} {
		if _, err := db.bun.ExecContext(ctx, purge.query, before); err != nil {
			return sessions, fmt.Errorf("purge %s: %w", purge.what, err)
		}
	}
	return sessions, nil
}
