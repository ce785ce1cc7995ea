package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/ids"
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
	Reference string    `bun:"reference,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

// AddPoints appends a ledger entry. It reports false when an entry with the same user, reason
// and non-empty reference already exists (a retried award), leaving the balance unchanged.
func (db *DB) AddPoints(ctx context.Context, userID string, delta int64, reason, reference string) (bool, error) {
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

// PointsBalance is the sum of a user's ledger entries (0 without entries).
func (db *DB) PointsBalance(ctx context.Context, userID string) (int64, error) {
	// Prepared once: the header reads the balance with every profile fetch.
	stmt, err := db.preparedStmt(ctx, "points balance", func(placeholder string) string {
		return "SELECT COALESCE(SUM(delta_points), 0) FROM points_ledger WHERE user_id = " + placeholder
	})
	if err != nil {
		return 0, err
	}
	var balance int64
	if err := stmt.QueryRowContext(ctx, userID).Scan(&balance); err != nil {
		return 0, fmt.Errorf("points balance: %w", err)
	}
	return balance, nil
}
