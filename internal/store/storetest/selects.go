package storetest

import (
	"context"
	"regexp"
	"sync"

	"github.com/uptrace/bun"

	"circle/internal/store"
)

// Selects counts the SELECT statements run on a database, by the table they read first, while
// Count runs: a bun query hook, so it sees what either engine actually receives. Tests use it
// to prove a request reads each row once (issue 26 item 4).
type Selects struct {
	mu sync.Mutex
	on bool
	n  map[string]int
}

// CountSelects adds a Selects hook to db (off until Count).
func CountSelects(db *store.DB) *Selects {
	s := &Selects{}
	db.Bun().AddQueryHook(s)
	return s
}

var selectFrom = regexp.MustCompile(`(?is)^\s*SELECT\s.*?\sFROM\s+"?([a-z_]+)"?`)

// BeforeQuery implements bun.QueryHook.
func (s *Selects) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

// AfterQuery implements bun.QueryHook.
func (s *Selects) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	m := selectFrom.FindStringSubmatch(e.Query)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.on && m != nil {
		s.n[m[1]]++
	}
}

// Count runs fn and returns the SELECTs it ran, by table.
func (s *Selects) Count(fn func()) map[string]int {
	s.mu.Lock()
	s.on, s.n = true, map[string]int{}
	s.mu.Unlock()
	fn()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.on = false
	return s.n
}
