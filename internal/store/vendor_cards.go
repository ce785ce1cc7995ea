package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/pointspay"
)

// A vendor's card on file for point charges (vendor_billing, migrations 0022 and 0075;
// pointspay/cards.go).

// CardVendor reads a vendor with its owner's id and e-mail (empty without an owner).
func (db PointsPay) CardVendor(ctx context.Context, vendorID string) (pointspay.CardVendor, error) {
	var v struct {
		ID    string  `bun:"id"`
		Name  string  `bun:"name"`
		Owner *string `bun:"owner_user_id"`
		Email *string `bun:"email"`
	}
	err := db.bun.NewSelect().TableExpr("vendors AS v").ColumnExpr("v.id, v.name, v.owner_user_id, u.email").
		Join("LEFT JOIN users AS u ON u.id = v.owner_user_id").Where("v.id = ?", vendorID).Scan(ctx, &v)
	if err != nil {
		return pointspay.CardVendor{}, notFound(err, "vendor")
	}
	out := pointspay.CardVendor{ID: v.ID, Name: v.Name}
	if v.Owner != nil {
		out.OwnerUserID = *v.Owner
	}
	if v.Email != nil {
		out.OwnerEmail = *v.Email
	}
	return out, nil
}

// LockVendorBilling reads the vendor's billing row for update, inserting an empty one first
// when the vendor has none, so that there is a row to lock: two saves of one vendor take turns
// (PostgreSQL row lock; SQLite's immediate transaction holds the only write lock).
func (db PointsPay) LockVendorBilling(ctx context.Context, vendorID string, now time.Time) (pointspay.VendorBilling, error) {
	q := db.q(ctx)
	empty := pointspay.VendorBilling{VendorID: vendorID, UpdatedAt: now}
	if _, err := q.NewInsert().Model(&pointspayVendorBillingRow{VendorBilling: &empty}).On("CONFLICT (vendor_id) DO NOTHING").Exec(ctx); err != nil {
		return pointspay.VendorBilling{}, fmt.Errorf("make vendor billing: %w", err)
	}
	var b pointspay.VendorBilling
	sel := db.forUpdate(q.NewSelect().Model(&pointspayVendorBillingRow{VendorBilling: &b}).Where("vendor_id = ?", vendorID))
	if err := sel.Scan(ctx); err != nil {
		return pointspay.VendorBilling{}, fmt.Errorf("lock vendor billing: %w", err)
	}
	return b, nil
}

// WriteVendorBilling writes every column of a vendor's billing row.
func (db PointsPay) WriteVendorBilling(ctx context.Context, b pointspay.VendorBilling) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&pointspayVendorBillingRow{VendorBilling: &b}).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("write vendor billing: %w", err)
	}
	return nil
}

// SetVendorCustomer records customerID as the vendor's customer at provider unless the row
// already names a customer there (the first one recorded wins), and answers the row. A row of
// another provider takes the new provider's customer and loses its card, which that provider
// cannot charge.
func (db PointsPay) SetVendorCustomer(ctx context.Context, vendorID, provider, customerID string, now time.Time) (pointspay.VendorBilling, error) {
	var out pointspay.VendorBilling
	err := db.InTx(ctx, func(ctx context.Context) error {
		b, err := db.LockVendorBilling(ctx, vendorID, now)
		if err != nil {
			return err
		}
		if b.Provider == provider && b.StripeCustomerID != "" {
			out = b
			return nil
		}
		if b.Provider != provider {
			b.StripePaymentMethodID, b.CardBrand, b.CardLast4, b.CardExpMonth, b.CardExpYear = "", "", "", 0, 0
		}
		b.Provider, b.StripeCustomerID, b.UpdatedAt = provider, customerID, now
		out = b
		return db.WriteVendorBilling(ctx, b)
	})
	return out, err
}

// FailedVendorCharges lists a vendor's point charges in status failed, oldest first.
func (db PointsPay) FailedVendorCharges(ctx context.Context, vendorID string) ([]pointspay.VendorCharge, error) {
	q := db.q(ctx)
	return scanAll[pointspay.VendorCharge](ctx, q.NewSelect().Model((*pointspayVendorChargeRow)(nil)).Where("vendor_id = ? AND status = ?", vendorID, pointspay.ChargeFailed).
		Order("created_at", "id"), "read failed vendor charges")
}
