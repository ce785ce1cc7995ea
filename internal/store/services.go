package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
)

// ServiceByID reads one service.
func (db Catalog) ServiceByID(ctx context.Context, id string) (catalog.Service, error) {
	return oneRow[serviceRow](ctx, db.bun, "service", "id = ?", id)
}

// ServicesByID reads services in the order of ids (unknown ids are skipped).
func (db Catalog) ServicesByID(ctx context.Context, serviceIDs []string) ([]catalog.Service, error) {
	if len(serviceIDs) == 0 {
		return []catalog.Service{}, nil
	}
	var rows []serviceRow
	if err := db.bun.NewSelect().Model(&rows).Where("id IN (?)", bun.In(serviceIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read services: %w", err)
	}
	byID := make(map[string]catalog.Service, len(rows))
	for _, r := range rows {
		byID[r.ID] = r.domain()
	}
	out := make([]catalog.Service, 0, len(rows))
	for _, id := range serviceIDs {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// ActiveServices returns every active service (for snapshots and scoring), ranked order.
func (db Catalog) ActiveServices(ctx context.Context) ([]catalog.Service, error) {
	return scanDomains[serviceRow](ctx, db.bun.NewSelect().Model((*serviceRow)(nil)).Where("is_active = ?", true).OrderExpr("sort_order ASC, created_at DESC, id ASC"), "read active services")
}

// ServiceTags lists a service's tags in order.
func (db Catalog) ServiceTags(ctx context.Context, serviceID string) ([]string, error) {
	return scanAll[string](ctx, db.bun.NewSelect().Model((*serviceTagRow)(nil)).Column("tag").
		Where("service_id = ?", serviceID).Order("tag"), "read service tags")
}

// TagsOf returns the tags of each service in one query.
func (db Catalog) TagsOf(ctx context.Context, ids []string) (map[string][]string, error) {
	out := map[string][]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []serviceTagRow
	q := db.bun.NewSelect().Model(&rows).OrderExpr("service_id, tag")
	if len(ids) < 500 {
		q = q.Where("service_id IN (?)", bun.In(ids))
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read tags: %w", err)
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	for _, r := range rows {
		if want[r.ServiceID] {
			out[r.ServiceID] = append(out[r.ServiceID], r.Tag)
		}
	}
	return out, nil
}

// ServicePackages lists a service's packages by sort order.
func (db Catalog) ServicePackages(ctx context.Context, serviceID string) ([]catalog.Package, error) {
	return scanDomains[packageRow](ctx, db.bun.NewSelect().Model((*packageRow)(nil)).Where("service_id = ?", serviceID).
		Order("sort_order", "id"), "read service packages")
}

// ServiceDisclaimer returns the disclaimer a service shows: its own when set and active, else
// the newest active one; nil when there is none.
func (db Catalog) ServiceDisclaimer(ctx context.Context, disclaimerID *string) (*catalog.Disclaimer, error) {
	var r disclaimerRow
	if disclaimerID != nil && *disclaimerID != "" {
		err := db.bun.NewSelect().Model(&r).Where("id = ?", *disclaimerID).Where("is_active = ?", true).Scan(ctx)
		if err == nil {
			d := r.domain()
			return &d, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("read disclaimer: %w", err)
		}
	}
	err := db.bun.NewSelect().Model(&r).Where("is_active = ?", true).OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx)
	return domainOrNil(err, r, "active disclaimer")
}

// SetSortOrders writes new ranking positions in one transaction.
func (db Catalog) SetSortOrders(ctx context.Context, orderedIDs []string) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		now := db.Now()
		for i, id := range orderedIDs {
			if _, err := tx.NewUpdate().Model((*serviceRow)(nil)).Set("sort_order = ?", (i+1)*10).Set("updated_at = ?", now).
				Where("id = ?", id).Exec(ctx); err != nil {
				return fmt.Errorf("set sort order: %w", err)
			}
		}
		return nil
	})
}
