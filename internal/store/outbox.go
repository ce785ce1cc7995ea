package store

import (
	"context"
	"fmt"

	"circle/internal/notify"
)

// RecordEmail stores an e-mail in the outbox.
func (db *DB) RecordEmail(ctx context.Context, e notify.OutboxEmail) error {
	e.CreatedAt = db.Now()
	if _, err := db.bun.NewInsert().Model(&e).Exec(ctx); err != nil {
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
