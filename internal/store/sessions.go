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
)

// activeSessions selects a user's live sessions.
func activeSessions(q *bun.SelectQuery, userID string, now time.Time) *bun.SelectQuery {
	return q.Where("user_id = ?", userID).Where("revoked_at IS NULL").Where("expires_at > ?", now)
}

// CreateSession stores a new session and, in the same transaction, clears the failed sign-in
// attempts counted against loginIdentifier (the account's e-mail): a session starts only after
// a successful sign-in. When the user already has max live sessions, the oldest idle ones are
// ended to make room; it returns how many were ended.
func (db Accounts) CreateSession(ctx context.Context, s account.Session, maxSessions int, loginIdentifier string) (int, error) {
	ended := 0
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		now := db.Now()
		if _, err := tx.NewDelete().Model((*loginAttemptsRow)(nil)).Where("identifier = ?", loginIdentifier).Exec(ctx); err != nil {
			return fmt.Errorf("clear login attempts: %w", err)
		}
		var live []sessionRow
		q := db.forUpdate(activeSessions(tx.NewSelect().Model(&live), s.UserID, now).Order("last_activity ASC", "id ASC"))
		if err := q.Scan(ctx); err != nil {
			return fmt.Errorf("read live sessions: %w", err)
		}
		for i := 0; len(live)-i >= maxSessions; i++ {
			if _, err := tx.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", now).Where("id = ?", live[i].ID).Exec(ctx); err != nil {
				return fmt.Errorf("end oldest session: %w", err)
			}
			ended++
		}
		s.CreatedAt, s.LastActivity = now, now
		row := sessionRowOf(s)
		return insertModel(ctx, tx, &row, "insert session")
	})
	return ended, err
}

// TouchSession records activity now.
func (db Accounts) TouchSession(ctx context.Context, id string) error {
	if _, err := db.bun.NewUpdate().Model((*sessionRow)(nil)).Set("last_activity = ?", db.Now()).Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("touch session: %w", err)
	}
	return nil
}

// ErrRefreshReused is returned when a rotated refresh token is presented again; the whole
// session family has been revoked.
var ErrRefreshReused = apperr.New(apperr.Unauthenticated, "Session expired. Please sign in again.")

// RotateRefresh swaps a live session's tokens when oldRefreshHash is its current refresh
// token. A refresh token that was already rotated away revokes every session of its family.
func (db Accounts) RotateRefresh(ctx context.Context, oldRefreshHash, newTokenHash, newRefreshHash string, accessExpires time.Time) (account.Session, error) {
	var out account.Session
	reused := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		now := db.Now()
		var row sessionRow
		q := db.forUpdate(tx.NewSelect().Model(&row).Where("refresh_hash = ?", oldRefreshHash).Where("revoked_at IS NULL"))
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
			if _, err := tx.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", now).
				Where("family_id = ?", family).Where("revoked_at IS NULL").Exec(ctx); err != nil {
				return fmt.Errorf("revoke session family: %w", err)
			}
			reused = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("read session by refresh token: %w", err)
		}
		s := row.domain()
		if !s.ExpiresAt.After(now) || now.Sub(s.LastActivity) > time.Duration(s.IdleTimeoutSeconds)*time.Second {
			return apperr.New(apperr.Unauthenticated, "Session expired. Please sign in again.")
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO used_refresh_tokens (token_hash, family_id, used_at) VALUES (?, ?, ?)",
			oldRefreshHash, s.FamilyID, now); err != nil {
			return fmt.Errorf("record used refresh token: %w", err)
		}
		s.TokenHash, s.RefreshHash, s.AccessExpiresAt, s.LastActivity = newTokenHash, newRefreshHash, &accessExpires, now
		row = sessionRowOf(s)
		if _, err := tx.NewUpdate().Model(&row).Column("token_hash", "refresh_hash", "access_expires_at", "last_activity").WherePK().Exec(ctx); err != nil {
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
func (db Accounts) ListSessions(ctx context.Context, userID string) ([]account.Session, error) {
	return scanDomains[sessionRow](ctx, activeSessions(db.bun.NewSelect().Model((*sessionRow)(nil)), userID, db.Now()).Order("last_activity DESC", "id DESC"), "list sessions")
}

// RevokeSessions ends the given sessions of the user and returns how many it ended.
func (db Accounts) RevokeSessions(ctx context.Context, userID string, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	res, err := db.bun.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", db.Now()).
		Where("user_id = ?", userID).Where("id IN (?)", bun.In(ids)).Where("revoked_at IS NULL").Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// RevokeOtherSessions ends every session of the user except keepID ("" ends all).
func (db Accounts) RevokeOtherSessions(ctx context.Context, userID, keepID string) error {
	q := db.bun.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", db.Now()).
		Where("user_id = ?", userID).Where("revoked_at IS NULL")
	if keepID != "" {
		q = q.Where("id <> ?", keepID)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("revoke other sessions: %w", err)
	}
	return nil
}

// sessionWithOwner reads a session, its user and profile in one joined query.
type sessionWithOwner struct {
	sessionRow `bun:",extend"`
	User       *userRow    `bun:"rel:belongs-to,join:user_id=id"`
	Profile    *profileRow `bun:"rel:belongs-to,join:user_id=user_id"`
}

// SessionOwnerByTokenHash reads a live session with its user and profile in one query (the
// per-request authentication path). The statement is prepared once: bun writes arguments into
// the SQL text, which would make SQLite parse the query again on every request.
func (db Accounts) SessionOwnerByTokenHash(ctx context.Context, hash string) (account.Session, account.User, account.Profile, error) {
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
	return row.sessionRow.domain(), row.User.domain(), row.Profile.domain(), nil
}

func (db Accounts) sessionOwnerStmt(ctx context.Context) (*sql.Stmt, error) {
	return db.preparedStmt(ctx, "session owner", func(placeholder string) string {
		return db.bun.NewSelect().Model((*sessionWithOwner)(nil)).Relation("User").Relation("Profile").
			Where("session.token_hash = " + placeholder).Where("session.revoked_at IS NULL").Limit(1).String()
	})
}

// PurgeEndedAuthRecords deletes what sign-in no longer needs from before: sessions revoked or
// expired then, the refresh tokens used then (reuse detection needs them only while their
// session family can still live), and bot-check challenges and e-mail links that expired then.
// It returns how many sessions it deleted.
func (db Accounts) PurgeEndedAuthRecords(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.bun.NewDelete().Model((*sessionRow)(nil)).
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
