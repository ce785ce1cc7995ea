package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// insertModel writes one row (row points at a row struct); a failure is wrapped with what.
func insertModel(ctx context.Context, q Q, row any, what string) error {
	if _, err := q.NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// insertNew inserts model unless its key is taken (conflict is the ON CONFLICT ... DO NOTHING
// clause naming the key) and answers whether it was inserted; a failure is wrapped with what.
func insertNew(ctx context.Context, q Q, model any, conflict, what string) (bool, error) {
	res, err := q.NewInsert().Model(model).On(conflict).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("%s: %w", what, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// keysOf lists the key of each row (its id, mostly), in order: the argument of a second query
// over the rows read.
func keysOf[T any](rows []T, key func(T) string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = key(r)
	}
	return out
}

// newestRows reads up to limit rows of R's table, newest first (the id breaks ties, so repeated
// reads agree), narrowed by where and its args when where is set; a failure is wrapped with
// what.
func newestRows[R any](ctx context.Context, q Q, limit int, what, where string, args ...any) ([]R, error) {
	var rows []R
	sel := q.NewSelect().Model(&rows)
	if where != "" {
		sel = sel.Where(where, args...)
	}
	if err := sel.Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return rows, nil
}

// newestDomains is newestRows answered as the rows' domain values.
func newestDomains[R interface{ domain() D }, D any](ctx context.Context, q Q, limit int, what, where string, args ...any) ([]D, error) {
	rows, err := newestRows[R](ctx, q, limit, what, where, args...)
	if err != nil {
		return nil, err
	}
	return domainsOf(rows), nil
}

// domainsOrErr maps rows to their domain values where mapping a row can fail (a JSON column
// that does not parse); the first failure is the answer.
func domainsOrErr[R interface{ domain() (D, error) }, D any](rows []R) ([]D, error) {
	out := make([]D, 0, len(rows))
	for _, r := range rows {
		d, err := r.domain()
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// scanner is a query that scans its rows into dest: a select or a raw query.
type scanner interface {
	Scan(ctx context.Context, dest ...any) error
}

// scanAll runs sel and answers its rows as a slice of T (nil when there are none); a failure is
// wrapped with what.
func scanAll[T any](ctx context.Context, sel scanner, what string) ([]T, error) {
	var out []T
	if err := sel.Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// scanList is scanAll answering an empty list, not nil, when there are none: for the lists whose
// callers answer [] rather than null.
func scanList[T any](ctx context.Context, sel scanner, what string) ([]T, error) {
	out, err := scanAll[T](ctx, sel, what)
	if out == nil && err == nil {
		out = []T{}
	}
	return out, err
}

// scanDomains runs sel, a select of R's table (Model((*R)(nil))), and answers its rows' domain
// values (empty, not nil, when there are none); a failure is wrapped with what.
func scanDomains[R interface{ domain() D }, D any](ctx context.Context, sel *bun.SelectQuery, what string) ([]D, error) {
	rows, err := scanAll[R](ctx, sel, what)
	if err != nil {
		return nil, err
	}
	return domainsOf(rows), nil
}

// oneRow reads the one row of R's table that where (with args) selects and answers its domain
// value; no such row is a not-found error naming what.
func oneRow[R interface{ domain() D }, D any](ctx context.Context, q Q, what, where string, args ...any) (D, error) {
	var r R
	if err := q.NewSelect().Model(&r).Where(where, args...).Scan(ctx); err != nil {
		var zero D
		return zero, notFound(err, what)
	}
	return r.domain(), nil
}

// deleteAllBut runs del (a parent's child rows) on every row but those whose id is in keep: how
// a save that replaces the children removes the ones it no longer has. A failure is wrapped
// with what.
func deleteAllBut(ctx context.Context, del *bun.DeleteQuery, keep []string, what string) error {
	if len(keep) > 0 {
		del = del.Where("id NOT IN (?)", bun.In(keep))
	}
	if _, err := del.Exec(ctx); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}
