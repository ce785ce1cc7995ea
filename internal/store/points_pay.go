package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"circle/internal/ids"
	"circle/internal/points"
	"circle/internal/pointspay"
)

// SpendPointsIn is SpendPoints on the caller's transaction (ctx): it takes the agent's lock (after
// whatever q already holds, e.g. checkout's) and spends once per key.
func (db PointsPay) SpendPointsIn(ctx context.Context, req points.SpendRequest) (points.SpendResult, error) {
	q := db.q(ctx)
	if err := NewPoints(db.DB).lockPointsOwner(ctx, q, req.AgentID); err != nil {
		return points.SpendResult{}, err
	}
	return spendPointsIn(ctx, q, req, db.Now())
}

// ReversePointsIn is ReverseSpend on the caller's transaction (ctx) (a reversed spend is returned
// unchanged: a refund reverses once).
func (db PointsPay) ReversePointsIn(ctx context.Context, agentID, spendID string) (points.Spend, error) {
	q := db.q(ctx)
	if err := NewPoints(db.DB).lockPointsOwner(ctx, q, agentID); err != nil {
		return points.Spend{}, err
	}
	return reverseSpendIn(ctx, q, agentID, spendID, db.Now())
}

// RecordSpendCharges writes one pending vendor charge per allocation a spend drew from (points
// not tied to an allocation are Circle's and charge nobody), once: a second call finds them.
func (db PointsPay) RecordSpendCharges(ctx context.Context, spendID, orderID string, now time.Time) ([]pointspay.VendorCharge, error) {
	q := db.q(ctx)
	var draws []struct {
		AllocationID string `bun:"allocation_id"`
		VendorID     string `bun:"vendor_id"`
		AgentID      string `bun:"user_id"`
		Points       int64  `bun:"points"`
	}
	err := q.NewSelect().TableExpr("points_ledger AS l").
		ColumnExpr("l.allocation_id, pa.vendor_id, l.user_id, CAST(-SUM(l.delta_points) AS BIGINT) AS points").
		Join("JOIN point_allocations AS pa ON pa.id = l.allocation_id").
		Where("l.spend_id = ? AND l.reason = ?", spendID, points.ReasonSpend).
		GroupExpr("l.allocation_id, pa.vendor_id, l.user_id").OrderExpr("l.allocation_id").
		Scan(ctx, &draws)
	if err != nil {
		return nil, fmt.Errorf("read spend draws: %w", err)
	}
	for _, d := range draws {
		if d.Points <= 0 {
			continue
		}
		c := pointspay.VendorCharge{ID: ids.New(), VendorID: d.VendorID, AgentID: d.AgentID, SpendID: spendID, AllocationID: d.AllocationID,
			OrderID: orderID, Points: d.Points, AmountCents: d.Points * points.CentsPerPoint, Currency: "USD", Status: pointspay.ChargePending,
			CreatedAt: now, UpdatedAt: now}
		if _, err := q.NewInsert().Model(&pointspayVendorChargeRow{VendorCharge: &c}).On("CONFLICT (spend_id, allocation_id) DO NOTHING").Exec(ctx); err != nil {
			return nil, fmt.Errorf("insert vendor charge: %w", err)
		}
	}
	return db.SpendCharges(ctx, spendID)
}

// SpendCharges lists the vendor charges of a spend.
func (db PointsPay) SpendCharges(ctx context.Context, spendID string) ([]pointspay.VendorCharge, error) {
	q := db.q(ctx)
	return scanAll[pointspay.VendorCharge](ctx, q.NewSelect().Model((*pointspayVendorChargeRow)(nil)).Where("spend_id = ?", spendID).Order("allocation_id"), "read vendor charges")
}

// VendorCharges lists a vendor's point charges, newest first.
func (db PointsPay) VendorCharges(ctx context.Context, vendorID string, limit int) ([]pointspay.VendorCharge, error) {
	q := db.q(ctx)
	return scanAll[pointspay.VendorCharge](ctx, q.NewSelect().Model((*pointspayVendorChargeRow)(nil)).Where("vendor_id = ?", vendorID).Order("created_at DESC", "id DESC").Limit(int64(limit)), "read vendor charges")
}

// LockVendorCharge reads a vendor charge for update; nil when there is none.
func (db PointsPay) LockVendorCharge(ctx context.Context, id string) (*pointspay.VendorCharge, error) {
	q := db.q(ctx)
	var c pointspay.VendorCharge
	sel := db.forUpdate(q.NewSelect().Model(&pointspayVendorChargeRow{VendorCharge: &c}).Where("id = ?", id))
	if err := sel.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, fmt.Errorf("lock vendor charge: %w", err)
	}
	return &c, nil
}

// SaveVendorCharge writes a vendor charge's status and what the provider answered.
func (db PointsPay) SaveVendorCharge(ctx context.Context, c pointspay.VendorCharge) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&pointspayVendorChargeRow{VendorCharge: &c}).Column("status", "provider", "provider_charge_id", "stripe_customer_id", "stripe_payment_method_id",
		"failure", "attempts", "declines", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save vendor charge: %w", err)
	}
	return recordMoney(ctx, q, db.Now(), vendorChargeEntries(c)...)
}

// VendorBillingOf reads how a vendor pays for points (empty when it saved nothing).
func (db PointsPay) VendorBillingOf(ctx context.Context, vendorID string) (pointspay.VendorBilling, error) {
	q := db.q(ctx)
	b := pointspay.VendorBilling{VendorID: vendorID}
	err := q.NewSelect().Model(&pointspayVendorBillingRow{VendorBilling: &b}).Where("vendor_id = ?", vendorID).Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return b, fmt.Errorf("read vendor billing: %w", err)
	}
	return b, nil
}

// GuaranteeMemberships lists memberships that started before startedBefore (a membership year
// of theirs may have ended).
func (db PointsPay) GuaranteeMemberships(ctx context.Context, startedBefore time.Time) ([]pointspay.GuaranteeMembership, error) {
	return scanAll[pointspay.GuaranteeMembership](ctx, db.bun.NewSelect().Table("subscriptions").Column("id", "user_id", "started_at", "ended_at").
		Where("started_at IS NOT NULL AND started_at <= ?", startedBefore.UTC()).Order("started_at", "id"), "read memberships")
}

// GuaranteeFiguresOf sums, for one membership year [Start, End): the membership fees paid (US
// cents of its paid invoices whose period starts in the year), what paid Pro and points lines
// saved against retail, and the US cents points paid of paid orders.
func (db PointsPay) GuaranteeFiguresOf(ctx context.Context, y pointspay.GuaranteeYear) (pointspay.GuaranteeFigures, error) {
	var f pointspay.GuaranteeFigures
	from, to := y.Start.UTC(), y.End.UTC()
	if err := db.bun.NewRaw(`SELECT CAST(COALESCE(SUM(amount_usd_cents), 0) AS BIGINT) FROM billing_invoices
		WHERE subscription_id = ? AND status = 'paid' AND period_start >= ? AND period_start < ?`, y.SubscriptionID, from, to).Scan(ctx, &f.FeeUSDCents); err != nil {
		return f, fmt.Errorf("sum membership fees: %w", err)
	}
	if err := db.bun.NewRaw(`SELECT CAST(COALESCE(SUM((i.retail_unit_price_usd_cents - i.unit_price_usd_cents) * i.quantity), 0) AS BIGINT)
		FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE o.user_id = ? AND o.status = 'paid' AND o.paid_at >= ? AND o.paid_at < ? AND i.coverage IN ('pro', 'points')
		AND i.retail_unit_price_usd_cents > i.unit_price_usd_cents`, y.UserID, from, to).Scan(ctx, &f.ProSavingsUSDCents); err != nil {
		return f, fmt.Errorf("sum Pro savings: %w", err)
	}
	if err := db.bun.NewRaw(`SELECT CAST(COALESCE(SUM(i.points_usd_cents), 0) AS BIGINT)
		FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE o.user_id = ? AND o.status = 'paid' AND o.paid_at >= ? AND o.paid_at < ?`, y.UserID, from, to).Scan(ctx, &f.PointsUSDCents); err != nil {
		return f, fmt.Errorf("sum points used: %w", err)
	}
	return f, nil
}

// CreditGuarantee records a membership year's guarantee and, when it credits points, their
// ledger row (reason pro_guarantee, not tied to an allocation), in one transaction under the
// member's lock. A year recorded before returns false and writes nothing.
func (db PointsPay) CreditGuarantee(ctx context.Context, c pointspay.GuaranteeCredit) (bool, error) {
	created := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := NewPoints(db.DB).lockPointsOwner(ctx, tx, c.UserID); err != nil {
			return err
		}
		c.YearStart, c.YearEnd = c.YearStart.UTC(), c.YearEnd.UTC()
		inserted, err := insertNew(ctx, tx, &pointspayGuaranteeCreditRow{GuaranteeCredit: &c}, "CONFLICT (subscription_id, year_start) DO NOTHING", "insert guarantee year")
		if err != nil || !inserted {
			return err
		}
		created = true
		if c.Points <= 0 {
			return nil
		}
		e := PointsEntry{ID: ids.New(), UserID: c.UserID, DeltaPoints: c.Points, Reason: pointspay.ReasonGuarantee, Reference: c.ID, CreatedAt: c.CreatedAt}
		if _, err := tx.NewInsert().Model(&e).Exec(ctx); err != nil {
			return fmt.Errorf("insert guarantee credit: %w", err)
		}
		return recordMoney(ctx, tx, db.Now(), guaranteeEntry(c)...)
	})
	return created, err
}

// GuaranteeCredits lists a member's guarantee years, newest first.
func (db PointsPay) GuaranteeCredits(ctx context.Context, userID string) ([]pointspay.GuaranteeCredit, error) {
	return scanAll[pointspay.GuaranteeCredit](ctx, db.bun.NewSelect().Model((*pointspayGuaranteeCreditRow)(nil)).Where("user_id = ?", userID).Order("year_start DESC"), "read guarantee years")
}

// AutomaticCoPayByKey reads an agent's automatic co-pay by its client key; nil when none.
func (db PointsPay) AutomaticCoPayByKey(ctx context.Context, agentID, key string) (*pointspay.AutomaticCoPay, error) {
	q := db.q(ctx)
	var c pointspay.AutomaticCoPay
	if ok, err := found(q.NewSelect().Model(&pointspayAutomaticCoPayRow{AutomaticCoPay: &c}).Where("agent_id = ? AND idempotency_key = ?", agentID, key).Scan(ctx), "automatic co-pay"); !ok {
		return nil, err
	}
	return &c, nil
}

// InsertAutomaticCoPay records an automatic co-pay.
func (db PointsPay) InsertAutomaticCoPay(ctx context.Context, c pointspay.AutomaticCoPay) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&pointspayAutomaticCoPayRow{AutomaticCoPay: &c}).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return pointspay.ErrDuplicateCoPay
		}
		return fmt.Errorf("insert automatic co-pay: %w", err)
	}
	return nil
}

// SaveAutomaticCoPay writes an automatic co-pay's outcome.
func (db PointsPay) SaveAutomaticCoPay(ctx context.Context, c pointspay.AutomaticCoPay) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&pointspayAutomaticCoPayRow{AutomaticCoPay: &c}).Column("spend_id", "request_id", "status", "order_id", "failure", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save automatic co-pay: %w", err)
	}
	return nil
}

// AppliedCoPays lists an agent's automatic co-pays whose points wait for a checkout, oldest first.
func (db PointsPay) AppliedCoPays(ctx context.Context, agentID string) ([]pointspay.AutomaticCoPay, error) {
	q := db.q(ctx)
	return scanAll[pointspay.AutomaticCoPay](ctx, q.NewSelect().Model((*pointspayAutomaticCoPayRow)(nil)).Where("agent_id = ? AND status = ? AND points_cents > 0", agentID, pointspay.CoPayApplied).
		Order("created_at", "id"), "read applied co-pays")
}

// UseOrderCoPays marks used, by orderID, the applied co-pays its lines took points from.
func (db PointsPay) UseOrderCoPays(ctx context.Context, orderID string, now time.Time) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*pointspayAutomaticCoPayRow)(nil)).Set("status = ?, order_id = ?, updated_at = ?", pointspay.CoPayUsed, orderID, now).
		Where("status = ? AND id IN (SELECT points_copay_id FROM order_items WHERE order_id = ? AND points_copay_id <> '')", pointspay.CoPayApplied, orderID).
		Exec(ctx); err != nil {
		return fmt.Errorf("use co-pays: %w", err)
	}
	return nil
}

// OrderCoPays lists the co-pays a paid order used.
func (db PointsPay) OrderCoPays(ctx context.Context, orderID string) ([]pointspay.AutomaticCoPay, error) {
	q := db.q(ctx)
	return scanAll[pointspay.AutomaticCoPay](ctx, q.NewSelect().Model((*pointspayAutomaticCoPayRow)(nil)).Where("order_id = ? AND status = ?", orderID, pointspay.CoPayUsed).Order("id"), "read order co-pays")
}

// CoPayCoverageUSDCents sums, for the Pro Savings Guarantee, the vendor co-pay shares that paid
// a member's orders paid in [from, to): the approved request's per-unit US share (co_pay_requests
// keeps it in US cents) times the line's quantity.
func (db PointsPay) CoPayCoverageUSDCents(ctx context.Context, userID string, from, to time.Time) (int64, error) {
	var sum int64
	err := db.bun.NewRaw(`SELECT CAST(COALESCE(SUM(r.vendor_share_cents * i.quantity), 0) AS BIGINT)
		FROM order_items i JOIN orders o ON o.id = i.order_id JOIN co_pay_requests r ON r.id = i.co_pay_request_id
		WHERE o.user_id = ? AND o.status = 'paid' AND o.paid_at >= ? AND o.paid_at < ?`, userID, from.UTC(), to.UTC()).Scan(ctx, &sum)
	if err != nil {
		return 0, fmt.Errorf("sum co-pay coverage: %w", err)
	}
	return sum, nil
}
