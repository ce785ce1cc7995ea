package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/ids"
)

// CartItems lists a user's cart, oldest line first.
func (db Carts) CartItems(ctx context.Context, userID string) ([]cart.Item, error) {
	q := db.q(ctx)
	var out []cart.Item
	if err := q.NewSelect().Model((*cartItemRow)(nil)).Where("user_id = ?", userID).Order("created_at ASC", "id ASC").Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("read cart: %w", err)
	}
	return out, db.attachLinks(ctx, q, out)
}

// CartLines reads what the price rules need about the given services: the services, their
// vendors and their packages, in three queries. Missing services are left out.
func (db Carts) CartLines(ctx context.Context, serviceIDs []string) (map[string]cart.Line, error) {
	q := db.q(ctx)
	out := map[string]cart.Line{}
	if len(serviceIDs) == 0 {
		return out, nil
	}
	var svcRows []serviceRow
	if err := q.NewSelect().Model(&svcRows).Where("id IN (?)", bun.In(serviceIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart services: %w", err)
	}
	svcs := domainsOf(svcRows)
	var vendorIDs []string
	for _, s := range svcs {
		if s.VendorID != nil {
			vendorIDs = append(vendorIDs, *s.VendorID)
		}
	}
	vendors := map[string]*catalog.Vendor{}
	if len(vendorIDs) > 0 {
		var vendorRows []vendorRow
		if err := q.NewSelect().Model(&vendorRows).Where("id IN (?)", bun.In(vendorIDs)).Scan(ctx); err != nil {
			return nil, fmt.Errorf("read cart vendors: %w", err)
		}
		vs := domainsOf(vendorRows)
		for i := range vs {
			vendors[vs[i].ID] = &vs[i]
		}
	}
	var pkgs []packageRow
	if err := q.NewSelect().Model(&pkgs).Where("service_id IN (?)", bun.In(serviceIDs)).Order("sort_order", "id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read cart packages: %w", err)
	}
	byService := map[string][]catalog.Package{}
	for _, p := range pkgs {
		byService[p.ServiceID] = append(byService[p.ServiceID], p.domain())
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
func (db Carts) LockCart(ctx context.Context, userID string) ([]cart.Item, error) {
	q := db.q(ctx)
	var lines []cart.Item
	sel := db.forUpdate(q.NewSelect().Model((*cartItemRow)(nil)).Where("user_id = ?", userID))
	if err := sel.Scan(ctx, &lines); err != nil {
		return nil, fmt.Errorf("read cart: %w", err)
	}
	return lines, db.attachLinks(ctx, q, lines)
}

// UpsertCartItem inserts a line, or merges it into the same line already in the cart (same
// service, package and billing period): the quantities add up to the cap of 99 (a quote line
// stays at 1) and the line takes the new price and, when one is given, the new coverage. The
// merge is one statement so that concurrent adds of a new line cannot both insert it, and it
// returns the stored line (RETURNING, on both engines): the row is not read again.
func (db Carts) UpsertCartItem(ctx context.Context, it cart.Item) (cart.Item, error) {
	q := db.q(ctx)
	var out cart.Item
	if err := q.NewInsert().Model(&cartItemRow{Item: &it}).On("CONFLICT (user_id, service_id, package_id, yearly) DO UPDATE").
		Set("quantity = CASE WHEN EXCLUDED.price_kind = 'quote' THEN 1 WHEN ci.quantity + EXCLUDED.quantity > ? THEN ? ELSE ci.quantity + EXCLUDED.quantity END", cart.MaxQuantity, cart.MaxQuantity).
		Set("coverage = CASE WHEN EXCLUDED.coverage <> '' THEN EXCLUDED.coverage ELSE ci.coverage END").
		Set("price_kind = EXCLUDED.price_kind").Set("unit_price_cents = EXCLUDED.unit_price_cents").
		Set("package_name = EXCLUDED.package_name").Set("updated_at = EXCLUDED.updated_at").Returning("*").Scan(ctx, &out); err != nil {
		return out, fmt.Errorf("add cart item: %w", err)
	}
	return out, nil
}

// RecordCartAdd records one add to cart of a service as a server tracking event (cart_add), which
// vendor analytics count.
func (db Carts) RecordCartAdd(ctx context.Context, userID, serviceID string, now time.Time) error {
	q := db.q(ctx)
	if _, err := q.ExecContext(ctx, `INSERT INTO service_tracking_events (id, service_id, vendor_id, user_id, viewer_key, event_type, event_data, source, created_at)
		VALUES (?, ?, (SELECT vendor_id FROM services WHERE id = ?), ?, '', ?, '{}', ?, ?)`,
		ids.New(), serviceID, serviceID, userID, catalog.EventCartAdd, catalog.EventSourceServer, now); err != nil {
		return fmt.Errorf("record cart add: %w", err)
	}
	return nil
}

// LockCartItem reads one of the user's lines for update; nil when the user has no such line.
func (db Carts) LockCartItem(ctx context.Context, userID, id string) (*cart.Item, error) {
	q := db.q(ctx)
	var it cart.Item
	sel := db.forUpdate(q.NewSelect().Model(&cartItemRow{Item: &it}).Where("id = ?", id).Where("user_id = ?", userID))
	row, err := oneOrNil(sel.Scan(ctx), &it, "cart item")
	if err != nil || row == nil {
		return row, err
	}
	items := []cart.Item{*row}
	if err := db.attachLinks(ctx, q, items); err != nil {
		return nil, err
	}
	return &items[0], nil
}

// SaveCartItem writes a line's quantity, coverage and price.
func (db Carts) SaveCartItem(ctx context.Context, it cart.Item) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&cartItemRow{Item: &it}).Column("quantity", "coverage", "price_kind", "unit_price_cents", "co_pay_request_id", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update cart item: %w", err)
	}
	return nil
}

// DeleteCartItem removes one of the user's lines; false when the user has no such line.
func (db Carts) DeleteCartItem(ctx context.Context, userID, id string) (bool, error) {
	q := db.q(ctx)
	res, err := q.NewDelete().Model((*cartItemRow)(nil)).Where("id = ?", id).Where("user_id = ?", userID).Exec(ctx)
	n, err := rowsChanged(res, err, "delete cart item")
	return n > 0, err
}

// ClearCart empties a user's cart and returns how many lines it removed.
func (db Carts) ClearCart(ctx context.Context, userID string) (int, error) {
	q := db.q(ctx)
	res, err := q.NewDelete().Model((*cartItemRow)(nil)).Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("clear cart: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// SubtractCartQuantities takes paid quantities out of a user's cart lines (by line id): a line
// left with nothing is deleted, one with more than was paid (raised after checkout) keeps the
// rest.
func (db Carts) SubtractCartQuantities(ctx context.Context, userID string, paid map[string]int) error {
	q := db.q(ctx)
	for id, n := range paid {
		if _, err := q.NewDelete().Model((*cartItemRow)(nil)).Where("id = ?", id).Where("user_id = ?", userID).Where("quantity <= ?", n).Exec(ctx); err != nil {
			return fmt.Errorf("remove paid line from cart: %w", err)
		}
		if _, err := q.NewUpdate().Model((*cartItemRow)(nil)).Set("quantity = quantity - ?", n).Where("id = ?", id).Where("user_id = ?", userID).
			Where("quantity > ?", n).Exec(ctx); err != nil {
			return fmt.Errorf("take paid quantity out of cart: %w", err)
		}
	}
	return nil
}

// attachLinks reads what the lines are linked to: co-pay requests and consultation bookings.
func (db Carts) attachLinks(ctx context.Context, q Q, items []cart.Item) error {
	if err := NewCoPays(db.DB).attachCoPay(ctx, q, items); err != nil {
		return err
	}
	return db.attachConsultations(ctx, q, items)
}
