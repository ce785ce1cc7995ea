package demo

import (
	"context"
	"fmt"

	"circle/internal/account"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/points"
	"circle/internal/store"
)

// Load writes d in one transaction when the database is empty and reports whether it did.
// passwordHash is the hash every demo account gets. Demo data is never mixed into a database
// that already has data. It writes through the store's Importer, so the store knows nothing of
// the demo.
func Load(ctx context.Context, db *store.DB, d Data, passwordHash string) (bool, error) {
	loaded, err := db.ImportIntoEmpty(ctx, func(ctx context.Context, w *store.Importer) error {
		return load(ctx, w, d, passwordHash)
	})
	if err != nil {
		return false, fmt.Errorf("load demo data: %w", err)
	}
	return loaded, nil
}

func load(ctx context.Context, w *store.Importer, d Data, passwordHash string) error {
	now := w.Now()
	for _, a := range d.Accounts {
		verified := now
		u := account.User{ID: a.ID, Email: a.Email, PasswordHash: passwordHash, EmailVerifiedAt: &verified}
		p := account.Profile{
			DisplayName: a.DisplayName, BusinessName: a.BusinessName, City: a.City, State: a.State,
			IsProMember: a.IsProMember, IsVerified: true, VendorType: a.VendorType,
		}
		if a.City != "" && a.State != "" {
			p.Location = a.City + ", " + a.State
		}
		if err := w.CreateUser(ctx, u, p); err != nil {
			return fmt.Errorf("demo account %s: %w", a.Email, err)
		}
		// Roles are grants (ADR 0009); a grant sets the profile flag it projects to.
		for _, r := range a.roles() {
			if err := w.GrantRole(ctx, a.ID, r, store.DemoGrantReason); err != nil {
				return fmt.Errorf("demo account %s: %w", a.Email, err)
			}
		}
		if a.Points != 0 {
			if err := w.AddPoints(ctx, a.ID, a.Points, "demo_opening_balance", a.ID); err != nil {
				return fmt.Errorf("demo points %s: %w", a.Email, err)
			}
		}
	}
	// Vendors first without owners, then owners set, so accounts and vendors can refer to
	// each other in either order.
	if err := w.Vendors(ctx, d.Vendors); err != nil {
		return err
	}
	for _, a := range d.Accounts {
		if a.OwnsVendorID == "" {
			continue
		}
		if err := w.SetVendorOwner(ctx, a.OwnsVendorID, a.ID); err != nil {
			return fmt.Errorf("demo vendor owner: %w", err)
		}
	}
	if err := w.Representatives(ctx, d.Representatives); err != nil {
		return err
	}
	if err := w.Questions(ctx, d.Questions); err != nil {
		return err
	}
	if err := w.Content(ctx, d.Content); err != nil {
		return err
	}
	if err := w.Availability(ctx, d.Availability); err != nil {
		return err
	}
	// The lender marketplace's profiles of the demo lenders (issue 32 item 2).
	if err := w.LenderProfiles(ctx, LenderProfiles()); err != nil {
		return err
	}
	if err := w.Disclaimers(ctx, d.Disclaimers); err != nil {
		return err
	}
	if err := w.Services(ctx, d.Services); err != nil {
		return err
	}
	if err := w.Reviews(ctx, d.Reviews); err != nil {
		return err
	}
	// Circle's own advisors' consultation (issue 32 item 7), apart from the catalogue: not listed.
	if err := w.Services(ctx, []catalog.ServiceWithParts{AdvisorsService(now)}); err != nil {
		return err
	}
	if d.ScaleTo > 0 {
		if err := loadScale(ctx, w, now, d, passwordHash); err != nil {
			return err
		}
	}
	if err := loadActivity(ctx, w, BuildActivity(now, d)); err != nil {
		return err
	}
	if err := loadVendorHistory(ctx, w, BuildVendorHistory(now, d)); err != nil {
		return err
	}
	if err := loadWallet(ctx, w, BuildWallet(now)); err != nil {
		return err
	}
	// pro@demo.test's Circle Pro membership and its paid invoices; the account's
	// is_pro_member follows them as billing does, so the Pro flag and /billing agree.
	sub, invoices := BuildMembership(now)
	if err := w.Membership(ctx, sub, invoices); err != nil {
		return fmt.Errorf("demo membership: %w", err)
	}
	// Co-pay requests of pro@demo.test to ven-closingbell, with their history (issue 15).
	cp := BuildCoPay(now, d)
	if err := w.CoPay(ctx, cp.Requests, cp.Events); err != nil {
		return err
	}
	// Circle Academy's courses (issue 32 item 1).
	if err := w.AcademyCourses(ctx, AcademyCourses(now)); err != nil {
		return err
	}
	// creator@demo.test's affiliate account with clicks and commissions (issue 32 item 3).
	af := BuildAffiliates(now, d)
	if err := w.AffiliateProgramme(ctx, af.Affiliate, af.Clicks, af.Attributions, af.Batches, af.Conversions); err != nil {
		return err
	}
	// creator@demo.test's creator application, content and payout account (issue 30 item 8).
	cr := BuildCreator(now)
	return w.CreatorProgramme(ctx, cr.Application, cr.Content, cr.Payout)
}

// loadActivity writes demo views and tracking events; each demo view is its own visitor on
// its own network, so demo services trend.
func loadActivity(ctx context.Context, w *store.Importer, acts []Activity) error {
	for i, a := range acts {
		key := fmt.Sprintf("demo-viewer-%04d", i)
		var err error
		if a.Kind == "view" {
			err = w.View(ctx, a.ServiceID, key, a.At)
		} else {
			err = w.TrackingEvent(ctx, a.ServiceID, key, a.Kind, a.At)
		}
		if err != nil {
			return fmt.Errorf("insert demo activity: %w", err)
		}
	}
	return nil
}

// loadVendorHistory writes vendor@demo.test's analytics history: views (one demo network, so
// they never make a service trend), tracking events with the demo source, and paid orders with
// their service_purchase activity.
func loadVendorHistory(ctx context.Context, w *store.Importer, h VendorHistory) error {
	events := make([]store.ImportedEvent, 0, len(h.Events))
	for i, e := range h.Events {
		if e.Kind == "view" {
			if err := w.View(ctx, e.ServiceID, "demo-vendor-history", e.At); err != nil {
				return fmt.Errorf("insert demo vendor history: %w", err)
			}
			continue
		}
		events = append(events, store.ImportedEvent{ID: fmt.Sprintf("ste-demo-vh-%05d", i), ServiceID: e.ServiceID, ViewerKey: "demo-vendor-history",
			EventType: e.Kind, Source: catalog.EventSourceDemo, CreatedAt: e.At})
	}
	if err := w.TrackingEvents(ctx, events); err != nil {
		return err
	}
	orders := make([]checkout.Order, 0, len(h.Purchases))
	items := make([]checkout.OrderItem, 0, len(h.Purchases))
	acts := make([]store.ImportedActivity, 0, len(h.Purchases))
	for _, p := range h.Purchases {
		orders, items = append(orders, p.Order), append(items, p.Item)
		acts = append(acts, store.ImportedActivity{ID: "va-" + p.Item.ID, VendorID: p.VendorID, AgentID: p.Order.UserID, ServiceID: p.Item.ServiceID,
			ActivityType: catalog.ActivityServicePurchase, ActivityData: `{"order_id":"` + p.Order.ID + `"}`, OrderItemID: p.Item.ID,
			AmountCents: p.Item.UnitPriceUSDCents * int64(p.Item.Quantity), CreatedAt: *p.Order.PaidAt})
	}
	if err := w.Orders(ctx, orders, items); err != nil {
		return err
	}
	return w.VendorActivity(ctx, acts)
}

// loadWallet writes the demo points history, event by event at each event's time (the demo
// database is new: nobody else holds a lock on these agents).
func loadWallet(ctx context.Context, w *store.Importer, events []WalletEvent) error {
	grants := map[string]string{} // reference -> allocation id
	spends := map[string]string{} // key -> spend id
	for _, e := range events {
		var err error
		switch e.Kind {
		case WalletGrant:
			var a points.Allocation
			a, err = w.GrantPoints(ctx, points.Allocation{AgentID: e.AgentID, VendorID: e.VendorID, Points: e.Points,
				StartDate: e.Start, EndDate: e.End, Reference: e.Ref}, e.At)
			grants[e.Ref] = a.ID
		case WalletSpend:
			var r points.SpendResult
			r, err = w.SpendPoints(ctx, points.SpendRequest{AgentID: e.AgentID, Points: e.Points, VendorID: e.VendorID, Key: e.Ref, Reference: e.Ref}, e.At)
			spends[e.Ref] = r.Spend.ID
		case WalletReverse:
			err = w.ReverseSpend(ctx, e.AgentID, spends[e.Ref], e.At)
		case WalletExpire:
			err = w.ExpireAllocation(ctx, grants[e.Ref], e.At)
		default:
			err = fmt.Errorf("unknown kind %q", e.Kind)
		}
		if err != nil {
			return fmt.Errorf("demo wallet %s %s: %w", e.Kind, e.Ref, err)
		}
	}
	return nil
}
