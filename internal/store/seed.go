package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/ids"
	"circle/internal/marketplace"
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

// LoadDemo writes the demo data in one transaction when the database is empty and reports
// whether it did. passwordHash is the hash every demo account gets. Demo data is never mixed
// into a database that already has data.
func (db *DB) LoadDemo(ctx context.Context, d demo.Data, passwordHash string) (bool, error) {
	loaded := false
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for _, table := range []string{"users", "vendors", "services"} {
			n, err := tx.NewSelect().Table(table).Count(ctx)
			if err != nil {
				return fmt.Errorf("count %s: %w", table, err)
			}
			if n > 0 {
				return nil
			}
		}
		now := db.Now()
		for _, a := range d.Accounts {
			verified := now
			u := account.User{ID: a.ID, Email: a.Email, PasswordHash: passwordHash, EmailVerifiedAt: &verified}
			p := account.Profile{
				DisplayName: a.DisplayName, BusinessName: a.BusinessName, City: a.City, State: a.State,
				IsAdmin: a.IsAdmin, IsProMember: a.IsProMember, IsCreator: a.IsCreator, IsVerified: true,
				VendorEnabled: a.VendorEnabled, VendorType: a.VendorType,
			}
			if a.City != "" && a.State != "" {
				p.Location = a.City + ", " + a.State
			}
			if err := createUser(ctx, tx, now, u, p); err != nil {
				return fmt.Errorf("demo account %s: %w", a.Email, err)
			}
			if a.Points != 0 {
				e := PointsEntry{ID: ids.New(), UserID: a.ID, DeltaPoints: a.Points, Reason: "demo_opening_balance", Reference: a.ID, CreatedAt: now}
				if _, err := tx.NewInsert().Model(&e).Exec(ctx); err != nil {
					return fmt.Errorf("demo points %s: %w", a.Email, err)
				}
			}
		}
		// Vendors first without owners, then owners set, so accounts and vendors can refer to
		// each other in either order.
		if err := insertAll(ctx, tx, d.Vendors, "vendors"); err != nil {
			return err
		}
		for _, a := range d.Accounts {
			if a.OwnsVendorID == "" {
				continue
			}
			if _, err := tx.NewUpdate().Model((*catalog.Vendor)(nil)).Set("owner_user_id = ?", a.ID).
				Where("id = ?", a.OwnsVendorID).Exec(ctx); err != nil {
				return fmt.Errorf("demo vendor owner: %w", err)
			}
			if _, err := tx.NewUpdate().Model((*account.Profile)(nil)).
				Set("vendor_company_name = (SELECT name FROM vendors WHERE id = ?)", a.OwnsVendorID).
				Where("user_id = ?", a.ID).Exec(ctx); err != nil {
				return fmt.Errorf("demo vendor company name: %w", err)
			}
		}
		if err := insertAll(ctx, tx, d.Representatives, "service_representatives"); err != nil {
			return err
		}
		if err := insertAll(ctx, tx, d.Questions, "vendor_questions"); err != nil {
			return err
		}
		if err := insertAll(ctx, tx, d.Content, "vendor_content"); err != nil {
			return err
		}
		if err := insertAll(ctx, tx, d.Availability, "vendor_availability"); err != nil {
			return err
		}
		if err := insertAll(ctx, tx, d.Disclaimers, "respa_disclaimers"); err != nil {
			return err
		}
		if err := insertServices(ctx, tx, d.Services); err != nil {
			return err
		}
		if err := insertAll(ctx, tx, d.Reviews, "service_reviews"); err != nil {
			return err
		}
		if d.ScaleTo > 0 {
			if err := loadScale(ctx, tx, now, d, passwordHash); err != nil {
				return err
			}
		}
		if err := insertActivity(ctx, tx, demo.BuildActivity(now, d)); err != nil {
			return err
		}
		if err := loadWallet(ctx, tx, demo.BuildWallet(now)); err != nil {
			return err
		}
		if err := db.loadMembership(ctx, tx, now); err != nil {
			return err
		}
		// Co-pay requests of pro@demo.test to ven-closingbell, with their history (issue 15).
		cp := demo.BuildCoPay(now, d)
		if err := insertAll(ctx, tx, cp.Requests, "co_pay_requests"); err != nil {
			return err
		}
		if err := insertAll(ctx, tx, cp.Events, "co_pay_request_events"); err != nil {
			return err
		}
		loaded = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("load demo data: %w", err)
	}
	return loaded, nil
}

func insertAll[T any](ctx context.Context, tx bun.Tx, rows []T, what string) error {
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

// insertServices writes services with their tags and packages in batches.
func insertServices(ctx context.Context, tx bun.Tx, list []catalog.ServiceWithParts) error {
	svcs := make([]catalog.Service, 0, len(list))
	var tags []catalog.ServiceTag
	var pkgs []catalog.Package
	for _, s := range list {
		svc := s.Service
		svc.SearchText = marketplace.SearchText(svc.Title, svc.Description, svc.Category)
		svcs = append(svcs, svc)
		for _, t := range s.Tags {
			tags = append(tags, catalog.ServiceTag{ServiceID: svc.ID, Tag: t})
		}
		for _, p := range s.Packages {
			p.ServiceID = svc.ID
			if p.Features == nil {
				p.Features = []catalog.PackageFeature{}
			}
			pkgs = append(pkgs, p)
		}
	}
	// Services have many columns: smaller batches keep SQLite under its bound-value limit.
	for start := 0; start < len(svcs); start += 100 {
		chunk := svcs[start:min(start+100, len(svcs))]
		if _, err := tx.NewInsert().Model(&chunk).Exec(ctx); err != nil {
			return fmt.Errorf("insert services: %w", err)
		}
	}
	if err := insertBatched(ctx, tx, tags, "service tags"); err != nil {
		return err
	}
	return insertAll(ctx, tx, pkgs, "service packages")
}

// insertService writes a service with its tags and packages.
func insertService(ctx context.Context, tx bun.IDB, s catalog.ServiceWithParts) error {
	svc := s.Service
	svc.SearchText = marketplace.SearchText(svc.Title, svc.Description, svc.Category)
	if _, err := tx.NewInsert().Model(&svc).Exec(ctx); err != nil {
		return fmt.Errorf("insert service %s: %w", svc.ID, err)
	}
	if len(s.Tags) > 0 {
		tags := make([]catalog.ServiceTag, 0, len(s.Tags))
		for _, t := range s.Tags {
			tags = append(tags, catalog.ServiceTag{ServiceID: svc.ID, Tag: t})
		}
		if _, err := tx.NewInsert().Model(&tags).Exec(ctx); err != nil {
			return fmt.Errorf("insert tags of %s: %w", svc.ID, err)
		}
	}
	if len(s.Packages) > 0 {
		pkgs := make([]catalog.Package, len(s.Packages))
		copy(pkgs, s.Packages)
		for i := range pkgs {
			pkgs[i].ServiceID = svc.ID
			if pkgs[i].Features == nil {
				pkgs[i].Features = []catalog.PackageFeature{}
			}
		}
		if _, err := tx.NewInsert().Model(&pkgs).Exec(ctx); err != nil {
			return fmt.Errorf("insert packages of %s: %w", svc.ID, err)
		}
	}
	return nil
}

// CatalogStats counts what the marketplace shows.
type CatalogStats struct {
	ActiveServices int64 `json:"active_services"`
	Vendors        int64 `json:"vendors"`
	Reviews        int64 `json:"reviews"`
}

// CatalogStats counts active services, listed vendors and reviews.
func (db *DB) CatalogStats(ctx context.Context) (CatalogStats, error) {
	var s CatalogStats
	var err error
	if s.ActiveServices, err = db.bun.NewSelect().Model((*catalog.Service)(nil)).Where("is_active = ?", true).Count(ctx); err != nil {
		return s, fmt.Errorf("count services: %w", err)
	}
	if s.Vendors, err = db.bun.NewSelect().Model((*catalog.Vendor)(nil)).Where("is_active = ?", true).
		Where("approval_status IN (?)", bun.In([]string{catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending})).Count(ctx); err != nil {
		return s, fmt.Errorf("count vendors: %w", err)
	}
	if s.Reviews, err = db.bun.NewSelect().Model((*catalog.Review)(nil)).Count(ctx); err != nil {
		return s, fmt.Errorf("count reviews: %w", err)
	}
	return s, nil
}

// insertActivity writes demo views and tracking events.
func insertActivity(ctx context.Context, tx bun.Tx, acts []demo.Activity) error {
	for i, a := range acts {
		key := fmt.Sprintf("demo-viewer-%04d", i)
		var err error
		if a.Kind == "view" {
			// Each demo view is its own visitor on its own network, so demo services trend.
			_, err = tx.ExecContext(ctx, "INSERT INTO service_views (id, service_id, viewer_key, fingerprint, network, created_at) VALUES (?, ?, ?, ?, ?, ?)",
				ids.New(), a.ServiceID, key, "demo:"+key, "demo:"+key, a.At)
		} else {
			_, err = tx.ExecContext(ctx, "INSERT INTO service_tracking_events (id, service_id, viewer_key, event_type, source, created_at) VALUES (?, ?, ?, ?, ?, ?)",
				ids.New(), a.ServiceID, key, a.Kind, catalog.EventSourceDemo, a.At)
		}
		if err != nil {
			return fmt.Errorf("insert demo activity: %w", err)
		}
	}
	return nil
}

// loadMembership writes pro@demo.test's Circle Pro membership and its paid invoices, then makes
// the account's is_pro_member follow them as billing does, so the Pro flag and /billing agree.
func (db *DB) loadMembership(ctx context.Context, tx bun.Tx, now time.Time) error {
	sub, invoices := demo.BuildMembership(now)
	if _, err := tx.NewInsert().Model(&sub).Exec(ctx); err != nil {
		return fmt.Errorf("demo membership: %w", err)
	}
	if err := insertAll(ctx, tx, invoices, "demo membership invoices"); err != nil {
		return err
	}
	return db.SyncProMember(ctx, tx, sub.UserID, now)
}
