package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
)

// listFilter gathers the WHERE conditions of a back-office list and their arguments. The lists
// (users, services, vendors, reviews, security events, compliance) filter alike: a text search
// over some columns, then one condition for each filter that is set, all ANDed.
type listFilter struct {
	where []string
	args  []any
}

// newListFilter starts a filter that matches every row: "1 = 1" keeps the clause valid when no
// filter is set.
func newListFilter() *listFilter { return &listFilter{where: []string{"1 = 1"}, args: []any{}} }

// add appends cond with the arguments of its placeholders.
func (f *listFilter) add(cond string, args ...any) {
	f.where = append(f.where, cond)
	f.args = append(f.args, args...)
}

// search appends cond when the text q is set; every placeholder of cond takes q as a LIKE pattern
// (likeArg), so one text is looked for in each column cond names.
func (f *listFilter) search(q, cond string) {
	if q == "" {
		return
	}
	like := likeArg(q)
	args := make([]any, strings.Count(cond, "?"))
	for i := range args {
		args[i] = like
	}
	f.add(cond, args...)
}

// choose appends the condition conds names for the chosen option; no option, or one conds does
// not list, adds none.
func (f *listFilter) choose(option string, conds map[string]string) {
	if cond, ok := conds[option]; ok {
		f.add(cond)
	}
}

// narrowed reports whether any condition beyond "1 = 1" was added.
func (f *listFilter) narrowed() bool { return len(f.where) > 1 }

// conds is the conditions ANDed, for after a WHERE.
func (f *listFilter) conds() string { return strings.Join(f.where, " AND ") }

// listRow reads the one list row query selects (by id): a not-found error naming what when
// there is none.
func listRow[T any](ctx context.Context, q Q, what, query string, args ...any) (T, error) {
	var out []T
	var zero T
	if err := q.NewRaw(query, args...).Scan(ctx, &out); err != nil {
		return zero, fmt.Errorf("read %s: %w", what, err)
	}
	if len(out) == 0 {
		return zero, apperr.New(apperr.NotFound, what+" not found")
	}
	return out[0], nil
}

// whereGiven narrows q by cond, whose one placeholder takes v, when v is given (not empty): a
// list's optional filter.
func whereGiven(q *bun.SelectQuery, cond, v string) *bun.SelectQuery {
	if v == "" {
		return q
	}
	return q.Where(cond, v)
}
