package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/audit"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/ids"
)

// Orders lists a user's orders with their lines, newest first; attempts that ended unpaid
// (canceled, expired) only when includeEnded.
func (db Checkout) Orders(ctx context.Context, userID string, limit int, includeEnded bool) ([]checkout.Order, error) {
	q := db.q(ctx)
	var rows []checkoutOrderRow
	sel := q.NewSelect().Model(&rows).Relation("Items", func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Order("sort_order ASC")
	}).Where("o.user_id = ?", userID)
	if !includeEnded {
		sel = sel.Where("o.status NOT IN (?)", bun.In([]checkout.Status{checkout.Canceled, checkout.Expired}))
	}
	if err := sel.Order("o.created_at DESC", "o.id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	var out []checkout.Order // nil when none, as a scan into it left it
	for _, r := range rows {
		out = append(out, r.domain())
	}
	return out, nil
}

// OrderByID reads one order with its lines.
func (db Checkout) OrderByID(ctx context.Context, id string) (checkout.Order, error) {
	q := db.q(ctx)
	var o checkout.Order
	if err := q.NewSelect().Model(&checkoutOrderRow{Order: &o}).Relation("Items", func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Order("sort_order ASC")
	}).Where("o.id = ?", id).Scan(ctx); err != nil {
		return o, notFound(err, "order")
	}
	return o, nil
}

// ProSavingsBetween sums what a user's paid Pro-price lines saved against retail, in US cents,
// for orders paid in [from, to) (the Pro Savings Guarantee's first month).
func (db Checkout) ProSavingsBetween(ctx context.Context, userID string, from, to time.Time) (int64, error) {
	q := db.q(ctx)
	var total int64
	err := q.NewSelect().TableExpr("order_items AS i").Join("JOIN orders AS o ON o.id = i.order_id").
		ColumnExpr("CAST(COALESCE(SUM((i.retail_unit_price_usd_cents - i.unit_price_usd_cents) * i.quantity), 0) AS BIGINT)").
		Where("o.user_id = ?", userID).Where("o.status = ?", checkout.Paid).Where("o.paid_at >= ?", from).Where("o.paid_at < ?", to).
		Where("i.coverage = ?", cart.CoveragePro).Where("i.retail_unit_price_usd_cents > i.unit_price_usd_cents").Scan(ctx, &total)
	if err != nil {
		return 0, fmt.Errorf("sum Pro savings: %w", err)
	}
	return total, nil
}

// The order and payment page methods persist what checkout's rules decide
// (internal/checkout/rules.go); each runs in the transaction its ctx carries, so that checkout.Service can run several in
// one transaction.

// InsertOrder stores an order and its lines as they are.
func (db Checkout) InsertOrder(ctx context.Context, o checkout.Order, items []checkout.OrderItem) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&checkoutOrderRow{Order: &o}).Exec(ctx); err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	if len(items) > 0 {
		models := make([]checkoutOrderItemRow, len(items))
		for i := range items {
			models[i].OrderItem = &items[i]
		}
		if _, err := q.NewInsert().Model(&models).Exec(ctx); err != nil {
			return fmt.Errorf("insert order items: %w", err)
		}
	}
	return nil
}

// SaveOrderStatus writes an order's status and what its move stamped.
func (db Checkout) SaveOrderStatus(ctx context.Context, o checkout.Order) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&checkoutOrderRow{Order: &o}).Column("status", "paid_at", "payment_intent_id", "card_last4", "canceled_at", "refunded_at", "updated_at").
		WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update order status: %w", err)
	}
	// A paid order's charge, and a paid order's refund (of what its partial refunds left), in
	// the money record (issue 31 item 7).
	var parts map[string]int64
	if o.Status == checkout.Refunded {
		var err error
		if parts, err = partsRefunded(ctx, q, o.ID); err != nil {
			return err
		}
	}
	return recordMoney(ctx, q, db.Now(), orderEntries(o, parts[o.ID])...)
}

// LockOrder reads an order (without its lines) for update; nil when there is none.
func (db Checkout) LockOrder(ctx context.Context, id string) (*checkout.Order, error) {
	q := db.q(ctx)
	var o checkout.Order
	sel := db.forUpdate(q.NewSelect().Model(&checkoutOrderRow{Order: &o}).Where("id = ?", id))
	return oneOrNil(sel.Scan(ctx), &o, "order")
}

// LockOrderByPaymentIntent reads the order a payment paid, for update; nil when there is none.
func (db Checkout) LockOrderByPaymentIntent(ctx context.Context, paymentIntentID string) (*checkout.Order, error) {
	q := db.q(ctx)
	var o checkout.Order
	sel := db.forUpdate(q.NewSelect().Model(&checkoutOrderRow{Order: &o}).Where("payment_intent_id = ?", paymentIntentID))
	return oneOrNil(sel.Limit(1).Scan(ctx), &o, "refunded order")
}

// OrderItems lists an order's lines in their order.
func (db Checkout) OrderItems(ctx context.Context, orderID string) ([]checkout.OrderItem, error) {
	q := db.q(ctx)
	return scanAll[checkout.OrderItem](ctx, q.NewSelect().Model((*checkoutOrderItemRow)(nil)).Where("order_id = ?", orderID).Order("sort_order"), "read order items")
}

// RecordPurchase records a purchase of a service by an order as a tracking event and, once per
// order line (vendor_activity_order_item_key), as the vendor's service_purchase activity with the
// cash paid for the line (vendor analytics). A buyer without a profile records no activity (the
// activity's agent is a profile, as track_vendor_activity's 23502 rule).
func (db Checkout) RecordPurchase(ctx context.Context, userID, orderID string, p checkout.Purchase, now time.Time) error {
	q := db.q(ctx)
	if _, err := q.ExecContext(ctx, `INSERT INTO service_tracking_events (id, service_id, vendor_id, user_id, viewer_key, event_type, event_data, revenue_attributed_cents, created_at)
		VALUES (?, ?, (SELECT vendor_id FROM services WHERE id = ?), ?, '', 'purchase', ?, ?, ?)`,
		ids.New(), p.ServiceID, p.ServiceID, userID, `{"order_id":"`+orderID+`"}`, p.RevenueUSDCents, now); err != nil {
		return fmt.Errorf("record purchase: %w", err)
	}
	if p.OrderItemID == "" {
		return nil
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO vendor_activity (id, vendor_id, agent_id, service_id, activity_type, activity_data, order_item_id, amount_cents, created_at)
		SELECT ?, s.vendor_id, pr.user_id, s.id, ?, ?, ?, ?, ? FROM services AS s JOIN profiles AS pr ON pr.user_id = ?
		WHERE s.id = ? AND s.vendor_id IS NOT NULL
		ON CONFLICT DO NOTHING`,
		ids.New(), catalog.ActivityServicePurchase, `{"order_id":"`+orderID+`"}`, p.OrderItemID, p.PaidUSDCents, now, userID, p.ServiceID); err != nil {
		return fmt.Errorf("record purchase activity: %w", err)
	}
	return nil
}

// LockCheckout makes the checkouts and order payments of one user's cart take turns until the
// transaction ends, before they lock any row (so they lock rows in one order and cannot
// deadlock). On PostgreSQL a transaction-scoped advisory lock on the user; on SQLite the
// immediate transaction already holds the only write lock.
func (db Checkout) LockCheckout(ctx context.Context, userID string) error {
	q := db.q(ctx)
	if db.kind != Postgres {
		return nil
	}
	if _, err := q.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "checkout\x1f"+userID); err != nil {
		return fmt.Errorf("lock checkout: %w", err)
	}
	return nil
}

// LockOpenOrder reads the user's pending order (without its lines) for update; nil when there
// is none. There is at most one (orders_one_open_per_user_idx).
func (db Checkout) LockOpenOrder(ctx context.Context, userID string) (*checkout.Order, error) {
	q := db.q(ctx)
	var o checkout.Order
	sel := db.forUpdate(q.NewSelect().Model(&checkoutOrderRow{Order: &o}).Where("user_id = ?", userID).Where("status = ?", checkout.Pending))
	return oneOrNil(sel.Limit(1).Scan(ctx), &o, "open order")
}

// OrdersToExpire lists pending orders (without lines) created before openBefore, or without a
// payment page and created before sessionlessBefore, oldest first.
func (db Checkout) OrdersToExpire(ctx context.Context, sessionlessBefore, openBefore time.Time, limit int) ([]checkout.Order, error) {
	q := db.q(ctx)
	return scanAll[checkout.Order](ctx, q.NewSelect().Model((*checkoutOrderRow)(nil)).Where("status = ?", checkout.Pending).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("created_at < ?", openBefore).WhereOr("checkout_session_id = '' AND created_at < ?", sessionlessBefore)
		}).Order("created_at").Limit(int64(limit)), "read abandoned orders")
}

// InsertOrderRefund records a refund the app made; a second record for the same payment page
// is ignored (a refund job run twice). The refund of a late payment (an order never paid)
// writes the payment's charge and its refund to the money record; a paid order's refund is
// written when the order moves to refunded (SaveOrderStatus).
func (db Checkout) InsertOrderRefund(ctx context.Context, r checkout.OrderRefund) error {
	q := db.q(ctx)
	inserted, err := insertNew(ctx, q, &checkoutOrderRefundRow{OrderRefund: &r}, "CONFLICT (checkout_session_id) DO NOTHING", "record refund")
	if err != nil || !inserted {
		return err
	}
	late, err := lateRefundOf(ctx, q, r)
	if err != nil || !late {
		return err
	}
	return recordMoney(ctx, q, db.Now(), lateEntries(r)...)
}

// OrderRefunds lists the refunds the app made for a user's orders, newest first.
func (db Checkout) OrderRefunds(ctx context.Context, userID string) ([]checkout.OrderRefund, error) {
	q := db.q(ctx)
	return scanAll[checkout.OrderRefund](ctx, q.NewSelect().Model((*checkoutOrderRefundRow)(nil)).Where("user_id = ?", userID).Order("created_at DESC", "id DESC"), "read refunds")
}

// AppendAudit writes a staff change's audit entry on the change's transaction (a staff refund).
func (db Checkout) AppendAudit(ctx context.Context, e audit.Record) error {
	return Admin{db.DB}.AppendAudit(ctx, e)
}
