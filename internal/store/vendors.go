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
func (db Catalog) VendorByID(ctx context.Context, id string) (catalog.Vendor, error) {
	return oneRow[vendorRow](ctx, db.bun, "vendor", "id = ?", id)
}

// VendorsByID reads the given vendors in one query.
func (db Catalog) VendorsByID(ctx context.Context, ids []string) (map[string]catalog.Vendor, error) {
	out := map[string]catalog.Vendor{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []vendorRow
	if err := db.bun.NewSelect().Model(&rows).Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendors: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r.domain()
	}
	return out, nil
}

// ListedVendors returns vendors the marketplace lists (active; approved, auto_approved or
// pending), by sort order then rating.
func (db Catalog) ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error) {
	q := db.bun.NewSelect().Model((*vendorRow)(nil)).Where("is_active = ?", true).
		Where("approval_status IN (?)", bun.In([]string{catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending})).
		OrderExpr("sort_order ASC, name ASC")
	if limit > 0 {
		q = q.Limit(int64(limit))
	}
	return scanDomains[vendorRow](ctx, q, "list vendors")
}

// ActiveRepresentatives lists a vendor's active representatives: primary first, then by sort
// order and name.
func (db Catalog) ActiveRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error) {
	return scanDomains[representativeRow](ctx, db.bun.NewSelect().Model((*representativeRow)(nil)).Where("vendor_id = ?", vendorID).Where("is_active = ?", true).
		OrderExpr("is_primary DESC, sort_order ASC, name ASC, id ASC"), "read representatives")
}

// VendorQuestions lists a vendor's evaluation questions by number.
func (db Catalog) VendorQuestions(ctx context.Context, vendorID string) ([]catalog.VendorQuestion, error) {
	return scanDomains[vendorQuestionRow](ctx, db.bun.NewSelect().Model((*vendorQuestionRow)(nil)).Where("vendor_id = ?", vendorID).Order("question_number"), "read vendor questions")
}

// SeedVendorQuestions gives a vendor without questions the default ones (seed_vendor_questions)
// and reports whether it did. Run it in a transaction (InTx) so the count and the inserts are
// one step; concurrent seeds insert each question once either way (ON CONFLICT DO NOTHING).
func (db Catalog) SeedVendorQuestions(ctx context.Context, vendorID string, texts []string) (bool, error) {
	q := db.q(ctx)
	n, err := q.NewSelect().Model((*vendorQuestionRow)(nil)).Where("vendor_id = ?", vendorID).Count(ctx)
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
func (db Catalog) UpdateVendorQuestion(ctx context.Context, vendorID string, number int, text string, answer *string) (catalog.VendorQuestion, error) {
	q := db.q(ctx)
	upd := q.NewUpdate().Model((*vendorQuestionRow)(nil)).Set("question_text = ?", text).Set("updated_at = ?", db.Now())
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
	return oneRow[vendorQuestionRow](ctx, q, "question", "vendor_id = ? AND question_number = ?", vendorID, number)
}

// VendorContentTiles lists a vendor's active content by display order.
func (db Catalog) VendorContentTiles(ctx context.Context, vendorID string, limit int) ([]catalog.VendorContent, error) {
	return scanDomains[vendorContentRow](ctx, db.bun.NewSelect().Model((*vendorContentRow)(nil)).Where("vendor_id = ?", vendorID).Where("is_active = ?", true).
		OrderExpr("display_order ASC, id ASC").Limit(int64(limit)), "read vendor content")
}

// VendorCalendarLink returns a vendor's booking calendar link, or nil when it has none.
func (db Catalog) VendorCalendarLink(ctx context.Context, vendorID string) (*string, error) {
	var a vendorAvailabilityRow
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

// AffiliatedVendorIDs lists the vendors a user is affiliated with (issue 27 item 4, respa's
// self-dealing rule), sorted: the vendors they own (owner_user_id), those they are an active
// representative of (the representative's e-mail is theirs, trimmed and case-insensitive), and
// the parent and subsidiaries (parent_vendor_id) of each. Empty for most users.
func (db Catalog) AffiliatedVendorIDs(ctx context.Context, userID string) ([]string, error) {
	ids := []string{}
	if err := db.bun.NewRaw(`WITH direct AS (
			SELECT id FROM vendors WHERE owner_user_id = ?
			UNION
			SELECT r.vendor_id FROM service_representatives AS r JOIN users AS u ON u.id = ?
			WHERE r.is_active AND TRIM(r.email) <> '' AND LOWER(TRIM(r.email)) = LOWER(TRIM(u.email))
		)
		SELECT id FROM direct
		UNION SELECT v.id FROM vendors AS v WHERE v.parent_vendor_id IN (SELECT id FROM direct)
		UNION SELECT v.parent_vendor_id FROM vendors AS v WHERE v.id IN (SELECT id FROM direct) AND v.parent_vendor_id IS NOT NULL
		ORDER BY 1`, userID, userID).Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("read the vendors user %s is affiliated with: %w", userID, err)
	}
	return ids, nil
}

// VendorAffiliatedUsers lists the users affiliated with a vendor, sorted: the converse of
// AffiliatedVendorIDs (a user is in this list exactly when the vendor is in theirs), for the
// vendor's side of co-pay and its audit pack.
func (db Catalog) VendorAffiliatedUsers(ctx context.Context, vendorID string) ([]string, error) {
	ids := []string{}
	if err := db.bun.NewRaw(`WITH family AS (
			SELECT id FROM vendors WHERE id = ?
			UNION SELECT parent_vendor_id FROM vendors WHERE id = ? AND parent_vendor_id IS NOT NULL
			UNION SELECT id FROM vendors WHERE parent_vendor_id = ?
		)
		SELECT owner_user_id FROM vendors WHERE id IN (SELECT id FROM family) AND owner_user_id IS NOT NULL
		UNION SELECT u.id FROM service_representatives AS r JOIN users AS u ON LOWER(TRIM(u.email)) = LOWER(TRIM(r.email))
		WHERE r.vendor_id IN (SELECT id FROM family) AND r.is_active AND TRIM(r.email) <> ''
		ORDER BY 1`, vendorID, vendorID, vendorID).Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("read the users affiliated with vendor %s: %w", vendorID, err)
	}
	return ids, nil
}
