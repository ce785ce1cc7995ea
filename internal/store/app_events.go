package store

import (
	"context"

	"circle/internal/monitor"
)

// InsertAppEvent records a product event.
func (db Ops) InsertAppEvent(ctx context.Context, e monitor.AppEvent) error {
	e.CreatedAt = db.Now()
	if e.Payload == "" {
		e.Payload = "{}"
	}
	row := appEventRowOf(e)
	return insertModel(ctx, db.bun, &row, "insert app event")
}

// AppEvents lists the newest events with a name.
func (db Ops) AppEvents(ctx context.Context, name string, limit int) ([]monitor.AppEvent, error) {
	return newestDomains[appEventRow](ctx, db.bun, limit, "read app events", "name = ?", name)
}
