package store

import (
	"context"
	"fmt"

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
	res, err := q.NewInsert().Model(&billingInvoiceRow{Invoice: &in}).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	if err != nil {
		return fmt.Errorf("record invoice: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return recordMoney(ctx, q, db.Now(), invoiceEntry(in)...)
}
