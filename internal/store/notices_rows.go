package store

import (
	"github.com/uptrace/bun"

	"circle/internal/notices"
)

// The row of the notifications table, embedding the untagged notices.Notification: every
// column is named after its field, so bun maps them; the row adds the table and tags the key
// (see docs/architecture.md, Store areas).
type notificationRow struct {
	bun.BaseModel `bun:"table:notifications,alias:notification"`

	ID string `bun:"id,pk"`
	notices.Notification
}

func notificationRowOf(n notices.Notification) notificationRow {
	return notificationRow{ID: n.ID, Notification: n}
}

func (r notificationRow) domain() notices.Notification {
	n := r.Notification
	n.ID = r.ID
	return n
}
