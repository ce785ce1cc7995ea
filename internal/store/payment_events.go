package store

import (
	"context"
	"fmt"
	"time"
)

// RecordPaymentEvent records a payment event's id; it reports false when the id was recorded
// before. Recorded in the transaction of the change the event causes, it makes a replayed or
// concurrent delivery change nothing more.
func (db Checkout) RecordPaymentEvent(ctx context.Context, provider, id, typ string, now time.Time) (bool, error) {
	q := db.q(ctx)
	res, err := q.ExecContext(ctx, "INSERT INTO processed_events (id, type, provider, processed_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
		id, typ, provider, now)
	if err != nil {
		return false, fmt.Errorf("record payment event: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("record payment event: %w", err)
	}
	return n > 0, nil
}
