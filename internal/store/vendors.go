package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
)

// VendorByID reads one vendor.
func (db *DB) VendorByID(ctx context.Context, id string) (catalog.Vendor, error) {
	var v catalog.Vendor
	if err := db.bun.NewSelect().Model(&v).Where("id = ?", id).Scan(ctx); err != nil {
		return v, notFound(err, "vendor")
	}
	return v, nil
}

// VendorsByID reads the given vendors in one query.
func (db *DB) VendorsByID(ctx context.Context, ids []string) (map[string]catalog.Vendor, error) {
	out := map[string]catalog.Vendor{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []catalog.Vendor
	if err := db.bun.NewSelect().Model(&rows).Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendors: %w", err)
	}
	for _, v := range rows {
		out[v.ID] = v
	}
	return out, nil
}

// ListedVendors returns vendors the marketplace lists (active; approved, auto_approved or
// pending), by sort order then rating.
func (db *DB) ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error) {
	var rows []catalog.Vendor
	q := db.bun.NewSelect().Model(&rows).Where("is_active = ?", true).
		Where("approval_status IN (?)", bun.In([]string{catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending})).
		OrderExpr("sort_order ASC, name ASC")
	if limit > 0 {
		q = q.Limit(int64(limit))
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("list vendors: %w", err)
	}
	return rows, nil
}

// ActiveRepresentatives lists a vendor's active representatives: primary first, then by sort
// order and name.
func (db *DB) ActiveRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error) {
	out := []catalog.Representative{}
	if err := db.bun.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Where("is_active = ?", true).
		OrderExpr("is_primary DESC, sort_order ASC, name ASC, id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read representatives: %w", err)
	}
	return out, nil
}

// VendorQuestions lists a vendor's evaluation questions by number.
func (db *DB) VendorQuestions(ctx context.Context, vendorID string) ([]catalog.VendorQuestion, error) {
	out := []catalog.VendorQuestion{}
	if err := db.bun.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Order("question_number").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor questions: %w", err)
	}
	return out, nil
}

// SeedVendorQuestions gives a vendor without questions the default ones (seed_vendor_questions)
// and reports whether it did. Run it in a transaction (InTx) so the count and the inserts are
// one step; concurrent seeds insert each question once either way (ON CONFLICT DO NOTHING).
func (db *DB) SeedVendorQuestions(ctx context.Context, q Q, vendorID string, texts []string) (bool, error) {
	n, err := q.NewSelect().Model((*catalog.VendorQuestion)(nil)).Where("vendor_id = ?", vendorID).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("count vendor questions: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	seeded := false
	now := db.Now()
	for i, t := range texts {
		res, err := q.ExecContext(ctx, `INSERT INTO vendor_questions (vendor_id, question_number, question_text, answer_text, updated_at)
			VALUES (?, ?, ?, '', ?) ON CONFLICT (vendor_id, question_number) DO NOTHING`, vendorID, i+1, t, now)
		if err != nil {
			return false, fmt.Errorf("seed vendor question: %w", err)
		}
		if k, _ := res.RowsAffected(); k > 0 {
			seeded = true
		}
	}
	return seeded, nil
}

// UpdateVendorQuestion changes a question's text and, when answer is set, its answer.
func (db *DB) UpdateVendorQuestion(ctx context.Context, q Q, vendorID string, number int, text string, answer *string) (catalog.VendorQuestion, error) {
	upd := q.NewUpdate().Model((*catalog.VendorQuestion)(nil)).Set("question_text = ?", text).Set("updated_at = ?", db.Now())
	if answer != nil {
		upd = upd.Set("answer_text = ?", *answer)
	}
	res, err := upd.Where("vendor_id = ?", vendorID).Where("question_number = ?", number).Exec(ctx)
	if err != nil {
		return catalog.VendorQuestion{}, fmt.Errorf("update vendor question: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return catalog.VendorQuestion{}, apperr.New(apperr.NotFound, "question not found")
	}
	var out catalog.VendorQuestion
	if err := q.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Where("question_number = ?", number).Scan(ctx); err != nil {
		return out, notFound(err, "question")
	}
	return out, nil
}

// VendorContentTiles lists a vendor's active content by display order.
func (db *DB) VendorContentTiles(ctx context.Context, vendorID string, limit int) ([]catalog.VendorContent, error) {
	out := []catalog.VendorContent{}
	if err := db.bun.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Where("is_active = ?", true).
		OrderExpr("display_order ASC, id ASC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor content: %w", err)
	}
	return out, nil
}

// VendorCalendarLink returns a vendor's booking calendar link, or nil when it has none.
func (db *DB) VendorCalendarLink(ctx context.Context, vendorID string) (*string, error) {
	var a catalog.VendorAvailability
	err := db.bun.NewSelect().Model(&a).Where("vendor_id = ?", vendorID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read vendor availability: %w", err)
	}
	if a.CalendarLink == "" {
		return nil, nil
	}
	return &a.CalendarLink, nil
}
