package store

import (
	"context"

	"circle/internal/copay"
)

// The RESPA audit pack of one partner vendor and one agent (issue 15 item 7): the requests, their
// events, the points spent from the vendor's allocations and the co-pay charges.

// AuditVendor reads the vendor of a pack.
func (db CoPays) AuditVendor(ctx context.Context, vendorID string) (copay.OwnedVendor, error) {
	var v copay.OwnedVendor
	if err := db.bun.NewSelect().TableExpr("vendors").ColumnExpr("id, name, vendor_type").Where("id = ?", vendorID).Scan(ctx, &v); err != nil {
		return v, notFound(err, "vendor")
	}
	return v, nil
}

// AuditAgentName is the agent's display name; an unknown user is not found.
func (db CoPays) AuditAgentName(ctx context.Context, agentID string) (string, error) {
	var name string
	err := db.bun.NewSelect().TableExpr("users AS u").ColumnExpr("COALESCE(p.display_name, '')").
		Join("LEFT JOIN profiles AS p ON p.user_id = u.id").Where("u.id = ?", agentID).Scan(ctx, &name)
	if err != nil {
		return "", notFound(err, "agent")
	}
	return name, nil
}

// CoPayAuditAgents lists the agents with requests to the vendor or points from its allocations,
// most recent activity first.
func (db CoPays) CoPayAuditAgents(ctx context.Context, vendorID string) ([]copay.AuditAgent, error) {
	return scanList[copay.AuditAgent](ctx, db.bun.NewRaw(`
SELECT a.agent_id, COALESCE(p.display_name, '') AS agent_name, SUM(a.requests) AS requests, MAX(a.at) AS last_activity
FROM (
    SELECT agent_id, 1 AS requests, updated_at AS at FROM co_pay_requests WHERE vendor_id = ?
    UNION ALL
    SELECT agent_id, 0 AS requests, created_at AS at FROM point_allocations WHERE vendor_id = ?
) AS a
LEFT JOIN profiles AS p ON p.user_id = a.agent_id
GROUP BY a.agent_id, p.display_name
ORDER BY MAX(a.at) DESC, a.agent_id ASC
LIMIT 500`, vendorID, vendorID), "read audit agents")
}

// CoPayAuditRequests lists the pair's requests, oldest first.
func (db CoPays) CoPayAuditRequests(ctx context.Context, vendorID, agentID string) ([]copay.Incoming, error) {
	return scanList[copay.Incoming](ctx, incomingQuery(db.bun).Where("r.vendor_id = ? AND r.agent_id = ?", vendorID, agentID).
		OrderExpr("r.created_at ASC, r.id ASC"), "read audit requests")
}

// CoPayAuditEvents lists every event of the pair's requests with the actor's name, in order.
func (db CoPays) CoPayAuditEvents(ctx context.Context, vendorID, agentID string) ([]copay.AuditEvent, error) {
	return scanList[copay.AuditEvent](ctx, db.bun.NewSelect().TableExpr("co_pay_request_events AS e").
		ColumnExpr("e.request_id, e.status, e.actor_id, e.split_percentage, e.vendor_share_cents, e.agent_share_cents, e.explanation, e.note, e.created_at").
		ColumnExpr("COALESCE(p.display_name, u.email, '') AS actor_name").
		Join("JOIN co_pay_requests AS r ON r.id = e.request_id").
		Join("LEFT JOIN users AS u ON u.id = e.actor_id").
		Join("LEFT JOIN profiles AS p ON p.user_id = e.actor_id").
		Where("r.vendor_id = ? AND r.agent_id = ?", vendorID, agentID).
		OrderExpr("e.created_at ASC, e.id ASC"), "read audit events")
}

// CoPayAuditPoints lists the ledger rows of the agent's spends (and their reversals) drawn from
// the vendor's allocations, in order.
func (db CoPays) CoPayAuditPoints(ctx context.Context, vendorID, agentID string) ([]copay.AuditPoints, error) {
	return scanList[copay.AuditPoints](ctx, db.bun.NewSelect().TableExpr("points_ledger AS l").
		ColumnExpr("l.allocation_id, COALESCE(l.spend_id, '') AS spend_id, l.reason, l.delta_points AS points, l.created_at").
		ColumnExpr("COALESCE(s.reference, s.idempotency_key, '') AS reference").
		Join("JOIN point_allocations AS a ON a.id = l.allocation_id").
		Join("LEFT JOIN point_spends AS s ON s.id = l.spend_id").
		Where("a.vendor_id = ? AND a.agent_id = ? AND l.spend_id IS NOT NULL", vendorID, agentID).
		OrderExpr("l.created_at ASC, l.id ASC"), "read audit points")
}

// CoPayAuditCharges is the charges section of the audit pack: the paid (or since refunded)
// order lines priced by one of the pair's co-pay requests, with the agent's and the vendor's
// share in cents of the order's currency (order_items columns of migration 0020).
func (db CoPays) CoPayAuditCharges(ctx context.Context, vendorID, agentID string) ([]copay.AuditCharge, error) {
	return scanList[copay.AuditCharge](ctx, db.bun.NewSelect().TableExpr("order_items AS oi").
		ColumnExpr("oi.order_id, oi.id AS order_item_id, oi.co_pay_request_id, o.status, o.created_at").
		ColumnExpr("oi.agent_share_cents, oi.vendor_share_cents, COALESCE(s.title, '') AS service_title").
		Join("JOIN orders AS o ON o.id = oi.order_id").
		Join("JOIN co_pay_requests AS r ON r.id = oi.co_pay_request_id").
		Join("LEFT JOIN services AS s ON s.id = r.service_id").
		Where("r.vendor_id = ? AND r.agent_id = ? AND o.status IN ('paid', 'refunded')", vendorID, agentID).
		OrderExpr("o.created_at ASC, oi.id ASC"), "read audit charges")
}
