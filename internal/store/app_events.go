package store

import (
	"context"
	"fmt"

	"circle/internal/monitor"
)

// InsertAppEvent records a product event.
func (db *DB) InsertAppEvent(ctx context.Context, e monitor.AppEvent) error {
	e.CreatedAt = db.Now()
	if e.Payload == "" {
		e.Payload = "{}"
	}
	if _, err := db.bun.NewInsert().Model(&e).Exec(ctx); err != nil {
		return fmt.Errorf("insert app event: %w", err)
	}
	return nil
}

// AppEvents lists the newest events with a name.
func (db *DB) AppEvents(ctx context.Context, name string, limit int) ([]monitor.AppEvent, error) {
	var out []monitor.AppEvent
	if err := db.bun.NewSelect().Model(&out).Where("name = ?", name).Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read app events: %w", err)
	}
	return out, nil
}
