package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/admin"
	"circle/internal/apperr"
	"circle/internal/catalog"
)

// The back office's vendors and review moderation (issue 31 items 3 and 5, migration 0042).

const vendorSummarySelect = `SELECT v.id, v.name, v.vendor_type, v.approval_status, v.is_active, v.suspended_at,
	COALESCE(u.email, '') AS owner_email, v.contact_email, v.created_at,
	(SELECT COUNT(*) FROM services s WHERE s.vendor_id = v.id) AS services,
	(SELECT COUNT(*) FROM services s WHERE s.vendor_id = v.id AND s.is_active) AS active_services
	FROM vendors v LEFT JOIN users u ON u.id = v.owner_user_id`

// Vendors answers one page of the vendors list (filter validated); the order ends with the id
// so pages never overlap.
func (db Admin) Vendors(ctx context.Context, f admin.VendorFilter) ([]admin.VendorListItem, int, error) {
	w := newListFilter()
	w.search(f.Q, `(LOWER(v.name) LIKE ? ESCAPE '\' OR LOWER(v.contact_email) LIKE ? ESCAPE '\')`)
	w.choose(f.Status, map[string]string{
		admin.VendorSuspended: "v.suspended_at IS NOT NULL",
		admin.VendorInactive:  "v.suspended_at IS NULL AND NOT v.is_active",
		"approved":            "v.suspended_at IS NULL AND v.is_active AND v.approval_status IN ('approved', 'auto_approved')",
		"pending":             "v.suspended_at IS NULL AND v.approval_status = 'pending'",
	})
	cond := " WHERE " + w.conds()
	total, err := count(ctx, db.bun, "SELECT COUNT(*) FROM vendors v"+cond, w.args...)
	if err != nil {
		return nil, 0, err
	}
	col := map[string]string{"name": "LOWER(name)", "created_at": "created_at", "services": "services"}[f.Sort]
	var out []admin.VendorListItem
	query := "SELECT * FROM (" + vendorSummarySelect + cond + ") vs" + pageOrder(col, "id", f.Desc)
	if err := db.bun.NewRaw(query, pageArgs(w.args, f.Page, f.PageSize)...).Scan(ctx, &out); err != nil {
		return nil, 0, fmt.Errorf("list vendors: %w", err)
	}
	for i := range out {
		out[i].Derive()
	}
	return out, total, nil
}

// VendorListItem reads one vendor's list row.
func (db Admin) VendorListItem(ctx context.Context, id string) (admin.VendorListItem, error) {
	v, err := listRow[admin.VendorListItem](ctx, db.q(ctx), "vendor", vendorSummarySelect+" WHERE v.id = ?", id)
	if err != nil {
		return v, err
	}
	v.Derive()
	return v, nil
}

// VendorDossier reads the vendor's page: the row, services with their RESPA terms,
// representatives, co-pay requests by status and the application that created it.
func (db Admin) VendorDossier(ctx context.Context, id string) (admin.VendorDossier, error) {
	var d admin.VendorDossier
	var err error
	if d.Vendor, err = db.VendorListItem(ctx, id); err != nil {
		return d, err
	}
	var extra []struct {
		WebsiteURL      string `bun:"website_url"`
		Phone           string `bun:"phone"`
		NMLSID          string `bun:"nmls_id"`
		ServiceStates   string `bun:"service_states"`
		SuspendedReason string `bun:"suspended_reason"`
	}
	if err := db.bun.NewRaw("SELECT website_url, phone, nmls_id, service_states, suspended_reason FROM vendors WHERE id = ?", id).Scan(ctx, &extra); err != nil || len(extra) != 1 {
		return d, fmt.Errorf("read vendor detail: %w", err)
	}
	d.Website, d.Phone, d.NMLSID, d.SuspendedReason = extra[0].WebsiteURL, extra[0].Phone, extra[0].NMLSID, extra[0].SuspendedReason
	d.ServiceStates = []string{}
	_ = json.Unmarshal([]byte(extra[0].ServiceStates), &d.ServiceStates)
	d.Services = []admin.VendorServiceTerms{}
	if err := db.bun.NewRaw(`SELECT id, title, is_active, copay_allowed, ssp_allowed, is_respa_regulated AS respa_regulated, respa_risk_level,
		respa_split_limit, max_split_percentage_ssp AS max_split_ssp, max_split_percentage_non_ssp AS max_split_non_ssp,
		max_vendor_split_percentage AS max_vendor_split, retail_price_cents AS retail_cents, pro_price_cents AS pro_cents,
		co_pay_price_cents AS co_pay_cents FROM services WHERE vendor_id = ? ORDER BY title, id`, id).Scan(ctx, &d.Services); err != nil {
		return d, fmt.Errorf("read vendor services: %w", err)
	}
	d.Representatives = []admin.RepresentativeView{}
	if err := db.bun.NewRaw(`SELECT id, name, title, email, phone, is_active, is_primary FROM service_representatives
		WHERE vendor_id = ? ORDER BY is_primary DESC, sort_order, name, id`, id).Scan(ctx, &d.Representatives); err != nil {
		return d, fmt.Errorf("read vendor representatives: %w", err)
	}
	var byStatus []struct {
		Status string `bun:"status"`
		N      int    `bun:"n"`
	}
	if err := db.bun.NewRaw("SELECT status, COUNT(*) AS n FROM co_pay_requests WHERE vendor_id = ? GROUP BY status", id).Scan(ctx, &byStatus); err != nil {
		return d, fmt.Errorf("read vendor co-pay decisions: %w", err)
	}
	for _, s := range byStatus {
		switch s.Status {
		case "approved":
			d.CoPay.Approved += s.N
		case "declined":
			d.CoPay.Declined += s.N
		case "pending":
			d.CoPay.Pending += s.N
		default:
			d.CoPay.Other += s.N
		}
		d.CoPay.Total += s.N
	}
	var apps []string
	if err := db.bun.NewRaw("SELECT id FROM vendor_applications WHERE vendor_id = ? LIMIT 1", id).Scan(ctx, &apps); err != nil {
		return d, fmt.Errorf("read vendor application: %w", err)
	}
	if len(apps) == 1 {
		d.ApplicationID = apps[0]
	}
	return d, nil
}

// SuspendVendor deactivates the vendor and its active services, keeping their ids.
func (db Admin) SuspendVendor(ctx context.Context, id, reason string, at time.Time) ([]string, error) {
	q := db.q(ctx)
	ids := []string{}
	if err := q.NewRaw("SELECT id FROM services WHERE vendor_id = ? AND is_active ORDER BY id", id).Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("read vendor services: %w", err)
	}
	if len(ids) > 0 {
		if _, err := q.NewUpdate().Model((*serviceRow)(nil)).Set("is_active = ?", false).Set("updated_at = ?", at).
			Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
			return nil, fmt.Errorf("deactivate vendor services: %w", err)
		}
	}
	list, _ := json.Marshal(ids)
	res, err := q.NewUpdate().Model((*vendorRow)(nil)).Set("suspended_at = ?", at).Set("suspended_reason = ?", reason).
		Set("suspended_services = ?", string(list)).Set("is_active = ?", false).Set("updated_at = ?", at).
		Where("id = ? AND suspended_at IS NULL", id).Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("suspend vendor: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, apperr.New(apperr.Conflict, admin.MsgAlreadySusp)
	}
	return ids, nil
}

// ReinstateVendor lifts the suspension and reactivates the services it took down (those
// still the vendor's).
func (db Admin) ReinstateVendor(ctx context.Context, id string, at time.Time) ([]string, error) {
	q := db.q(ctx)
	var kept []string
	if err := q.NewRaw("SELECT suspended_services FROM vendors WHERE id = ? AND suspended_at IS NOT NULL", id).Scan(ctx, &kept); err != nil {
		return nil, fmt.Errorf("read suspension: %w", err)
	}
	if len(kept) != 1 {
		return nil, apperr.New(apperr.Conflict, admin.MsgNotSuspended)
	}
	ids := []string{}
	_ = json.Unmarshal([]byte(kept[0]), &ids)
	if len(ids) > 0 {
		if _, err := q.NewUpdate().Model((*serviceRow)(nil)).Set("is_active = ?", true).Set("updated_at = ?", at).
			Where("id IN (?) AND vendor_id = ?", bun.In(ids), id).Exec(ctx); err != nil {
			return nil, fmt.Errorf("reactivate vendor services: %w", err)
		}
	}
	if _, err := q.NewUpdate().Model((*vendorRow)(nil)).Set("suspended_at = NULL").Set("suspended_reason = ''").
		Set("suspended_services = '[]'").Set("is_active = ?", true).Set("updated_at = ?", at).Where("id = ?", id).Exec(ctx); err != nil {
		return nil, fmt.Errorf("reinstate vendor: %w", err)
	}
	return ids, nil
}

// RecordCatalogChange writes the catalogue's change record in ctx's transaction (the change's).
func (db Admin) RecordCatalogChange(ctx context.Context, id, kind, vendorID string, serviceIDs []string, actor string, at time.Time) error {
	q := db.q(ctx)
	return recordCatalogChange(ctx, q, id, kind, vendorID, serviceIDs, actor, at)
}

const reviewRowSelect = `SELECT r.id, r.service_id, s.title AS service_title, r.user_id, COALESCE(p.display_name, '') AS reviewer_name,
	u.email AS reviewer_email, r.rating, COALESCE(r.review, '') AS text, r.review_source AS source, r.verified AS verified_purchase,
	r.source_url, r.admin_notes, r.hidden_at, r.hidden_reason, r.created_at`

const reviewRowFrom = ` FROM service_reviews r JOIN services s ON s.id = r.service_id JOIN users u ON u.id = r.user_id
	LEFT JOIN profiles p ON p.user_id = r.user_id`

// ModerationReviews answers one page of the reviews list (filter validated).
func (db Admin) ModerationReviews(ctx context.Context, f admin.ReviewFilter) ([]admin.ReviewListItem, int, error) {
	w := newListFilter()
	w.search(f.Q, `(LOWER(s.title) LIKE ? ESCAPE '\' OR u.email LIKE ? ESCAPE '\' OR LOWER(COALESCE(p.display_name, '')) LIKE ? ESCAPE '\'
			OR LOWER(COALESCE(r.review, '')) LIKE ? ESCAPE '\')`)
	w.choose(f.Status, map[string]string{admin.ReviewHidden: "r.hidden_at IS NOT NULL", admin.ReviewVisible: "r.hidden_at IS NULL"})
	if f.Rating > 0 {
		w.add("r.rating = ?", f.Rating)
	}
	w.choose(f.Verified, map[string]string{"yes": "r.verified", "no": "NOT r.verified"})
	if f.Source != "" {
		w.add("r.review_source = ?", f.Source)
	}
	cond := reviewRowFrom + " WHERE " + w.conds()
	// Without the text search every filter is on the review itself, and each review has its
	// service and author (foreign keys), so the count reads service_reviews alone.
	countQuery := "SELECT COUNT(*)" + cond
	if f.Q == "" {
		countQuery = "SELECT COUNT(*) FROM service_reviews r WHERE " + w.conds()
	}
	total, err := count(ctx, db.bun, countQuery, w.args...)
	if err != nil {
		return nil, 0, err
	}
	col := map[string]string{"created_at": "r.created_at", "rating": "r.rating"}[f.Sort]
	var out []admin.ReviewListItem
	query := reviewRowSelect + cond + pageOrder(col, "r.id", f.Desc)
	if err := db.bun.NewRaw(query, pageArgs(w.args, f.Page, f.PageSize)...).Scan(ctx, &out); err != nil {
		return nil, 0, fmt.Errorf("list reviews: %w", err)
	}
	for i := range out {
		out[i].Derive()
	}
	return out, total, nil
}

// ModerationReview reads one review's moderation row.
func (db Admin) ModerationReview(ctx context.Context, id string) (admin.ReviewListItem, error) {
	r, err := listRow[admin.ReviewListItem](ctx, db.q(ctx), "review", reviewRowSelect+reviewRowFrom+" WHERE r.id = ?", id)
	if err != nil {
		return r, err
	}
	r.Derive()
	return r, nil
}

// SetReviewHidden hides (at, reason) or restores (nil) a review; updated_at moves, so the
// catalogue's fingerprint sees the change.
func (db Admin) SetReviewHidden(ctx context.Context, id string, at *time.Time, reason string) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model((*reviewRow)(nil)).Set("hidden_at = ?", at).Set("hidden_reason = ?", reason).
		Set("updated_at = ?", db.Now()).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("moderate review: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "review not found")
	}
	return nil
}

// SetReviewAdminNotes replaces a review's internal notes on q. Members never see them, so
// updated_at (the catalogue's fingerprint) stays.
func (db Admin) SetReviewAdminNotes(ctx context.Context, id, notes string) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model((*reviewRow)(nil)).Set("admin_notes = ?", notes).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("review notes: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "review not found")
	}
	return nil
}

// ServiceExists reports whether a service (active or not) has this id.
func (db Admin) ServiceExists(ctx context.Context, id string) (bool, error) {
	q := db.q(ctx)
	n, err := q.NewSelect().Table("services").Where("id = ?", id).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("find service: %w", err)
	}
	return n > 0, nil
}

// UserIDByEmail finds a member by e-mail (stored lower-case); "" when there is none.
func (db Admin) UserIDByEmail(ctx context.Context, email string) (string, error) {
	q := db.q(ctx)
	var ids []string
	if err := q.NewSelect().Table("users").Column("id").Where("email = ?", strings.ToLower(strings.TrimSpace(email))).Limit(1).Scan(ctx, &ids); err != nil {
		return "", fmt.Errorf("find member: %w", err)
	}
	if len(ids) == 0 {
		return "", nil
	}
	return ids[0], nil
}

// HasPurchaseOrBooking is the verified-purchase rule of every review (Activity's).
func (db Admin) HasPurchaseOrBooking(ctx context.Context, userID, serviceID string) (bool, error) {
	return Activity{db.DB}.HasPurchaseOrBooking(ctx, userID, serviceID)
}

// CreateReview inserts a review through the one review insert (Reviews').
func (db Admin) CreateReview(ctx context.Context, r catalog.Review) (catalog.Review, error) {
	return Reviews{db.DB}.CreateReview(ctx, r)
}
