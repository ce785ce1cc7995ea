package store

import (
	"context"
	"fmt"

	"circle/internal/notify"
)

// RecordEmail stores an e-mail in the outbox.
func (db Ops) RecordEmail(ctx context.Context, e notify.OutboxEmail) error {
	e.CreatedAt = db.Now()
	if e.Attachments == nil {
		e.Attachments = []notify.Attachment{}
	}
	r := outboxEmailRowOf(e)
	q := db.bun.NewInsert().Model(&r)
	if e.Key != "" {
		// A message with a key already recorded is not recorded again (outbox_emails_key).
		q = q.On("CONFLICT DO NOTHING")
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("record e-mail: %w", err)
	}
	return nil
}

// OutboxEmails lists recorded e-mails, newest first, optionally only those to one address.
func (db Ops) OutboxEmails(ctx context.Context, to string, limit int) ([]notify.OutboxEmail, error) {
	q := db.bun.NewSelect().Model((*outboxEmailRow)(nil)).Order("created_at DESC", "id DESC").Limit(int64(limit))
	q = whereGiven(q, "to_address = ?", to)
	return scanDomains[outboxEmailRow](ctx, q, "read outbox")
}
