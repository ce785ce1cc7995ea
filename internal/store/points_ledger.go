package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/ids"
	"circle/internal/points"
)

// PointsEntry is one change of a user's Circle points (points_ledger).
type PointsEntry struct {
	bun.BaseModel `bun:"table:points_ledger"`

	ID          string `bun:"id,pk"`
	UserID      string `bun:"user_id,notnull"`
	DeltaPoints int64  `bun:"delta_points,notnull"`
	Reason      string `bun:"reason,notnull"`
	// Reference names what the entry is for (an order, a review...); an entry with the same
	// user, reason and reference is recorded once.
	Reference string `bun:"reference,notnull"`
	// AllocationID and SpendID tie a wallet row to the vendor's allocation it draws on and the
	// spend it belongs to (point_allocations.go); NULL on the other rows.
	AllocationID *string   `bun:"allocation_id"`
	SpendID      *string   `bun:"spend_id"`
	CreatedAt    time.Time `bun:"created_at,notnull"`
}

// AddPoints appends a ledger entry. It reports false when an entry with the same user, reason
// and non-empty reference already exists (a retried award), leaving the balance unchanged.
func (db Points) AddPoints(ctx context.Context, userID string, delta int64, reason, reference string) (bool, error) {
	if delta == 0 {
		return false, fmt.Errorf("add points: zero delta")
	}
	e := PointsEntry{ID: ids.New(), UserID: userID, DeltaPoints: delta, Reason: reason, Reference: reference, CreatedAt: db.Now()}
	if _, err := db.bun.NewInsert().Model(&e).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return false, nil
		}
		return false, fmt.Errorf("add points: %w", err)
	}
	return true, nil
}

// PointsBalance is the agent's available points: the sum of their ledger rows that are not tied
// to an allocation plus those of allocations usable now (active, started, not ended). An
// allocation past its end date stops counting at once, before the expiry job writes its expiry
// row, so the balance shown always equals what a spend can use (0 without entries).
func (db Points) PointsBalance(ctx context.Context, userID string) (int64, error) {
	now := db.Now()
	var balance int64
	err := db.bun.NewRaw(`SELECT COALESCE(SUM(l.delta_points), 0) FROM points_ledger l
		LEFT JOIN point_allocations pa ON pa.id = l.allocation_id
		WHERE l.user_id = ? AND (l.allocation_id IS NULL OR (pa.status = ? AND pa.start_date <= ? AND pa.end_date > ?))`,
		userID, points.StatusActive, now, now).Scan(ctx, &balance)
	if err != nil {
		return 0, fmt.Errorf("points balance: %w", err)
	}
	return balance, nil
}
