package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/billing"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/copay"
	"circle/internal/ids"
	"circle/internal/marketplace"
	"circle/internal/points"
	"circle/internal/roles"
)

// IsEmpty reports whether the database holds no users, vendors or services yet.
func (db *DB) IsEmpty(ctx context.Context) (bool, error) {
	for _, table := range []string{"users", "vendors", "services"} {
		n, err := db.bun.NewSelect().Table(table).Count(ctx)
		if err != nil {
			return false, fmt.Errorf("count %s: %w", table, err)
		}
		if n > 0 {
			return false, nil
		}
	}
	return true, nil
}

// Importer writes rows in bulk inside one transaction: the demo loader (internal/demo) writes
// the demo catalogue, accounts and activity through it. The store knows nothing of the demo;
// the methods keep the store's own rules (a user comes with its profile, the wallet goes
// through the ledger functions), so imported data reads like data the app wrote.
type Importer struct {
	db *DB
	tx Q
}

// ImportIntoEmpty runs fn with an Importer on one transaction when the database holds no users,
// vendors or services, and reports whether it ran: imported data is never mixed into a
// database that already has data. fn's error rolls everything back.
func (db *DB) ImportIntoEmpty(ctx context.Context, fn func(ctx context.Context, w *Importer) error) (bool, error) {
	ran := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		for _, table := range []string{"users", "vendors", "services"} {
			n, err := tx.NewSelect().Table(table).Count(ctx)
			if err != nil {
				return fmt.Errorf("count %s: %w", table, err)
			}
			if n > 0 {
				return nil
			}
		}
		if err := fn(ctx, &Importer{db: db, tx: tx}); err != nil {
			return err
		}
		// Facts the import wrote without their store methods get their money entries.
		if err := backfillMoney(ctx, tx, db.Now()); err != nil {
			return err
		}
		ran = true
		return nil
	})
	return ran, err
}

// Now is the store's clock reading, the time imported rows are written at.
func (w *Importer) Now() time.Time { return w.db.Now() }

// CreateUser writes an account with its profile.
func (w *Importer) CreateUser(ctx context.Context, u account.User, p account.Profile) error {
	return createUser(ctx, w.tx, w.db.Now(), u, p)
}

// Users writes accounts with their profiles in batches (profiles as given, in the same order).
func (w *Importer) Users(ctx context.Context, users []account.User, profiles []account.Profile) error {
	if err := insertBatched(ctx, w.tx, rowsOf(users, userRowOf), "users"); err != nil {
		return err
	}
	return insertBatched(ctx, w.tx, rowsOf(profiles, profileRowOf), "profiles")
}

// GrantRole grants a role by the system, with the reason (Accounts.GrantRoleIn on the import's
// transaction, which also sets the profile flag).
func (w *Importer) GrantRole(ctx context.Context, userID string, r roles.Role, reason string) error {
	_, err := NewAccounts(w.db).GrantRoleIn(ctx, roles.Grant{ID: ids.New(), UserID: userID, Role: r, Reason: reason})
	return err
}

// AddPoints appends a points ledger entry at the store's clock.
func (w *Importer) AddPoints(ctx context.Context, userID string, delta int64, reason, reference string) error {
	e := PointsEntry{ID: ids.New(), UserID: userID, DeltaPoints: delta, Reason: reason, Reference: reference, CreatedAt: w.db.Now()}
	if _, err := w.tx.NewInsert().Model(&e).Exec(ctx); err != nil {
		return fmt.Errorf("insert points entry of %s: %w", userID, err)
	}
	return nil
}

// Vendors writes vendors (owners are set afterwards with SetVendorOwner, so accounts and
// vendors can refer to each other in either order).
func (w *Importer) Vendors(ctx context.Context, rows []catalog.Vendor) error {
	return insertAll(ctx, w.tx, rowsOf(rows, vendorRowOf), "vendors")
}

// SetVendorOwner makes userID the owner of vendorID and copies the vendor's name onto the
// owner's profile.
func (w *Importer) SetVendorOwner(ctx context.Context, vendorID, userID string) error {
	if _, err := w.tx.NewUpdate().Model((*vendorRow)(nil)).Set("owner_user_id = ?", userID).
		Where("id = ?", vendorID).Exec(ctx); err != nil {
		return fmt.Errorf("set vendor owner: %w", err)
	}
	if _, err := w.tx.NewUpdate().Model((*profileRow)(nil)).
		Set("vendor_company_name = (SELECT name FROM vendors WHERE id = ?)", vendorID).
		Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("set vendor company name: %w", err)
	}
	return nil
}

// Representatives writes service representatives.
func (w *Importer) Representatives(ctx context.Context, rows []catalog.Representative) error {
	return insertAll(ctx, w.tx, rowsOf(rows, representativeRowOf), "service_representatives")
}

// Questions writes vendor questions.
func (w *Importer) Questions(ctx context.Context, rows []catalog.VendorQuestion) error {
	return insertAll(ctx, w.tx, rowsOf(rows, vendorQuestionRowOf), "vendor_questions")
}

// Content writes vendor content.
func (w *Importer) Content(ctx context.Context, rows []catalog.VendorContent) error {
	return insertAll(ctx, w.tx, rowsOf(rows, vendorContentRowOf), "vendor_content")
}

// Availability writes vendor availability.
func (w *Importer) Availability(ctx context.Context, rows []catalog.VendorAvailability) error {
	return insertAll(ctx, w.tx, rowsOf(rows, vendorAvailabilityRowOf), "vendor_availability")
}

// Disclaimers writes RESPA disclaimers.
func (w *Importer) Disclaimers(ctx context.Context, rows []catalog.Disclaimer) error {
	return insertAll(ctx, w.tx, rowsOf(rows, disclaimerRowOf), "respa_disclaimers")
}

// Reviews writes service reviews.
func (w *Importer) Reviews(ctx context.Context, rows []catalog.Review) error {
	return insertBatched(ctx, w.tx, rowsOf(rows, reviewRowOf), "service_reviews")
}

// Services writes services with their tags and packages in batches.
func (w *Importer) Services(ctx context.Context, list []catalog.ServiceWithParts) error {
	svcs := make([]serviceRow, 0, len(list))
	var tags []serviceTagRow
	var pkgs []packageRow
	for _, s := range list {
		svc := s.Service
		svc.SearchText = marketplace.SearchText(svc.Title, svc.Description, svc.Category)
		svcs = append(svcs, serviceRowOf(svc))
		for _, t := range s.Tags {
			tags = append(tags, serviceTagRow{ServiceID: svc.ID, Tag: t})
		}
		for _, p := range s.Packages {
			p.ServiceID = svc.ID
			if p.Features == nil {
				p.Features = []catalog.PackageFeature{}
			}
			pkgs = append(pkgs, packageRowOf(p))
		}
	}
	// Services have many columns: smaller batches keep SQLite under its bound-value limit.
	for start := 0; start < len(svcs); start += 100 {
		chunk := svcs[start:min(start+100, len(svcs))]
		if _, err := w.tx.NewInsert().Model(&chunk).Exec(ctx); err != nil {
			return fmt.Errorf("insert services: %w", err)
		}
	}
	if err := insertBatched(ctx, w.tx, tags, "service tags"); err != nil {
		return err
	}
	return insertAll(ctx, w.tx, pkgs, "service packages")
}

// View records a view of a service by its own visitor on its own network (so it counts for
// trending).
func (w *Importer) View(ctx context.Context, serviceID, viewerKey string, at time.Time) error {
	if _, err := w.tx.ExecContext(ctx, "INSERT INTO service_views (id, service_id, viewer_key, fingerprint, network, created_at) VALUES (?, ?, ?, ?, ?, ?)",
		ids.New(), serviceID, viewerKey, "demo:"+viewerKey, "demo:"+viewerKey, at); err != nil {
		return fmt.Errorf("insert view: %w", err)
	}
	return nil
}

// TrackingEvent records one tracking event of a service with the demo source.
func (w *Importer) TrackingEvent(ctx context.Context, serviceID, viewerKey, kind string, at time.Time) error {
	if _, err := w.tx.ExecContext(ctx, "INSERT INTO service_tracking_events (id, service_id, viewer_key, event_type, source, created_at) VALUES (?, ?, ?, ?, ?, ?)",
		ids.New(), serviceID, viewerKey, kind, catalog.EventSourceDemo, at); err != nil {
		return fmt.Errorf("insert tracking event: %w", err)
	}
	return nil
}

// ImportedEvent is a tracking event row written in bulk by TrackingEvents.
type ImportedEvent struct {
	bun.BaseModel `bun:"table:service_tracking_events"`

	ID        string    `bun:"id,pk"`
	ServiceID string    `bun:"service_id"`
	ViewerKey string    `bun:"viewer_key"`
	EventType string    `bun:"event_type"`
	Source    string    `bun:"source"`
	CreatedAt time.Time `bun:"created_at"`
}

// TrackingEvents writes tracking events in batches.
func (w *Importer) TrackingEvents(ctx context.Context, rows []ImportedEvent) error {
	return insertBatched(ctx, w.tx, rows, "tracking events")
}

// ImportedActivity is a vendor_activity row written in bulk by VendorActivity (the demo's paid
// purchases, keyed by their order line).
type ImportedActivity struct {
	bun.BaseModel `bun:"table:vendor_activity"`

	ID           string    `bun:"id,pk"`
	VendorID     string    `bun:"vendor_id"`
	AgentID      string    `bun:"agent_id"`
	ServiceID    string    `bun:"service_id"`
	ActivityType string    `bun:"activity_type"`
	ActivityData string    `bun:"activity_data"`
	OrderItemID  string    `bun:"order_item_id"`
	AmountCents  int64     `bun:"amount_cents"`
	CreatedAt    time.Time `bun:"created_at"`
}

// VendorActivity writes vendor activity rows in batches.
func (w *Importer) VendorActivity(ctx context.Context, rows []ImportedActivity) error {
	return insertBatched(ctx, w.tx, rows, "vendor activity")
}

// Orders writes orders and their items in batches.
func (w *Importer) Orders(ctx context.Context, orders []checkout.Order, items []checkout.OrderItem) error {
	if err := insertBatched(ctx, w.tx, rowsOf(orders, func(o checkout.Order) checkoutOrderRow { return checkoutOrderRow{Order: &o} }), "orders"); err != nil {
		return err
	}
	return insertBatched(ctx, w.tx, rowsOf(items, func(it checkout.OrderItem) checkoutOrderItemRow { return checkoutOrderItemRow{OrderItem: &it} }), "order items")
}

// Membership writes a subscription with its invoices, then makes the member's is_pro_member
// follow them as billing does.
func (w *Importer) Membership(ctx context.Context, sub billing.Subscription, invoices []billing.Invoice) error {
	if _, err := w.tx.NewInsert().Model(&billingSubscriptionRow{Subscription: &sub}).Exec(ctx); err != nil {
		return fmt.Errorf("insert membership: %w", err)
	}
	if err := insertAll(ctx, w.tx, rowsOf(invoices, func(in billing.Invoice) billingInvoiceRow { return billingInvoiceRow{Invoice: &in} }), "membership invoices"); err != nil {
		return err
	}
	return NewSubscriptions(w.db).SyncProMember(ctx, sub.UserID, w.db.Now())
}

// CoPay writes co-pay requests and their events.
func (w *Importer) CoPay(ctx context.Context, requests []copay.Request, events []copay.Event) error {
	if err := insertAll(ctx, w.tx, rowsOf(requests, func(r copay.Request) copayRequestRow { return copayRequestRow{Request: &r} }), "co_pay_requests"); err != nil {
		return err
	}
	return insertAll(ctx, w.tx, rowsOf(events, func(e copay.Event) copayEventRow { return copayEventRow{Event: &e} }), "co_pay_request_events")
}

// GrantPoints grants an allocation at the given time, through the wallet's ledger.
func (w *Importer) GrantPoints(ctx context.Context, a points.Allocation, at time.Time) (points.Allocation, error) {
	got, _, err := grantPointsIn(ctx, w.tx, a, at)
	return got, err
}

// SpendPoints spends points at the given time, through the wallet's ledger.
func (w *Importer) SpendPoints(ctx context.Context, req points.SpendRequest, at time.Time) (points.SpendResult, error) {
	return spendPointsIn(ctx, w.tx, req, at)
}

// ReverseSpend gives a spend back at the given time.
func (w *Importer) ReverseSpend(ctx context.Context, agentID, spendID string, at time.Time) error {
	_, err := reverseSpendIn(ctx, w.tx, agentID, spendID, at)
	return err
}

// ExpireAllocation expires an allocation at the given time.
func (w *Importer) ExpireAllocation(ctx context.Context, allocationID string, at time.Time) error {
	_, err := expireAllocationIn(ctx, w.tx, allocationID, at)
	return err
}

// insertAll writes rows in batches of 200.
func insertAll[T any](ctx context.Context, tx Q, rows []T, what string) error {
	const batch = 200
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		chunk := rows[start:end]
		if _, err := tx.NewInsert().Model(&chunk).Exec(ctx); err != nil {
			return fmt.Errorf("insert %s: %w", what, err)
		}
	}
	return nil
}

// importBatch is how many rows one INSERT of insertBatched writes (SQLite allows 32,766 bound
// values per statement; the widest row written so has about 40 columns).
const importBatch = 500

func insertBatched[T any](ctx context.Context, tx Q, rows []T, what string) error {
	for start := 0; start < len(rows); start += importBatch {
		chunk := rows[start:min(start+importBatch, len(rows))]
		if _, err := tx.NewInsert().Model(&chunk).Exec(ctx); err != nil {
			return fmt.Errorf("insert %s: %w", what, err)
		}
	}
	return nil
}
