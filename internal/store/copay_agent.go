package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/copay"
	"circle/internal/ids"
)

// The agent's side of co-pay requests (co_pay_requests, co_pay_request_events, the cart line's
// link): issue 15 item 2.

// attachCoPay reads the co-pay request of each co-pay line (one query): the cart derives the
// line's state from it every time it is read.
func (db CoPays) attachCoPay(ctx context.Context, q Q, items []cart.Item) error {
	var reqIDs []string
	for _, it := range items {
		if it.CoPayRequestID != "" {
			reqIDs = append(reqIDs, it.CoPayRequestID)
		}
	}
	if len(reqIDs) == 0 {
		return nil
	}
	var rows []struct {
		ID               string `bun:"id"`
		Status           string `bun:"status"`
		VendorName       string `bun:"vendor_name"`
		RequestedSplit   int    `bun:"requested_split_percentage"`
		ApprovedSplit    *int   `bun:"approved_split_percentage"`
		AgentShareCents  int64  `bun:"agent_share_cents"`
		VendorShareCents int64  `bun:"vendor_share_cents"`
		PointsCents      int64  `bun:"points_cents"`
		DecisionNote     string `bun:"decision_note"`
	}
	if err := q.NewSelect().TableExpr("co_pay_requests AS r").Join("JOIN vendors AS v ON v.id = r.vendor_id").
		ColumnExpr("r.id, r.status, v.name AS vendor_name, r.requested_split_percentage, r.approved_split_percentage").
		ColumnExpr("r.agent_share_cents, r.vendor_share_cents, r.points_cents, r.decision_note").
		Where("r.id IN (?)", bun.In(reqIDs)).Scan(ctx, &rows); err != nil {
		return fmt.Errorf("read co-pay requests of the cart: %w", err)
	}
	byID := map[string]*cart.CoPayLink{}
	for _, r := range rows {
		split := r.RequestedSplit
		if r.ApprovedSplit != nil {
			split = *r.ApprovedSplit
		}
		byID[r.ID] = &cart.CoPayLink{RequestID: r.ID, Status: r.Status, VendorName: r.VendorName, SplitPercent: split,
			AgentShareCents: r.AgentShareCents, VendorShareCents: r.VendorShareCents, PointsCents: r.PointsCents, DecisionNote: r.DecisionNote}
	}
	for i := range items {
		if id := items[i].CoPayRequestID; id != "" {
			items[i].CoPay = byID[id]
		}
	}
	return nil
}

// RepresentativesOf lists the active representatives of the given vendors, primary first.
func (db CoPays) RepresentativesOf(ctx context.Context, vendorIDs []string) (map[string][]catalog.Representative, error) {
	out := map[string][]catalog.Representative{}
	if len(vendorIDs) == 0 {
		return out, nil
	}
	var rows []representativeRow
	if err := db.bun.NewSelect().Model(&rows).Where("vendor_id IN (?)", bun.In(vendorIDs)).Where("is_active = ?", true).
		OrderExpr("is_primary DESC, sort_order ASC, name ASC, id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read representatives: %w", err)
	}
	for _, r := range rows {
		out[r.VendorID] = append(out[r.VendorID], r.domain())
	}
	return out, nil
}

// LinkCoPayLine makes a cart line a co-pay line of one unit linked to its request: the line
// with it.ID is updated, or inserted when the cart has none.
func (db CoPays) LinkCoPayLine(ctx context.Context, it cart.Item) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model(&cartItemRow{Item: &it}).Column("coverage", "price_kind", "quantity", "unit_price_cents", "co_pay_request_id", "updated_at").
		WherePK().Where("user_id = ?", it.UserID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("link cart line to co-pay request: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	if _, err := q.NewInsert().Model(&cartItemRow{Item: &it}).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return copay.ErrDuplicate
		}
		return fmt.Errorf("add co-pay cart line: %w", err)
	}
	return nil
}

// CoPayRequestByKey finds the agent's request recorded under an idempotency key; nil if none.
func (db CoPays) CoPayRequestByKey(ctx context.Context, agentID, key string) (*copay.Request, error) {
	q := db.q(ctx)
	var r copay.Request
	err := q.NewSelect().Model(&copayRequestRow{Request: &r}).Where("agent_id = ?", agentID).Where("idempotency_key = ?", key).Limit(1).Scan(ctx)
	return oneOrNil(err, &r, "co-pay request")
}

// PendingCoPayRequest finds the agent's pending request to a partner for a service; nil if none.
func (db CoPays) PendingCoPayRequest(ctx context.Context, agentID, serviceID, vendorID string) (*copay.Request, error) {
	q := db.q(ctx)
	var r copay.Request
	err := q.NewSelect().Model(&copayRequestRow{Request: &r}).Where("agent_id = ?", agentID).Where("service_id = ?", serviceID).
		Where("vendor_id = ?", vendorID).Where("status = ?", copay.StatusPending).Limit(1).Scan(ctx)
	return oneOrNil(err, &r, "co-pay request")
}

// InsertCoPayRequest records a request and its first history row. A unique index refusing it
// (same idempotency key, or a second pending request to the partner) answers copay.ErrDuplicate.
func (db CoPays) InsertCoPayRequest(ctx context.Context, r copay.Request, ev copay.Event) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&copayRequestRow{Request: &r}).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return copay.ErrDuplicate
		}
		return fmt.Errorf("insert co-pay request: %w", err)
	}
	if _, err := q.NewInsert().Model(&copayEventRow{Event: &ev}).Exec(ctx); err != nil {
		return fmt.Errorf("insert co-pay request event: %w", err)
	}
	return nil
}

// LockCoPayRequest reads one request for update (a row lock on PostgreSQL); nil if none.
func (db CoPays) LockCoPayRequest(ctx context.Context, id string) (*copay.Request, error) {
	q := db.q(ctx)
	var r copay.Request
	sel := q.NewSelect().Model(&copayRequestRow{Request: &r}).Where("id = ?", id)
	if db.kind == Postgres {
		if InsideTx(ctx) {
			sel = sel.For("UPDATE")
		}
	}
	return oneOrNil(sel.Scan(ctx), &r, "co-pay request")
}

// SetCoPayRequestStatus writes a request's status (and decision columns) with its history row.
func (db CoPays) SetCoPayRequestStatus(ctx context.Context, r copay.Request, ev copay.Event) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&copayRequestRow{Request: &r}).Column("status", "approved_split_percentage", "decision_note", "decided_by", "decided_at", "updated_at").
		WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update co-pay request: %w", err)
	}
	if _, err := q.NewInsert().Model(&copayEventRow{Event: &ev}).Exec(ctx); err != nil {
		return fmt.Errorf("insert co-pay request event: %w", err)
	}
	return nil
}

// AgentCoPayRequests lists an agent's requests with the partner's, the service's and the
// representative's names, newest first (limit 0: all).
func (db CoPays) AgentCoPayRequests(ctx context.Context, agentID string, limit int) ([]copay.AgentRow, error) {
	q := db.q(ctx)
	var rows []copay.AgentRow
	sel := q.NewSelect().TableExpr("co_pay_requests AS r").ColumnExpr("r.*").
		ColumnExpr("v.name AS vendor_name, s.title AS service_title, COALESCE(sr.name, '') AS representative_name").
		Join("JOIN vendors AS v ON v.id = r.vendor_id").Join("JOIN services AS s ON s.id = r.service_id").
		Join("LEFT JOIN service_representatives AS sr ON sr.id = r.representative_id").
		Where("r.agent_id = ?", agentID).OrderExpr("r.created_at DESC, r.id DESC")
	if limit > 0 {
		sel = sel.Limit(int64(limit))
	}
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list co-pay requests: %w", err)
	}
	if rows == nil {
		rows = []copay.AgentRow{}
	}
	return rows, nil
}

// CancelCoPayLinks cancels those of the agent's requests that are still pending, each with a
// 'canceled' history row (its cart line was removed or given another coverage).
func (db CoPays) CancelCoPayLinks(ctx context.Context, userID string, requestIDs []string, note string, now time.Time) error {
	q := db.q(ctx)
	for _, id := range requestIDs {
		var r copay.Request
		err := q.NewSelect().Model(&copayRequestRow{Request: &r}).Where("id = ?", id).Where("agent_id = ?", userID).Scan(ctx)
		row, err := oneOrNil(err, &r, "co-pay request")
		if err != nil {
			return err
		}
		if row == nil || row.Status != copay.StatusPending {
			continue
		}
		res, err := q.NewUpdate().Model((*copayRequestRow)(nil)).Set("status = ?", copay.StatusCanceled).Set("updated_at = ?", now).
			Where("id = ?", id).Where("status = ?", copay.StatusPending).Exec(ctx)
		if err != nil {
			return fmt.Errorf("cancel co-pay request: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		ev := copay.Event{ID: ids.New(), RequestID: id, Status: copay.StatusCanceled, ActorID: userID, SplitPercentage: r.RequestedSplit,
			VendorShareCents: r.VendorShareCents, AgentShareCents: r.AgentShareCents, Explanation: r.Explanation, Note: note, CreatedAt: now}
		if _, err := q.NewInsert().Model(&copayEventRow{Event: &ev}).Exec(ctx); err != nil {
			return fmt.Errorf("insert co-pay request event: %w", err)
		}
	}
	return nil
}
