package store

import (
	"context"
	"fmt"

	"circle/internal/monitor"
)

// InsertAppEvent records a product event.
func (db Ops) InsertAppEvent(ctx context.Context, e monitor.AppEvent) error {
	e.CreatedAt = db.Now()
	if e.Payload == "" {
		e.Payload = "{}"
	}
	row := appEventRowOf(e)
	if _, err := db.bun.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("insert app event: %w", err)
	}
	return nil
}

// AppEvents lists the newest events with a name.
func (db Ops) AppEvents(ctx context.Context, name string, limit int) ([]monitor.AppEvent, error) {
	var rows []appEventRow
	if err := db.bun.NewSelect().Model(&rows).Where("name = ?", name).Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read app events: %w", err)
	}
	return domainsOf[appEventRow, monitor.AppEvent](rows), nil
}
