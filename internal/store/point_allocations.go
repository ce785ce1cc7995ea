package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/idempotency"
	"circle/internal/ids"
	"circle/internal/points"
)

// lockPointsOwner serialises every points operation of one user inside tx: on PostgreSQL the
// user's row is read FOR UPDATE, so two spends of the same agent run one after the other and
// each sees the other's ledger rows; on SQLite the immediate transaction already holds the
// only write lock. A missing user is not found.
func (db Points) lockPointsOwner(ctx context.Context, tx bun.IDB, userID string) error {
	q := "SELECT id FROM users WHERE id = ?"
	if db.kind == Postgres {
		q += " FOR UPDATE"
	}
	var id string
	if err := tx.QueryRowContext(ctx, q, userID).Scan(&id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.New(apperr.NotFound, "user not found")
		}
		return fmt.Errorf("lock points owner: %w", err)
	}
	return nil
}

// GrantPoints records a vendor's allocation and its ledger row in one transaction. A grant with
// the same agent, vendor and non-empty reference as an earlier one returns the earlier one
// (created false).
func (db Points) GrantPoints(ctx context.Context, a points.Allocation) (points.Allocation, bool, error) {
	var created bool
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := db.lockPointsOwner(ctx, tx, a.AgentID); err != nil {
			return err
		}
		var err error
		a, created, err = grantPointsIn(ctx, tx, a, db.Now())
		return err
	})
	return a, created, err
}

// grantPointsIn is GrantPoints inside the caller's transaction (which holds the agent's lock).
func grantPointsIn(ctx context.Context, tx bun.IDB, a points.Allocation, now time.Time) (points.Allocation, bool, error) {
	if a.Reference != "" {
		var prior allocationRow
		err := tx.NewSelect().Model(&prior).Where("agent_id = ? AND vendor_id = ? AND reference = ?", a.AgentID, a.VendorID, a.Reference).Scan(ctx)
		if err == nil {
			return prior.domain(), false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return a, false, fmt.Errorf("read allocation: %w", err)
		}
	}
	if a.ID == "" {
		a.ID = ids.New()
	}
	if a.Status == "" {
		a.Status = points.StatusActive
	}
	a.CreatedAt = now
	row := allocationRowOf(a)
	if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
		return a, false, fmt.Errorf("insert allocation: %w", err)
	}
	e := PointsEntry{ID: ids.New(), UserID: a.AgentID, DeltaPoints: a.Points, Reason: points.ReasonAllocation,
		Reference: a.ID, AllocationID: &a.ID, CreatedAt: now}
	if _, err := tx.NewInsert().Model(&e).Exec(ctx); err != nil {
		return a, false, fmt.Errorf("insert allocation entry: %w", err)
	}
	return a, true, nil
}

// allocationRemaining lists an agent's allocations with what is left of each (the sum of their
// ledger rows) and the vendor's name, soonest end first.
func allocationRemaining(ctx context.Context, q Q, agentID string) ([]points.AllocationBalance, error) {
	var rows []struct {
		allocationRow `bun:",extend"`
		VendorName    string `bun:"vendor_name"`
		Remaining     int64  `bun:"remaining"`
	}
	err := q.NewSelect().TableExpr("point_allocations AS pa").
		ColumnExpr("pa.*").
		ColumnExpr("COALESCE(v.name, '') AS vendor_name").
		ColumnExpr("(SELECT COALESCE(SUM(l.delta_points), 0) FROM points_ledger l WHERE l.allocation_id = pa.id) AS remaining").
		Join("LEFT JOIN vendors AS v ON v.id = pa.vendor_id").
		Where("pa.agent_id = ?", agentID).
		OrderExpr("pa.end_date ASC, pa.created_at ASC, pa.id ASC").
		Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("read allocations: %w", err)
	}
	out := make([]points.AllocationBalance, 0, len(rows))
	for _, r := range rows {
		out = append(out, points.AllocationBalance{Allocation: r.domain(), VendorName: r.VendorName, RemainingPoints: r.Remaining})
	}
	return out, nil
}

// PointsAllocations lists an agent's allocations with their remaining points, soonest end first.
func (db Points) PointsAllocations(ctx context.Context, agentID string) ([]points.AllocationBalance, error) {
	rows, err := allocationRemaining(ctx, db.bun, agentID)
	if err != nil {
		return nil, err
	}
	now := db.Now()
	for i := range rows {
		rows[i].Usable = rows[i].Allocation.Usable(now)
		rows[i].Upcoming = rows[i].Status == points.StatusActive && now.Before(rows[i].StartDate)
	}
	return rows, nil
}

// unallocatedPoints is the sum of an agent's ledger rows not tied to an allocation (an opening
// balance, an award): usable at any time.
func unallocatedPoints(ctx context.Context, q Q, agentID string) (int64, error) {
	var n int64
	if err := q.NewRaw("SELECT COALESCE(SUM(delta_points), 0) FROM points_ledger WHERE user_id = ? AND allocation_id IS NULL", agentID).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("unallocated points: %w", err)
	}
	return n, nil
}

// SpendPoints spends req.Points of an agent in one transaction under the agent's lock:
// allocations usable now (of req.VendorID when set), soonest end first, then (without a vendor)
// points not tied to an allocation. A request whose key was used before returns that spend
// (Replayed) when it asked for the same points and vendor, and refuses otherwise. Fewer usable
// points than asked is points.ErrInsufficientBalance, and nothing is written.
func (db Points) SpendPoints(ctx context.Context, req points.SpendRequest) (points.SpendResult, error) {
	var res points.SpendResult
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := db.lockPointsOwner(ctx, tx, req.AgentID); err != nil {
			return err
		}
		var err error
		res, err = spendPointsIn(ctx, tx, req, db.Now())
		return err
	})
	return res, err
}

// spendPointsIn is SpendPoints inside the caller's transaction (which holds the agent's lock).
func spendPointsIn(ctx context.Context, tx bun.IDB, req points.SpendRequest, now time.Time) (points.SpendResult, error) {
	var res points.SpendResult
	err := func() error {
		var prior spendRow
		err := tx.NewSelect().Model(&prior).Where("agent_id = ? AND idempotency_key = ?", req.AgentID, req.Key).Scan(ctx)
		if err == nil {
			// The spend's points and vendor are its whole request (the reference names the
			// caller's record, which a retry builds anew), so they are its fingerprint.
			if err := idempotency.Check(spendFingerprint(prior.Points, prior.VendorID), spendFingerprint(req.Points, req.VendorID)); err != nil {
				return err
			}
			res = points.SpendResult{Spend: prior.domain(), Replayed: true}
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read spend: %w", err)
		}
		allocs, err := allocationRemaining(ctx, tx, req.AgentID)
		if err != nil {
			return err
		}
		type draw struct {
			allocationID *string
			points       int64
		}
		var draws []draw
		left := req.Points
		for _, a := range allocs {
			if left == 0 {
				break
			}
			if !a.Allocation.Usable(now) || a.RemainingPoints <= 0 || (req.VendorID != "" && a.VendorID != req.VendorID) {
				continue
			}
			id := a.ID
			n := min(left, a.RemainingPoints)
			draws = append(draws, draw{&id, n})
			left -= n
		}
		if left > 0 && req.VendorID == "" {
			free, err := unallocatedPoints(ctx, tx, req.AgentID)
			if err != nil {
				return err
			}
			if free > 0 {
				n := min(left, free)
				draws = append(draws, draw{nil, n})
				left -= n
			}
		}
		if left > 0 {
			return points.ErrInsufficientBalance()
		}
		s := points.Spend{ID: ids.New(), AgentID: req.AgentID, IdempotencyKey: req.Key, Points: req.Points,
			VendorID: req.VendorID, Reference: req.Reference, CreatedAt: now}
		row := spendRowOf(s)
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("insert spend: %w", err)
		}
		for _, d := range draws {
			ref := s.ID + ":"
			if d.allocationID != nil {
				ref += *d.allocationID
			}
			e := PointsEntry{ID: ids.New(), UserID: req.AgentID, DeltaPoints: -d.points, Reason: points.ReasonSpend,
				Reference: ref, AllocationID: d.allocationID, SpendID: &s.ID, CreatedAt: now}
			if _, err := tx.NewInsert().Model(&e).Exec(ctx); err != nil {
				return fmt.Errorf("insert spend entry: %w", err)
			}
		}
		if err := recordMoney(ctx, tx, now, pointsEntry(s.ID, req.AgentID, -req.Points, now)); err != nil {
			return err
		}
		res = points.SpendResult{Spend: s}
		return nil
	}()
	return res, err
}

// ReverseSpend gives an agent's spend back (a refund): one opposite ledger row per row of the
// spend, in one transaction under the agent's lock. Reversing a reversed spend returns it
// unchanged. Points given back to an allocation the expiry job has already closed expire again
// at once, in the same transaction: a refund does not revive lapsed points.
func (db Points) ReverseSpend(ctx context.Context, agentID, spendID string) (points.Spend, error) {
	var s points.Spend
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := db.lockPointsOwner(ctx, tx, agentID); err != nil {
			return err
		}
		var err error
		s, err = reverseSpendIn(ctx, tx, agentID, spendID, db.Now())
		return err
	})
	return s, err
}

// reverseSpendIn is ReverseSpend inside the caller's transaction (which holds the agent's lock).
func reverseSpendIn(ctx context.Context, tx bun.IDB, agentID, spendID string, now time.Time) (points.Spend, error) {
	var s points.Spend
	err := func() error {
		var row spendRow
		err := tx.NewSelect().Model(&row).Where("id = ? AND agent_id = ?", spendID, agentID).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.New(apperr.NotFound, "spend not found")
		}
		if err != nil {
			return fmt.Errorf("read spend: %w", err)
		}
		s = row.domain()
		if s.ReversedAt != nil {
			return nil
		}
		var rows []PointsEntry
		if err := tx.NewSelect().Model(&rows).Where("spend_id = ? AND reason = ?", s.ID, points.ReasonSpend).Scan(ctx); err != nil {
			return fmt.Errorf("read spend entries: %w", err)
		}
		var back int64
		for _, r := range rows {
			back -= r.DeltaPoints
		}
		if back != 0 {
			if err := recordMoney(ctx, tx, now, pointsEntry(s.ID, agentID, back, now)); err != nil {
				return err
			}
		}
		for _, r := range rows {
			back := PointsEntry{ID: ids.New(), UserID: agentID, DeltaPoints: -r.DeltaPoints, Reason: points.ReasonReversal,
				Reference: r.Reference, AllocationID: r.AllocationID, SpendID: &s.ID, CreatedAt: now}
			if _, err := tx.NewInsert().Model(&back).Exec(ctx); err != nil {
				return fmt.Errorf("insert reversal entry: %w", err)
			}
			if r.AllocationID == nil {
				continue
			}
			var status string
			if err := tx.NewRaw("SELECT status FROM point_allocations WHERE id = ?", *r.AllocationID).Scan(ctx, &status); err != nil {
				return fmt.Errorf("read allocation status: %w", err)
			}
			if status == points.StatusExpired {
				gone := PointsEntry{ID: ids.New(), UserID: agentID, DeltaPoints: r.DeltaPoints, Reason: points.ReasonExpiry,
					Reference: "reversal:" + r.Reference, AllocationID: r.AllocationID, SpendID: &s.ID, CreatedAt: now}
				if _, err := tx.NewInsert().Model(&gone).Exec(ctx); err != nil {
					return fmt.Errorf("insert re-expiry entry: %w", err)
				}
			}
		}
		s.ReversedAt = &now
		row = spendRowOf(s)
		if _, err := tx.NewUpdate().Model(&row).Column("reversed_at").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("mark spend reversed: %w", err)
		}
		return nil
	}()
	return s, err
}

// ExpirePointAllocations closes every active allocation whose end date has passed at now: one
// expiry ledger row for what is left (none when nothing is) and the status expired, each
// allocation in its own transaction under its agent's lock. Running it twice expires nothing
// twice (the status is read again under the lock). It returns how many it closed.
func (db Points) ExpirePointAllocations(ctx context.Context, now time.Time) (int, error) {
	var due []allocationRow
	if err := db.bun.NewSelect().Model(&due).Column("id", "agent_id").
		Where("status = ? AND end_date <= ?", points.StatusActive, now.UTC()).Order("end_date").Limit(1000).Scan(ctx); err != nil {
		return 0, fmt.Errorf("read due allocations: %w", err)
	}
	closed := 0
	for _, d := range due {
		err := db.InTx(ctx, func(ctx context.Context) error {
			tx := db.q(ctx)
			if err := db.lockPointsOwner(ctx, tx, d.AgentID); err != nil {
				return err
			}
			done, err := expireAllocationIn(ctx, tx, d.ID, db.Now())
			if done {
				closed++
			}
			return err
		})
		if err != nil {
			return closed, err
		}
	}
	return closed, nil
}

// PointsHistory lists an agent's ledger rows, newest first, at most limit, with the vendor of
// each allocation's row.
func (db Points) PointsHistory(ctx context.Context, agentID string, limit int) ([]points.Entry, error) {
	var rows []struct {
		ID           string    `bun:"id"`
		DeltaPoints  int64     `bun:"delta_points"`
		Reason       string    `bun:"reason"`
		AllocationID string    `bun:"allocation_id"`
		VendorName   string    `bun:"vendor_name"`
		CreatedAt    time.Time `bun:"created_at"`
	}
	err := db.bun.NewSelect().TableExpr("points_ledger AS l").
		ColumnExpr("l.id, l.delta_points, l.reason, COALESCE(l.allocation_id, '') AS allocation_id, COALESCE(v.name, '') AS vendor_name, l.created_at").
		Join("LEFT JOIN point_allocations AS pa ON pa.id = l.allocation_id").
		Join("LEFT JOIN vendors AS v ON v.id = pa.vendor_id").
		Where("l.user_id = ?", agentID).
		OrderExpr("l.created_at DESC, l.id DESC").Limit(int64(limit)).
		Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("points history: %w", err)
	}
	out := make([]points.Entry, 0, len(rows))
	for _, r := range rows {
		out = append(out, points.Entry{ID: r.ID, DeltaPoints: r.DeltaPoints, Reason: r.Reason, AllocationID: r.AllocationID, VendorName: r.VendorName, CreatedAt: r.CreatedAt})
	}
	return out, nil
}

// expireAllocationIn closes one allocation inside the caller's transaction (which holds the
// agent's lock): its expiry row for what is left and the status expired. false when it was
// closed already.
func expireAllocationIn(ctx context.Context, tx Q, allocationID string, now time.Time) (bool, error) {
	var row allocationRow
	if err := tx.NewSelect().Model(&row).Where("id = ?", allocationID).Scan(ctx); err != nil {
		return false, fmt.Errorf("read allocation: %w", err)
	}
	a := row.domain()
	if a.Status != points.StatusActive {
		return false, nil
	}
	var left int64
	if err := tx.NewRaw("SELECT COALESCE(SUM(delta_points), 0) FROM points_ledger WHERE allocation_id = ?", a.ID).Scan(ctx, &left); err != nil {
		return false, fmt.Errorf("allocation remaining: %w", err)
	}
	if left > 0 {
		e := PointsEntry{ID: ids.New(), UserID: a.AgentID, DeltaPoints: -left, Reason: points.ReasonExpiry,
			Reference: a.ID, AllocationID: &a.ID, CreatedAt: now}
		if _, err := tx.NewInsert().Model(&e).Exec(ctx); err != nil {
			return false, fmt.Errorf("insert expiry entry: %w", err)
		}
	}
	if _, err := tx.NewUpdate().Model((*allocationRow)(nil)).Set("status = ?", points.StatusExpired).Where("id = ?", a.ID).Exec(ctx); err != nil {
		return false, fmt.Errorf("expire allocation: %w", err)
	}
	return true, nil
}

// spendFingerprint is a spend request's fingerprint (issue 27 item 3).
func spendFingerprint(points int64, vendorID string) string {
	return idempotency.Fingerprint("points-spend", points, vendorID)
}
