package store

import (
	"context"
	"fmt"

	"circle/internal/apperr"
	"circle/internal/ids"
)

// AddDiscountInterest records an agent's interest in a discount; a second vote is a conflict.
func (db Carts) AddDiscountInterest(ctx context.Context, serviceID, agentID string) error {
	if _, err := db.bun.ExecContext(ctx, "INSERT INTO service_discount_interest (id, service_id, agent_id, created_at) VALUES (?, ?, ?, ?)",
		ids.New(), serviceID, agentID, db.Now()); err != nil {
		if isUniqueViolation(err) {
			return apperr.New(apperr.Conflict, "Already interested")
		}
		return fmt.Errorf("add discount interest: %w", err)
	}
	return nil
}

// DiscountInterest returns how many agents want a discount on the service and whether agentID is one.
func (db Carts) DiscountInterest(ctx context.Context, serviceID, agentID string) (int, bool, error) {
	n, err := db.bun.NewSelect().Table("service_discount_interest").Where("service_id = ?", serviceID).Count(ctx)
	if err != nil {
		return 0, false, fmt.Errorf("count discount interest: %w", err)
	}
	mine := false
	if agentID != "" {
		m, err := db.bun.NewSelect().Table("service_discount_interest").Where("service_id = ?", serviceID).Where("agent_id = ?", agentID).Count(ctx)
		if err != nil {
			return 0, false, fmt.Errorf("read discount interest: %w", err)
		}
		mine = m > 0
	}
	return int(n), mine, nil
}
