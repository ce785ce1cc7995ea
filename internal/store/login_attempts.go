package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"circle/internal/auth"
)

// lockRow reads a login_attempts row for update inside tx. FOR UPDATE is PostgreSQL-only;
// SQLite's immediate transaction already holds the write lock.
func (db Accounts) lockRow(ctx context.Context, tx Q, identifier string) (auth.LoginAttempts, bool, error) {
	var r loginAttemptsRow
	q := db.forUpdate(tx.NewSelect().Model(&r).Where("identifier = ?", identifier))
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.LoginAttempts{Identifier: identifier}, false, nil
	}
	if err != nil {
		return auth.LoginAttempts{}, false, fmt.Errorf("read login attempts: %w", err)
	}
	return r.domain(), true, nil
}

// LockStatus reads an identifier's lock status.
func (db Accounts) LockStatus(ctx context.Context, identifier string) (auth.LockStatus, error) {
	var r loginAttemptsRow
	err := db.bun.NewSelect().Model(&r).Where("identifier = ?", identifier).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return auth.LockStatus{AttemptsRemaining: auth.MaxFailedAttempts}, nil
	}
	if err != nil {
		return auth.LockStatus{}, fmt.Errorf("read login attempts: %w", err)
	}
	return r.domain().Status(db.Now()), nil
}

// RecordLoginFailure counts one wrong password for identifier atomically and returns the status
// after it; false when the identifier was locked already (the failure counts nothing). Only
// failures are counted, after the password check: concurrent failures are serialised on the
// row, so however many arrive at once exactly MaxFailedAttempts count and the last of them
// locks, and a right password checked meanwhile is refused once the lock is set
// (auth.Service.SignIn reads the status again after the check).
func (db Accounts) RecordLoginFailure(ctx context.Context, identifier string) (auth.LockStatus, bool, error) {
	// The usual case, no failures counted yet (a successful sign-in clears them): one insert
	// of the row holding this first failure. Only when a row exists does the transaction
	// below lock and update it.
	now := db.Now()
	first := auth.LoginAttempts{Identifier: identifier, WindowStartedAt: now}
	st, ok := first.CountFailure(now)
	firstRow := loginAttemptsRowOf(first)
	inserted, err := insertNew(ctx, db.bun, &firstRow, "CONFLICT (identifier) DO NOTHING", "create login attempts")
	if err != nil {
		return st, false, err
	}
	if inserted {
		return st, ok, nil
	}
	err = db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		now := db.Now()
		// Create the row first when it is missing (cleared since the insert above), so the
		// row lock below serialises every failure: without it, concurrent first failures on
		// PostgreSQL all read "no row" and each count as the first.
		fresh := loginAttemptsRowOf(auth.LoginAttempts{Identifier: identifier, WindowStartedAt: now, UpdatedAt: now})
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
		st, ok = a.CountFailure(now)
		if !ok {
			return nil
		}
		row := loginAttemptsRowOf(a)
		if exists {
			_, err = tx.NewUpdate().Model(&row).WherePK().Exec(ctx)
		} else {
			_, err = tx.NewInsert().Model(&row).On("CONFLICT (identifier) DO NOTHING").Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("save login attempts: %w", err)
		}
		return nil
	})
	return st, ok, err
}

// ClearLoginAttempts resets an identifier's counter.
func (db Accounts) ClearLoginAttempts(ctx context.Context, identifier string) error {
	if _, err := db.bun.NewDelete().Model((*loginAttemptsRow)(nil)).Where("identifier = ?", identifier).Exec(ctx); err != nil {
		return fmt.Errorf("clear login attempts: %w", err)
	}
	return nil
}
