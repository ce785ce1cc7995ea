package store

import (
	"context"
	"fmt"

	"circle/internal/notify"
)

// RecordEmail stores an e-mail in the outbox.
func (db *DB) RecordEmail(ctx context.Context, e notify.OutboxEmail) error {
	e.CreatedAt = db.Now()
	if e.Attachments == nil {
		e.Attachments = []notify.Attachment{}
	}
	q := db.bun.NewInsert().Model(&e)
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
func (db *DB) OutboxEmails(ctx context.Context, to string, limit int) ([]notify.OutboxEmail, error) {
	var out []notify.OutboxEmail
	q := db.bun.NewSelect().Model(&out).Order("created_at DESC", "id DESC").Limit(int64(limit))
	if to != "" {
		q = q.Where("to_address = ?", to)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	return out, nil
}
