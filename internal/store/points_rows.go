package store

import (
	"github.com/uptrace/bun"

	"circle/internal/points"
)

// The rows of the points tables (point_allocations, point_spends), embedding the untagged
// domain types: every column is named after its field, so bun maps them; each row adds its
// table and tags the key (see docs/architecture.md, Store areas).

type allocationRow struct {
	bun.BaseModel `bun:"table:point_allocations,alias:allocation"`

	ID string `bun:"id,pk"`
	points.Allocation
}

func allocationRowOf(a points.Allocation) allocationRow {
	return allocationRow{ID: a.ID, Allocation: a}
}

func (r allocationRow) domain() points.Allocation {
	a := r.Allocation
	a.ID = r.ID
	return a
}

type spendRow struct {
	bun.BaseModel `bun:"table:point_spends,alias:spend"`

	ID string `bun:"id,pk"`
	points.Spend
}

func spendRowOf(s points.Spend) spendRow { return spendRow{ID: s.ID, Spend: s} }

func (r spendRow) domain() points.Spend {
	s := r.Spend
	s.ID = r.ID
	return s
}
