package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"

	"circle/internal/apperr"
)

// isUniqueViolation reports whether err is a unique-constraint violation on either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqliteErr *sqlite.Error
	if errors.As(err, &sqliteErr) {
		// SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555).
		return sqliteErr.Code() == 2067 || sqliteErr.Code() == 1555
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// notFound turns sql.ErrNoRows into a not_found application error and wraps anything else.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, what+" not found")
	}
	return apperr.Wrap(err, "read "+what)
}

// oneOrNil turns a single-row read into the row, nil when there is none, or the error.
func oneOrNil[T any](err error, row *T, what string) (*T, error) {
	if ok, err := found(err, what); !ok {
		return nil, err
	}
	return row, nil
}

// domainOrNil turns a single-row read into the row's domain value, nil when there is no row, or
// the error wrapped with what was read.
func domainOrNil[R interface{ domain() D }, D any](err error, r R, what string) (*D, error) {
	if ok, err := found(err, what); !ok {
		return nil, err
	}
	d := r.domain()
	return &d, nil
}

// found turns a single-row read's error into whether the row was there: no row is (false, nil),
// any other error (false, the error wrapped with what was read).
func found(err error, what string) (bool, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read %s: %w", what, err)
	}
	return true, nil
}

// rowsChanged answers how many rows a statement (res, err) changed; a failed statement, or a
// failed count, is wrapped with what.
func rowsChanged(res sql.Result, err error, what string) (int64, error) {
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	return n, nil
}

// oneChanged checks a statement meant to change exactly one row: a failed one is wrapped with
// what, and any other count of changed rows is absent (the caller's not-found or conflict).
func oneChanged(res sql.Result, err error, what string, absent error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return absent
	}
	return nil
}
