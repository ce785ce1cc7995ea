package store

import (
	"context"

	"circle/internal/billing"
)

// Invoices lists a member's membership invoices, newest first.
func (db Subscriptions) Invoices(ctx context.Context, userID string, limit int) ([]billing.Invoice, error) {
	q := db.q(ctx)
	return scanAll[billing.Invoice](ctx, q.NewSelect().Model((*billingInvoiceRow)(nil)).Where("user_id = ?", userID).Order("created_at DESC", "id DESC").Limit(int64(limit)), "read invoices")
}

// InsertInvoice records a membership invoice once: an invoice id already recorded is left as
// it is.
func (db Subscriptions) InsertInvoice(ctx context.Context, in billing.Invoice) error {
	q := db.q(ctx)
	inserted, err := insertNew(ctx, q, &billingInvoiceRow{Invoice: &in}, "CONFLICT (id) DO NOTHING", "record invoice")
	if err != nil || !inserted {
		return err
	}
	return recordMoney(ctx, q, db.Now(), invoiceEntry(in)...)
}
