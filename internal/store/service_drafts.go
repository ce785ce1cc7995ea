package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/catalogwrite"
)

// serviceDraftRow is one service's unpublished changes (service_drafts, migration 0068): the
// editor's form and the funnel as JSON text, each NULL when that part is unchanged.
type serviceDraftRow struct {
	bun.BaseModel `bun:"table:service_drafts,alias:sd"`

	ServiceID         string    `bun:"service_id,pk"`
	VendorID          string    `bun:"vendor_id,notnull"`
	ServiceForm       *string   `bun:"service_form"`
	FunnelContent     *string   `bun:"funnel_content"`
	ActivateOnPublish bool      `bun:"activate_on_publish,notnull"`
	Version           int       `bun:"version,notnull"`
	UpdatedBy         string    `bun:"updated_by,notnull"`
	CreatedAt         time.Time `bun:"created_at,notnull"`
	UpdatedAt         time.Time `bun:"updated_at,notnull"`
}

func serviceDraftRowOf(d catalogwrite.Draft) (serviceDraftRow, error) {
	r := serviceDraftRow{ServiceID: d.ServiceID, VendorID: d.VendorID, ActivateOnPublish: d.ActivateOnPublish, Version: max(d.Version, 1),
		UpdatedBy: d.UpdatedBy, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt}
	if d.Form != nil {
		b, err := json.Marshal(d.Form)
		if err != nil {
			return r, fmt.Errorf("encode draft form: %w", err)
		}
		text := string(b)
		r.ServiceForm = &text
	}
	if d.Funnel != nil {
		b, err := json.Marshal(d.Funnel)
		if err != nil {
			return r, fmt.Errorf("encode draft funnel: %w", err)
		}
		text := string(b)
		r.FunnelContent = &text
	}
	return r, nil
}

func (r serviceDraftRow) domain() (catalogwrite.Draft, error) {
	d := catalogwrite.Draft{ServiceID: r.ServiceID, VendorID: r.VendorID, ActivateOnPublish: r.ActivateOnPublish, Version: r.Version,
		UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.ServiceForm != nil {
		var f catalogwrite.ServiceInput
		if err := json.Unmarshal([]byte(*r.ServiceForm), &f); err != nil {
			return d, fmt.Errorf("decode draft form of %s: %w", r.ServiceID, err)
		}
		d.Form = &f
	}
	if r.FunnelContent != nil {
		var fc catalog.FunnelContent
		if err := json.Unmarshal([]byte(*r.FunnelContent), &fc); err != nil {
			return d, fmt.Errorf("decode draft funnel of %s: %w", r.ServiceID, err)
		}
		d.Funnel = &fc
	}
	return d, nil
}

// ServiceDrafts reads the drafts of the services named, by service id.
func (db CatalogWrites) ServiceDrafts(ctx context.Context, serviceIDs []string) (map[string]catalogwrite.Draft, error) {
	out := map[string]catalogwrite.Draft{}
	if len(serviceIDs) == 0 {
		return out, nil
	}
	var rows []serviceDraftRow
	if err := db.bun.NewSelect().Model(&rows).Where("service_id IN (?)", bun.In(serviceIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read service drafts: %w", err)
	}
	for _, r := range rows {
		d, err := r.domain()
		if err != nil {
			return nil, err
		}
		out[r.ServiceID] = d
	}
	return out, nil
}

// SaveDraft inserts a service's draft or, when it has one, sets the parts d carries (a nil form
// or funnel keeps the stored one) and counts the version up, in one statement: a form save and
// a funnel save landing together both stay.
func (db CatalogWrites) SaveDraft(ctx context.Context, d catalogwrite.Draft) error {
	return insertDraft(ctx, db.bun, d)
}

func insertDraft(ctx context.Context, q bun.IDB, d catalogwrite.Draft) error {
	row, err := serviceDraftRowOf(d)
	if err != nil {
		return err
	}
	if _, err := q.NewInsert().Model(&row).On("CONFLICT (service_id) DO UPDATE").
		Set("service_form = COALESCE(EXCLUDED.service_form, sd.service_form)").
		Set("funnel_content = COALESCE(EXCLUDED.funnel_content, sd.funnel_content)").
		Set("version = sd.version + 1, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at").
		Exec(ctx); err != nil {
		return fmt.Errorf("save service draft: %w", err)
	}
	return nil
}

// DeleteDraft removes a service's draft, if any.
func (db CatalogWrites) DeleteDraft(ctx context.Context, serviceID string) error {
	if _, err := db.bun.NewDelete().Model((*serviceDraftRow)(nil)).Where("service_id = ?", serviceID).Exec(ctx); err != nil {
		return fmt.Errorf("discard service draft: %w", err)
	}
	return nil
}
