package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/ids"
	"circle/internal/payments"
)

// CartItems lists a user's cart, oldest line first.
func (db *DB) CartItems(ctx context.Context, userID string) ([]cart.Item, error) {
	var out []cart.Item
	if err := db.bun.NewSelect().Model(&out).Where("user_id = ?", userID).Order("created_at ASC", "id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart: %w", err)
	}
	return out, nil
}

// CartLines reads what the price rules need about the given services: the services, their
// vendors and their packages, in three queries. Missing services are left out.
func (db *DB) CartLines(ctx context.Context, serviceIDs []string) (map[string]cart.Line, error) {
	out := map[string]cart.Line{}
	if len(serviceIDs) == 0 {
		return out, nil
	}
	var svcs []catalog.Service
	if err := db.bun.NewSelect().Model(&svcs).Where("id IN (?)", bun.In(serviceIDs)).Scan(ctx); err != nil {
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
		if err := db.bun.NewSelect().Model(&vs).Where("id IN (?)", bun.In(vendorIDs)).Scan(ctx); err != nil {
			return nil, fmt.Errorf("read cart vendors: %w", err)
		}
		for i := range vs {
			vendors[vs[i].ID] = &vs[i]
		}
	}
	var pkgs []catalog.Package
	if err := db.bun.NewSelect().Model(&pkgs).Where("service_id IN (?)", bun.In(serviceIDs)).Order("sort_order", "id").Scan(ctx); err != nil {
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

// AddCartItem adds a checked line to a user's cart. Adding a line that is already there (same
// service, package and billing period) adds to its quantity (capped at 99; quote lines stay at
// 1) and takes the new price and coverage; it reports whether a new line was created.
func (db *DB) AddCartItem(ctx context.Context, it cart.Item) (cart.Item, bool, error) {
	created := false
	var out cart.Item
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		var lines []cart.Item
		q := tx.NewSelect().Model(&lines).Where("user_id = ?", it.UserID)
		if db.kind == Postgres {
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); err != nil {
			return fmt.Errorf("read cart: %w", err)
		}
		exists := false
		for _, l := range lines {
			if l.ServiceID == it.ServiceID && l.PackageID == it.PackageID && l.Yearly == it.Yearly {
				exists = true
			}
		}
		if !exists && len(lines) >= cart.MaxLines {
			return apperr.Field("service_id", cart.KeyCartFull, cart.MsgCartFull)
		}
		it.ID, it.CreatedAt, it.UpdatedAt = ids.New(), now, now
		if _, err := tx.NewInsert().Model(&it).On("CONFLICT (user_id, service_id, package_id, yearly) DO UPDATE").
			Set("quantity = CASE WHEN EXCLUDED.price_kind = 'quote' THEN 1 WHEN ci.quantity + EXCLUDED.quantity > 99 THEN 99 ELSE ci.quantity + EXCLUDED.quantity END").
			Set("coverage = CASE WHEN EXCLUDED.coverage <> '' THEN EXCLUDED.coverage ELSE ci.coverage END").
			Set("price_kind = EXCLUDED.price_kind").Set("unit_price_cents = EXCLUDED.unit_price_cents").
			Set("package_name = EXCLUDED.package_name").Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
			return fmt.Errorf("add cart item: %w", err)
		}
		created = !exists
		return tx.NewSelect().Model(&out).Where("user_id = ?", it.UserID).Where("service_id = ?", it.ServiceID).
			Where("package_id = ?", it.PackageID).Where("yearly = ?", it.Yearly).Scan(ctx)
	})
	return out, created, err
}

// UpdateCartItem changes one of the user's lines with fn inside a transaction; another user's
// line is not found.
func (db *DB) UpdateCartItem(ctx context.Context, userID, id string, fn func(*cart.Item) error) (cart.Item, error) {
	var it cart.Item
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewSelect().Model(&it).Where("id = ?", id).Where("user_id = ?", userID)
		if db.kind == Postgres {
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); err != nil {
			return notFound(err, "cart item")
		}
		if err := fn(&it); err != nil {
			return err
		}
		it.UpdatedAt = db.Now()
		if _, err := tx.NewUpdate().Model(&it).Column("quantity", "coverage", "price_kind", "unit_price_cents", "updated_at").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update cart item: %w", err)
		}
		return nil
	})
	return it, err
}

// DeleteCartItem removes one of the user's lines.
func (db *DB) DeleteCartItem(ctx context.Context, userID, id string) error {
	res, err := db.bun.NewDelete().Model((*cart.Item)(nil)).Where("id = ?", id).Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete cart item: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "cart item not found")
	}
	return nil
}

// ClearCart empties a user's cart and returns how many lines it removed.
func (db *DB) ClearCart(ctx context.Context, userID string) (int, error) {
	res, err := db.bun.NewDelete().Model((*cart.Item)(nil)).Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("clear cart: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// CreateOrder stores a pending order and its lines.
func (db *DB) CreateOrder(ctx context.Context, o checkout.Order, items []checkout.OrderItem) (checkout.Order, error) {
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		o.CreatedAt, o.UpdatedAt, o.Status = now, now, checkout.Pending
		if _, err := tx.NewInsert().Model(&o).Exec(ctx); err != nil {
			return fmt.Errorf("insert order: %w", err)
		}
		for i := range items {
			items[i].OrderID = o.ID
			if items[i].ID == "" {
				items[i].ID = ids.New()
			}
			items[i].SortOrder = i
		}
		if len(items) > 0 {
			if _, err := tx.NewInsert().Model(&items).Exec(ctx); err != nil {
				return fmt.Errorf("insert order items: %w", err)
			}
		}
		o.Items = make([]*checkout.OrderItem, len(items))
		for i := range items {
			o.Items[i] = &items[i]
		}
		return nil
	})
	return o, err
}

// AttachCheckoutSession records a payment page and links it to its order or subscription.
func (db *DB) AttachCheckoutSession(ctx context.Context, s checkout.PaymentSession) error {
	return db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		s.CreatedAt, s.UpdatedAt = now, now
		if s.Status == "" {
			s.Status = checkout.SessionOpen
		}
		if _, err := tx.NewInsert().Model(&s).Exec(ctx); err != nil {
			return fmt.Errorf("insert checkout session: %w", err)
		}
		if s.OrderID != nil {
			if _, err := tx.NewUpdate().Model((*checkout.Order)(nil)).Set("checkout_session_id = ?", s.ID).Set("updated_at = ?", now).
				Where("id = ?", *s.OrderID).Exec(ctx); err != nil {
				return fmt.Errorf("link order to session: %w", err)
			}
		}
		if s.SubscriptionID != nil {
			if _, err := tx.NewUpdate().Model((*billing.Subscription)(nil)).Set("checkout_session_id = ?", s.ID).Set("updated_at = ?", now).
				Where("id = ?", *s.SubscriptionID).Exec(ctx); err != nil {
				return fmt.Errorf("link subscription to session: %w", err)
			}
		}
		return nil
	})
}

// AbandonOrder cancels a pending order whose payment page could not be created.
func (db *DB) AbandonOrder(ctx context.Context, id string) error {
	now := db.Now()
	if _, err := db.bun.NewUpdate().Model((*checkout.Order)(nil)).Set("status = ?", checkout.Canceled).Set("canceled_at = ?", now).
		Set("updated_at = ?", now).Where("id = ?", id).Where("status = ?", checkout.Pending).Exec(ctx); err != nil {
		return fmt.Errorf("abandon order: %w", err)
	}
	return nil
}

// CheckoutSession reads a payment page.
func (db *DB) CheckoutSession(ctx context.Context, id string) (checkout.PaymentSession, error) {
	var s checkout.PaymentSession
	if err := db.bun.NewSelect().Model(&s).Where("id = ?", id).Scan(ctx); err != nil {
		return s, notFound(err, "checkout session")
	}
	return s, nil
}

// Orders lists a user's orders with their lines, newest first.
func (db *DB) Orders(ctx context.Context, userID string, limit int) ([]checkout.Order, error) {
	var out []checkout.Order
	if err := db.bun.NewSelect().Model(&out).Relation("Items", func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Order("sort_order ASC")
	}).Where("o.user_id = ?", userID).Order("o.created_at DESC", "o.id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	return out, nil
}

// OrderByID reads one order with its lines.
func (db *DB) OrderByID(ctx context.Context, id string) (checkout.Order, error) {
	var o checkout.Order
	if err := db.bun.NewSelect().Model(&o).Relation("Items", func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Order("sort_order ASC")
	}).Where("o.id = ?", id).Scan(ctx); err != nil {
		return o, notFound(err, "order")
	}
	return o, nil
}

// ProSavingsBetween sums what a user's paid Pro-price lines saved against retail, in US cents,
// for orders paid in [from, to) (the Pro Savings Guarantee's first month).
func (db *DB) ProSavingsBetween(ctx context.Context, userID string, from, to time.Time) (int64, error) {
	var total int64
	err := db.bun.NewSelect().TableExpr("order_items AS i").Join("JOIN orders AS o ON o.id = i.order_id").
		ColumnExpr("CAST(COALESCE(SUM((i.retail_unit_price_usd_cents - i.unit_price_usd_cents) * i.quantity), 0) AS BIGINT)").
		Where("o.user_id = ?", userID).Where("o.status = ?", checkout.Paid).Where("o.paid_at >= ?", from).Where("o.paid_at < ?", to).
		Where("i.coverage = ?", cart.CoveragePro).Where("i.retail_unit_price_usd_cents > i.unit_price_usd_cents").Scan(ctx, &total)
	if err != nil {
		return 0, fmt.Errorf("sum Pro savings: %w", err)
	}
	return total, nil
}

// OpenSessionsExpiredBefore lists a provider's open payment pages that expired before now.
func (db *DB) OpenSessionsExpiredBefore(ctx context.Context, provider string, now time.Time, limit int) ([]checkout.PaymentSession, error) {
	var out []checkout.PaymentSession
	if err := db.bun.NewSelect().Model(&out).Where("provider = ?", provider).Where("status = ?", checkout.SessionOpen).
		Where("expires_at <= ?", now).Order("expires_at").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read expired sessions: %w", err)
	}
	return out, nil
}

// ApplyPaymentEvent applies one payment event exactly once: the event id is recorded in
// processed_events in the same transaction as the change it causes, so a replayed or concurrent
// delivery of the same event changes nothing more (it reports false). Events about rows this
// database does not have are recorded and ignored.
func (db *DB) ApplyPaymentEvent(ctx context.Context, provider string, f payments.Fact) (bool, error) {
	applied := false
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		res, err := tx.ExecContext(ctx, "INSERT INTO processed_events (id, type, provider, processed_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
			f.EventID, f.Type, provider, now)
		if err != nil {
			return fmt.Errorf("record payment event: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		applied = true
		switch {
		case f.SessionID != "":
			return db.applySessionEvent(ctx, tx, f, now)
		case f.Invoice != nil:
			return db.applyInvoiceEvent(ctx, tx, f, now)
		case f.Subscription != nil:
			return db.applySubscriptionEvent(ctx, tx, f, now)
		case f.Outcome == payments.OutcomeRefunded && f.PaymentIntentID != "":
			var o checkout.Order
			q := tx.NewSelect().Model(&o).Where("payment_intent_id = ?", f.PaymentIntentID)
			if db.kind == Postgres {
				q = q.For("UPDATE")
			}
			if err := q.Scan(ctx); err != nil {
				if errors.Is(err, sql.ErrNoRows) {
					return nil
				}
				return fmt.Errorf("read refunded order: %w", err)
			}
			return db.moveOrder(ctx, tx, &o, checkout.OutcomeRefunded, f, now)
		}
		return nil
	})
	return applied, err
}

func (db *DB) lockOrder(ctx context.Context, tx bun.Tx, id string) (checkout.Order, bool, error) {
	var o checkout.Order
	q := tx.NewSelect().Model(&o).Where("id = ?", id)
	if db.kind == Postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return o, false, nil
		}
		return o, false, fmt.Errorf("read order: %w", err)
	}
	return o, true, nil
}

// moveOrder applies an outcome to a locked order through the state machine; a paid order's
// lines leave the cart and count as purchases of their services.
func (db *DB) moveOrder(ctx context.Context, tx bun.Tx, o *checkout.Order, outcome checkout.Outcome, f payments.Fact, now time.Time) error {
	to, changed := checkout.Transition(o.Status, outcome)
	if !changed {
		return nil
	}
	q := tx.NewUpdate().Model((*checkout.Order)(nil)).Set("status = ?", to).Set("updated_at = ?", now).Where("id = ?", o.ID)
	switch to {
	case checkout.Paid:
		q = q.Set("paid_at = ?", now)
		if f.PaymentIntentID != "" {
			q = q.Set("payment_intent_id = ?", f.PaymentIntentID)
		}
		if f.CardLast4 != "" {
			q = q.Set("card_last4 = ?", f.CardLast4)
		}
	case checkout.Canceled:
		q = q.Set("canceled_at = ?", now)
	case checkout.Refunded:
		q = q.Set("refunded_at = ?", now)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("update order status: %w", err)
	}
	if to != checkout.Paid || o.Status == checkout.Paid {
		return nil
	}
	if _, err := tx.NewDelete().Model((*cart.Item)(nil)).Where("user_id = ?", o.UserID).
		Where("id IN (SELECT cart_item_id FROM order_items WHERE order_id = ?)", o.ID).Exec(ctx); err != nil {
		return fmt.Errorf("remove paid lines from cart: %w", err)
	}
	var items []checkout.OrderItem
	if err := tx.NewSelect().Model(&items).Where("order_id = ?", o.ID).Scan(ctx); err != nil {
		return fmt.Errorf("read order items: %w", err)
	}
	for _, it := range items {
		if _, err := tx.ExecContext(ctx, `INSERT INTO service_tracking_events (id, service_id, vendor_id, user_id, viewer_key, event_type, event_data, revenue_attributed_cents, created_at)
			VALUES (?, ?, (SELECT vendor_id FROM services WHERE id = ?), ?, '', 'purchase', ?, ?, ?)`,
			ids.New(), it.ServiceID, it.ServiceID, o.UserID, `{"order_id":"`+o.ID+`"}`, it.UnitPriceUSDCents*int64(it.Quantity), now); err != nil {
			return fmt.Errorf("record purchase: %w", err)
		}
	}
	return nil
}

func (db *DB) applySessionEvent(ctx context.Context, tx bun.Tx, f payments.Fact, now time.Time) error {
	var s checkout.PaymentSession
	q := tx.NewSelect().Model(&s).Where("id = ?", f.SessionID)
	if db.kind == Postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return fmt.Errorf("read checkout session: %w", err)
	}
	newStatus := s.Status
	switch f.Outcome {
	case payments.OutcomePaid:
		newStatus = checkout.SessionComplete
	case payments.OutcomeFailed:
		if s.Status == checkout.SessionOpen {
			newStatus = checkout.SessionExpired
		}
	default:
		return nil
	}
	if newStatus != s.Status {
		if _, err := tx.NewUpdate().Model((*checkout.PaymentSession)(nil)).Set("status = ?", newStatus).Set("updated_at = ?", now).
			Where("id = ?", s.ID).Exec(ctx); err != nil {
			return fmt.Errorf("update checkout session: %w", err)
		}
	}
	switch {
	case s.Kind == checkout.KindOrder && s.OrderID != nil:
		o, ok, err := db.lockOrder(ctx, tx, *s.OrderID)
		if err != nil || !ok {
			return err
		}
		outcome := checkout.OutcomeFailed
		if f.Outcome == payments.OutcomePaid {
			outcome = checkout.OutcomePaid
		}
		return db.moveOrder(ctx, tx, &o, outcome, f, now)
	case s.Kind == checkout.KindSubscription && s.SubscriptionID != nil:
		sub, ok, err := db.lockSubscription(ctx, tx, *s.SubscriptionID, "")
		if err != nil || !ok {
			return err
		}
		if f.Outcome == payments.OutcomePaid {
			return db.activateSubscription(ctx, tx, &sub, f, now)
		}
		if sub.Status == billing.StatusIncomplete {
			if _, err := tx.NewUpdate().Model((*billing.Subscription)(nil)).Set("status = ?", billing.StatusExpired).Set("ended_at = ?", now).
				Set("updated_at = ?", now).Where("id = ?", sub.ID).Exec(ctx); err != nil {
				return fmt.Errorf("expire subscription: %w", err)
			}
		}
	}
	return nil
}
