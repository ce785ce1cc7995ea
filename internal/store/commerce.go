package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/ids"
)

// CartItems lists a user's cart, oldest line first.
func (db *DB) CartItems(ctx context.Context, q Q, userID string) ([]cart.Item, error) {
	var out []cart.Item
	if err := q.NewSelect().Model(&out).Where("user_id = ?", userID).Order("created_at ASC", "id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart: %w", err)
	}
	return out, nil
}

// CartLines reads what the price rules need about the given services: the services, their
// vendors and their packages, in three queries. Missing services are left out.
func (db *DB) CartLines(ctx context.Context, q Q, serviceIDs []string) (map[string]cart.Line, error) {
	out := map[string]cart.Line{}
	if len(serviceIDs) == 0 {
		return out, nil
	}
	var svcs []catalog.Service
	if err := q.NewSelect().Model(&svcs).Where("id IN (?)", bun.In(serviceIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart services: %w", err)
	}
	var vendorIDs []string
	for _, s := range svcs {
		if s.VendorID != nil {
			vendorIDs = append(vendorIDs, *s.VendorID)
		}
	}
	vendors := map[string]*catalog.Vendor{}
	if len(vendorIDs) > 0 {
		var vs []catalog.Vendor
		if err := q.NewSelect().Model(&vs).Where("id IN (?)", bun.In(vendorIDs)).Scan(ctx); err != nil {
			return nil, fmt.Errorf("read cart vendors: %w", err)
		}
		for i := range vs {
			vendors[vs[i].ID] = &vs[i]
		}
	}
	var pkgs []catalog.Package
	if err := q.NewSelect().Model(&pkgs).Where("service_id IN (?)", bun.In(serviceIDs)).Order("sort_order", "id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart packages: %w", err)
	}
	byService := map[string][]catalog.Package{}
	for _, p := range pkgs {
		byService[p.ServiceID] = append(byService[p.ServiceID], p)
	}
	for _, s := range svcs {
		l := cart.Line{Service: s, Packages: byService[s.ID]}
		if s.VendorID != nil {
			l.Vendor = vendors[*s.VendorID]
		}
		out[s.ID] = l
	}
	return out, nil
}

// LockCart reads a user's cart lines for update: on PostgreSQL the lines are locked, so two
// adds to one cart check its size one after the other.
func (db *DB) LockCart(ctx context.Context, q Q, userID string) ([]cart.Item, error) {
	var lines []cart.Item
	sel := q.NewSelect().Model(&lines).Where("user_id = ?", userID)
	if db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	if err := sel.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart: %w", err)
	}
	return lines, nil
}

// UpsertCartItem inserts a line, or merges it into the same line already in the cart (same
// service, package and billing period): the quantities add up to the cap of 99 (a quote line
// stays at 1) and the line takes the new price and, when one is given, the new coverage. The
// merge is one statement so that concurrent adds of a new line cannot both insert it.
func (db *DB) UpsertCartItem(ctx context.Context, q Q, it cart.Item) (cart.Item, error) {
	if _, err := q.NewInsert().Model(&it).On("CONFLICT (user_id, service_id, package_id, yearly) DO UPDATE").
		Set("quantity = CASE WHEN EXCLUDED.price_kind = 'quote' THEN 1 WHEN ci.quantity + EXCLUDED.quantity > ? THEN ? ELSE ci.quantity + EXCLUDED.quantity END", cart.MaxQuantity, cart.MaxQuantity).
		Set("coverage = CASE WHEN EXCLUDED.coverage <> '' THEN EXCLUDED.coverage ELSE ci.coverage END").
		Set("price_kind = EXCLUDED.price_kind").Set("unit_price_cents = EXCLUDED.unit_price_cents").
		Set("package_name = EXCLUDED.package_name").Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
		return it, fmt.Errorf("add cart item: %w", err)
	}
	var out cart.Item
	if err := q.NewSelect().Model(&out).Where("user_id = ?", it.UserID).Where("service_id = ?", it.ServiceID).
		Where("package_id = ?", it.PackageID).Where("yearly = ?", it.Yearly).Scan(ctx); err != nil {
		return out, fmt.Errorf("read cart item: %w", err)
	}
	return out, nil
}

// LockCartItem reads one of the user's lines for update; nil when the user has no such line.
func (db *DB) LockCartItem(ctx context.Context, q Q, userID, id string) (*cart.Item, error) {
	var it cart.Item
	sel := q.NewSelect().Model(&it).Where("id = ?", id).Where("user_id = ?", userID)
	if db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	return oneOrNil(sel.Scan(ctx), &it, "cart item")
}

// SaveCartItem writes a line's quantity, coverage and price.
func (db *DB) SaveCartItem(ctx context.Context, q Q, it cart.Item) error {
	if _, err := q.NewUpdate().Model(&it).Column("quantity", "coverage", "price_kind", "unit_price_cents", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update cart item: %w", err)
	}
	return nil
}

// DeleteCartItem removes one of the user's lines; false when the user has no such line.
func (db *DB) DeleteCartItem(ctx context.Context, q Q, userID, id string) (bool, error) {
	res, err := q.NewDelete().Model((*cart.Item)(nil)).Where("id = ?", id).Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete cart item: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete cart item: %w", err)
	}
	return n > 0, nil
}

// ClearCart empties a user's cart and returns how many lines it removed.
func (db *DB) ClearCart(ctx context.Context, q Q, userID string) (int, error) {
	res, err := q.NewDelete().Model((*cart.Item)(nil)).Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("clear cart: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Orders lists a user's orders with their lines, newest first.
func (db *DB) Orders(ctx context.Context, q Q, userID string, limit int) ([]checkout.Order, error) {
	var out []checkout.Order
	if err := q.NewSelect().Model(&out).Relation("Items", func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Order("sort_order ASC")
	}).Where("o.user_id = ?", userID).Order("o.created_at DESC", "o.id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	return out, nil
}

// OrderByID reads one order with its lines.
func (db *DB) OrderByID(ctx context.Context, q Q, id string) (checkout.Order, error) {
	var o checkout.Order
	if err := q.NewSelect().Model(&o).Relation("Items", func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Order("sort_order ASC")
	}).Where("o.id = ?", id).Scan(ctx); err != nil {
		return o, notFound(err, "order")
	}
	return o, nil
}

// ProSavingsBetween sums what a user's paid Pro-price lines saved against retail, in US cents,
// for orders paid in [from, to) (the Pro Savings Guarantee's first month).
func (db *DB) ProSavingsBetween(ctx context.Context, q Q, userID string, from, to time.Time) (int64, error) {
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
// (internal/checkout/rules.go); each takes a querier so that checkout.Service can run several in
// one transaction.

// InsertOrder stores an order and its lines as they are.
func (db *DB) InsertOrder(ctx context.Context, q Q, o checkout.Order, items []checkout.OrderItem) error {
	if _, err := q.NewInsert().Model(&o).Exec(ctx); err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	if len(items) > 0 {
		if _, err := q.NewInsert().Model(&items).Exec(ctx); err != nil {
			return fmt.Errorf("insert order items: %w", err)
		}
	}
	return nil
}

// SaveOrderStatus writes an order's status and what its move stamped.
func (db *DB) SaveOrderStatus(ctx context.Context, q Q, o checkout.Order) error {
	if _, err := q.NewUpdate().Model(&o).Column("status", "paid_at", "payment_intent_id", "card_last4", "canceled_at", "refunded_at", "updated_at").
		WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update order status: %w", err)
	}
	return nil
}

// LockOrder reads an order (without its lines) for update; nil when there is none.
func (db *DB) LockOrder(ctx context.Context, q Q, id string) (*checkout.Order, error) {
	var o checkout.Order
	sel := q.NewSelect().Model(&o).Where("id = ?", id)
	if db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	return oneOrNil(sel.Scan(ctx), &o, "order")
}

// LockOrderByPaymentIntent reads the order a payment paid, for update; nil when there is none.
func (db *DB) LockOrderByPaymentIntent(ctx context.Context, q Q, paymentIntentID string) (*checkout.Order, error) {
	var o checkout.Order
	sel := q.NewSelect().Model(&o).Where("payment_intent_id = ?", paymentIntentID)
	if db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	return oneOrNil(sel.Limit(1).Scan(ctx), &o, "refunded order")
}

// OrderItems lists an order's lines in their order.
func (db *DB) OrderItems(ctx context.Context, q Q, orderID string) ([]checkout.OrderItem, error) {
	var items []checkout.OrderItem
	if err := q.NewSelect().Model(&items).Where("order_id = ?", orderID).Order("sort_order").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read order items: %w", err)
	}
	return items, nil
}

// RemoveCartItems deletes the given lines of a user's cart.
func (db *DB) RemoveCartItems(ctx context.Context, q Q, userID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := q.NewDelete().Model((*cart.Item)(nil)).Where("user_id = ?", userID).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return fmt.Errorf("remove paid lines from cart: %w", err)
	}
	return nil
}

// RecordPurchase records a purchase of a service by an order as a tracking event.
func (db *DB) RecordPurchase(ctx context.Context, q Q, userID, orderID string, p checkout.Purchase, now time.Time) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO service_tracking_events (id, service_id, vendor_id, user_id, viewer_key, event_type, event_data, revenue_attributed_cents, created_at)
		VALUES (?, ?, (SELECT vendor_id FROM services WHERE id = ?), ?, '', 'purchase', ?, ?, ?)`,
		ids.New(), p.ServiceID, p.ServiceID, userID, `{"order_id":"`+orderID+`"}`, p.RevenueUSDCents, now); err != nil {
		return fmt.Errorf("record purchase: %w", err)
	}
	return nil
}

// InsertPaymentSession records a payment page and links it to its order or subscription.
func (db *DB) InsertPaymentSession(ctx context.Context, q Q, s checkout.PaymentSession) error {
	if _, err := q.NewInsert().Model(&s).Exec(ctx); err != nil {
		return fmt.Errorf("insert checkout session: %w", err)
	}
	if s.OrderID != nil {
		if _, err := q.NewUpdate().Model((*checkout.Order)(nil)).Set("checkout_session_id = ?", s.ID).Set("updated_at = ?", s.CreatedAt).
			Where("id = ?", *s.OrderID).Exec(ctx); err != nil {
			return fmt.Errorf("link order to session: %w", err)
		}
	}
	if s.SubscriptionID != nil {
		if _, err := q.NewUpdate().Model((*billing.Subscription)(nil)).Set("checkout_session_id = ?", s.ID).Set("updated_at = ?", s.CreatedAt).
			Where("id = ?", *s.SubscriptionID).Exec(ctx); err != nil {
			return fmt.Errorf("link subscription to session: %w", err)
		}
	}
	return nil
}

// PaymentSessionByID reads a payment page.
func (db *DB) PaymentSessionByID(ctx context.Context, q Q, id string) (checkout.PaymentSession, error) {
	var s checkout.PaymentSession
	if err := q.NewSelect().Model(&s).Where("id = ?", id).Scan(ctx); err != nil {
		return s, notFound(err, "checkout session")
	}
	return s, nil
}

// LockPaymentSession reads a payment page for update; nil when there is none.
func (db *DB) LockPaymentSession(ctx context.Context, q Q, id string) (*checkout.PaymentSession, error) {
	var s checkout.PaymentSession
	sel := q.NewSelect().Model(&s).Where("id = ?", id)
	if db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	return oneOrNil(sel.Scan(ctx), &s, "checkout session")
}

// SetPaymentSessionStatus changes a payment page's status.
func (db *DB) SetPaymentSessionStatus(ctx context.Context, q Q, id, status string, now time.Time) error {
	if _, err := q.NewUpdate().Model((*checkout.PaymentSession)(nil)).Set("status = ?", status).Set("updated_at = ?", now).
		Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("update checkout session: %w", err)
	}
	return nil
}

// OpenSessionsExpiredBefore lists a provider's open payment pages that expired before now.
func (db *DB) OpenSessionsExpiredBefore(ctx context.Context, q Q, provider string, now time.Time, limit int) ([]checkout.PaymentSession, error) {
	var out []checkout.PaymentSession
	if err := q.NewSelect().Model(&out).Where("provider = ?", provider).Where("status = ?", checkout.SessionOpen).
		Where("expires_at <= ?", now).Order("expires_at").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read expired sessions: %w", err)
	}
	return out, nil
}
