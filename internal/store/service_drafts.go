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
	var err error
	if r.ServiceForm, err = draftPartText(d.Form, "draft form"); err != nil {
		return r, err
	}
	if r.FunnelContent, err = draftPartText(d.Funnel, "draft funnel"); err != nil {
		return r, err
	}
	return r, nil
}

// draftPartText is a draft part as the JSON text stored for it, nil for a part the draft does
// not change.
func draftPartText[T any](part *T, what string) (*string, error) {
	if part == nil {
		return nil, nil
	}
	b, err := json.Marshal(part)
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", what, err)
	}
	text := string(b)
	return &text, nil
}

// draftPart decodes a stored draft part, nil when the draft does not change it.
func draftPart[T any](text *string, what string) (*T, error) {
	if text == nil {
		return nil, nil
	}
	var part T
	if err := json.Unmarshal([]byte(*text), &part); err != nil {
		return nil, fmt.Errorf("decode %s: %w", what, err)
	}
	return &part, nil
}

func (r serviceDraftRow) domain() (catalogwrite.Draft, error) {
	d := catalogwrite.Draft{ServiceID: r.ServiceID, VendorID: r.VendorID, ActivateOnPublish: r.ActivateOnPublish, Version: r.Version,
		UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	var err error
	if d.Form, err = draftPart[catalogwrite.ServiceInput](r.ServiceForm, "draft form of "+r.ServiceID); err != nil {
		return d, err
	}
	if d.Funnel, err = draftPart[catalog.FunnelContent](r.FunnelContent, "draft funnel of "+r.ServiceID); err != nil {
		return d, err
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
