package store

import (
	"context"
	"fmt"

	"circle/internal/admin"
)

// The back office's services list (issue 31 item 4). Sorting by updated_at or created_at uses
// services_admin_updated_idx / services_admin_created_idx (0065), both ending in the id.

const adminServiceSelect = `SELECT s.id, s.title, COALESCE(s.vendor_id, '') AS vendor_id, COALESCE(v.name, '') AS vendor_name,
	s.category, s.retail_price_cents AS retail_cents, s.pro_price_cents AS pro_cents, s.copay_allowed,
	s.respa_split_limit AS split_limit, s.is_active AS active, s.is_featured AS featured, s.is_sponsored AS sponsored,
	s.is_top_pick AS top_pick, s.sort_order, (v.suspended_at IS NOT NULL) AS vendor_suspend, s.created_at, s.updated_at
	FROM services s LEFT JOIN vendors v ON v.id = s.vendor_id`

// AdminServices answers one page of the services list (filter validated); the order ends with
// the id so pages never overlap.
func (db Admin) AdminServices(ctx context.Context, f admin.ServiceFilter) ([]admin.ServiceListItem, int, error) {
	w := newListFilter()
	w.search(f.Q, `(LOWER(s.title) LIKE ? ESCAPE '\' OR LOWER(v.name) LIKE ? ESCAPE '\')`)
	w.choose(f.Status, map[string]string{"active": "s.is_active", "inactive": "NOT s.is_active"})
	w.choose(f.Flag, map[string]string{"featured": "s.is_featured", "sponsored": "s.is_sponsored", "top_pick": "s.is_top_pick",
		"copay": "s.copay_allowed"})
	if f.Category != "" {
		w.add("EXISTS (SELECT 1 FROM service_tags t WHERE t.service_id = s.id AND t.tag = ?)", f.Category)
	}
	if f.VendorID != "" {
		w.add("s.vendor_id = ?", f.VendorID)
	}
	cond := " WHERE " + w.conds()
	total, err := count(ctx, db.bun, "SELECT COUNT(*) FROM services s LEFT JOIN vendors v ON v.id = s.vendor_id"+cond, w.args...)
	if err != nil {
		return nil, 0, err
	}
	col := map[string]string{"updated_at": "s.updated_at", "created_at": "s.created_at", "title": "LOWER(s.title)",
		"retail_price": "COALESCE(s.retail_price_cents, 0)", "sort_order": "s.sort_order"}[f.Sort]
	var out []admin.ServiceListItem
	query := adminServiceSelect + cond + pageOrder(col, "s.id", f.Desc)
	if err := db.bun.NewRaw(query, pageArgs(w.args, f.Page, f.PageSize)...).Scan(ctx, &out); err != nil {
		return nil, 0, fmt.Errorf("list services: %w", err)
	}
	return out, total, nil
}
