package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/marketplace"
)

// CatalogWriteStore is what the write path reads and writes (catalogwrite.Store): the
// catalogue's reads and the writes.
type CatalogWriteStore struct {
	Catalog
	CatalogWrites
}

// NewCatalogWriteStore returns the write path's store on db.
func NewCatalogWriteStore(db *DB) CatalogWriteStore {
	return CatalogWriteStore{NewCatalog(db), NewCatalogWrites(db)}
}

// OwnedVendors lists the vendors a user owns, by name.
func (db CatalogWrites) OwnedVendors(ctx context.Context, userID string) ([]catalog.Vendor, error) {
	return scanDomains[vendorRow](ctx, db.bun.NewSelect().Model((*vendorRow)(nil)).Where("owner_user_id = ?", userID).OrderExpr("name, id"), "read owned vendors")
}

// VendorServices lists the vendors' services, active or not, newest first.
func (db CatalogWrites) VendorServices(ctx context.Context, vendorIDs []string) ([]catalog.Service, error) {
	if len(vendorIDs) == 0 {
		return []catalog.Service{}, nil
	}
	return scanDomains[serviceRow](ctx, db.bun.NewSelect().Model((*serviceRow)(nil)).Where("vendor_id IN (?)", bun.In(vendorIDs)).OrderExpr("created_at DESC, id DESC"), "read vendor services")
}

// WriteService writes a service whole in one transaction: the row (inserted, or updated in
// full), its category tags (cat:...; other tags kept on an update), its packages (listed ones
// inserted or updated by id, others removed) and the change record.
func (db CatalogWrites) WriteService(ctx context.Context, w catalogwrite.Write) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		svc := w.Service
		svc.SearchText = marketplace.SearchText(svc.Title, svc.Description, svc.Category)
		row := serviceRowOf(svc)
		if (w.Create || w.Activate) && svc.IsActive && svc.VendorID != nil {
			if err := refuseSuspended(ctx, tx, *svc.VendorID); err != nil {
				return err
			}
		}
		if w.Create {
			if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
				return fmt.Errorf("insert service: %w", err)
			}
		} else {
			res, err := tx.NewUpdate().Model(&row).WherePK().ExcludeColumn("id", "created_at").Exec(ctx)
			if err := oneChanged(res, err, "update service", apperr.New(apperr.NotFound, "service not found")); err != nil {
				return err
			}
			if _, err := tx.NewDelete().Model((*serviceTagRow)(nil)).Where("service_id = ? AND tag LIKE 'cat:%'", svc.ID).Exec(ctx); err != nil {
				return fmt.Errorf("replace service tags: %w", err)
			}
		}
		if len(w.CatTags) > 0 {
			tags := make([]serviceTagRow, len(w.CatTags))
			for i, t := range w.CatTags {
				tags[i] = serviceTagRow{ServiceID: svc.ID, Tag: t}
			}
			if _, err := tx.NewInsert().Model(&tags).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
				return fmt.Errorf("insert service tags: %w", err)
			}
		}
		keep := keysOf(w.Packages, func(p catalog.Package) string { return p.ID })
		if err := deleteAllBut(ctx, tx.NewDelete().Model((*packageRow)(nil)).Where("service_id = ?", svc.ID), keep, "remove packages"); err != nil {
			return err
		}
		for _, p := range w.Packages {
			pr := packageRowOf(p)
			if _, err := tx.NewInsert().Model(&pr).On("CONFLICT (id) DO UPDATE").
				Set("name = EXCLUDED.name, description = EXCLUDED.description, price_cents = EXCLUDED.price_cents").
				Set("pro_price_cents = EXCLUDED.pro_price_cents, yearly_price_cents = EXCLUDED.yearly_price_cents").
				Set("duration = EXCLUDED.duration, features = EXCLUDED.features, popular = EXCLUDED.popular, sort_order = EXCLUDED.sort_order").
				Exec(ctx); err != nil {
				return fmt.Errorf("write package: %w", err)
			}
		}
		if w.Draft != nil {
			if err := insertDraft(ctx, tx, *w.Draft); err != nil {
				return err
			}
		}
		if d := w.Published; d != nil {
			res, err := tx.NewDelete().Model((*serviceDraftRow)(nil)).Where("service_id = ? AND version = ?", d.ServiceID, d.Version).Exec(ctx)
			if err := oneChanged(res, err, "remove published draft", apperr.New(apperr.Conflict, catalogwrite.MsgDraftChanged)); err != nil {
				return err
			}
		}
		c := w.Change
		if err := recordCatalogChange(ctx, tx, c.ID, c.Kind, c.VendorID, c.ServiceIDs, c.ActorID, c.At); err != nil {
			return err
		}
		if w.Audit != nil {
			return Admin{db.DB}.AppendAudit(ctx, *w.Audit)
		}
		return nil
	})
}

// SetServiceActive sets a service's is_active and records the change in one transaction.
func (db CatalogWrites) SetServiceActive(ctx context.Context, id string, active bool, c catalogwrite.Change) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if active {
			if err := refuseSuspended(ctx, tx, c.VendorID); err != nil {
				return err
			}
		}
		res, err := tx.NewUpdate().Model((*serviceRow)(nil)).Set("is_active = ?", active).Set("updated_at = ?", c.At).Where("id = ?", id).Exec(ctx)
		if err := oneChanged(res, err, "set service active", apperr.New(apperr.NotFound, "service not found")); err != nil {
			return err
		}
		return recordCatalogChange(ctx, tx, c.ID, c.Kind, c.VendorID, c.ServiceIDs, c.ActorID, c.At)
	})
}

// CatalogChangeCount counts the change records naming a service (tests).
func (db CatalogWrites) CatalogChangeCount(ctx context.Context, serviceID string) (int, error) {
	n, err := db.bun.NewSelect().Model((*catalogChangeRow)(nil)).Where("service_ids LIKE ?", "%\""+serviceID+"\"%").Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count catalogue changes: %w", err)
	}
	return int(n), nil
}

// MsgVendorSuspended refuses to put a suspended vendor's service on the marketplace.
const MsgVendorSuspended = "Your vendor account is suspended: its services cannot be activated. Contact Circle support."

// refuseSuspended answers a conflict when the vendor is suspended by the back office (issue 31
// item 3): its services stay off the marketplace until an administrator reinstates it.
func refuseSuspended(ctx context.Context, q bun.IDB, vendorID string) error {
	n, err := q.NewSelect().Model((*vendorRow)(nil)).Where("id = ? AND suspended_at IS NOT NULL", vendorID).Count(ctx)
	if err != nil {
		return fmt.Errorf("read vendor suspension: %w", err)
	}
	if n > 0 {
		return apperr.New(apperr.Conflict, MsgVendorSuspended)
	}
	return nil
}
