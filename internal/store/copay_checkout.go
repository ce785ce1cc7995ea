package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/copay"
	"circle/internal/ids"
)

// Co-pay at checkout: a paid order uses its approved requests, a refunded one reverses them.

// MarkCoPayUsed moves an approved request to used by a paid order, with a 'used' history row.
// The move is one conditional UPDATE, so a request is used once whatever runs twice.
func (db Checkout) MarkCoPayUsed(ctx context.Context, requestID, orderID string, now time.Time) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model((*copayRequestRow)(nil)).Set("status = ?", copay.StatusUsed).Set("updated_at = ?", now).
		Where("id = ?", requestID).Where("status = ?", copay.StatusApproved).Exec(ctx)
	if err != nil {
		return fmt.Errorf("use co-pay request: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return db.coPayEvent(ctx, q, requestID, copay.StatusUsed, "Paid with order "+orderID+".", now)
}

// ReverseCoPay records that a refunded order's co-pay share is no longer owed: a 'refunded'
// history row on a used request, once. The request stays used (its approval was for that
// purchase).
func (db Checkout) ReverseCoPay(ctx context.Context, requestID, orderID string, now time.Time) error {
	q := db.q(ctx)
	var r copay.Request
	row, err := oneOrNil(q.NewSelect().Model(&copayRequestRow{Request: &r}).Where("id = ?", requestID).Scan(ctx), &r, "co-pay request")
	if err != nil || row == nil || row.Status != copay.StatusUsed {
		return err
	}
	n, err := q.NewSelect().Model((*copayEventRow)(nil)).Where("request_id = ?", requestID).Where("status = ?", copay.EventRefunded).Count(ctx)
	if err != nil {
		return fmt.Errorf("read co-pay request events: %w", err)
	}
	if n > 0 {
		return nil
	}
	return db.coPayEvent(ctx, q, requestID, copay.EventRefunded, "Order "+orderID+" was refunded: the vendor's share is reversed.", now)
}

func (db Checkout) coPayEvent(ctx context.Context, q Q, requestID, status, note string, now time.Time) error {
	var r copay.Request
	if err := q.NewSelect().Model(&copayRequestRow{Request: &r}).Where("id = ?", requestID).Scan(ctx); err != nil {
		return fmt.Errorf("read co-pay request: %w", err)
	}
	split := r.RequestedSplit
	if r.ApprovedSplit != nil {
		split = *r.ApprovedSplit
	}
	ev := copay.Event{ID: ids.New(), RequestID: r.ID, Status: status, SplitPercentage: split, VendorShareCents: r.VendorShareCents,
		AgentShareCents: r.AgentShareCents, Explanation: r.Explanation, Note: note, CreatedAt: now}
	if _, err := q.NewInsert().Model(&copayEventRow{Event: &ev}).Exec(ctx); err != nil {
		return fmt.Errorf("insert co-pay request event: %w", err)
	}
	return nil
}
