package store

import (
	"time"

	"github.com/uptrace/bun"

	"circle/internal/notify"
)

// The row of the outbox_emails table. It lists its columns rather than embedding
// notify.OutboxEmail because two are not named after their field (to_address, body_text) and
// dedupe_key must be NULL, not empty, for a message without a key (outbox_emails_key is
// unique): bun cannot rename or retag an embedded field (see docs/architecture.md, Store areas).
type outboxEmailRow struct {
	bun.BaseModel `bun:"table:outbox_emails,alias:outbox_email"`

	ID          string              `bun:"id,pk"`
	To          string              `bun:"to_address,notnull"`
	Subject     string              `bun:"subject,notnull"`
	Text        string              `bun:"body_text,notnull"`
	Kind        string              `bun:"kind,notnull"`
	Attachments []notify.Attachment `bun:"attachments,type:text,notnull"` // JSON text
	Key         string              `bun:"dedupe_key,nullzero"`
	Transport   string              `bun:"transport,notnull"`
	Status      string              `bun:"status,notnull"`
	Error       string              `bun:"error,notnull"`
	CreatedAt   time.Time           `bun:"created_at,notnull"`
	SentAt      *time.Time          `bun:"sent_at"`
}

func outboxEmailRowOf(e notify.OutboxEmail) outboxEmailRow {
	return outboxEmailRow{ID: e.ID, To: e.To, Subject: e.Subject, Text: e.Text, Kind: e.Kind, Attachments: e.Attachments, Key: e.Key,
		Transport: e.Transport, Status: e.Status, Error: e.Error, CreatedAt: e.CreatedAt, SentAt: e.SentAt}
}

func (r outboxEmailRow) domain() notify.OutboxEmail {
	return notify.OutboxEmail{ID: r.ID, To: r.To, Subject: r.Subject, Text: r.Text, Kind: r.Kind, Attachments: r.Attachments, Key: r.Key,
		Transport: r.Transport, Status: r.Status, Error: r.Error, CreatedAt: r.CreatedAt, SentAt: r.SentAt}
}
