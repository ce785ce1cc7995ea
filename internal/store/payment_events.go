package store

import (
	"context"
	"time"
)

// RecordPaymentEvent records a payment event's id; it reports false when the id was recorded
// before. Recorded in the transaction of the change the event causes, it makes a replayed or
// concurrent delivery change nothing more.
func (db Checkout) RecordPaymentEvent(ctx context.Context, provider, id, typ string, now time.Time) (bool, error) {
	q := db.q(ctx)
	res, err := q.ExecContext(ctx, "INSERT INTO processed_events (id, type, provider, processed_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
		id, typ, provider, now)
	n, err := rowsChanged(res, err, "record payment event")
	return n > 0, err
}
