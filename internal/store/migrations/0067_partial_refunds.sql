-- Partial refunds (issue 31 item 7, F-AREA-03): internal/checkout/refunds.go,
-- docs/areas/accounting.md.

-- One row per partial refund an administrator asked for. The row is written first, as a
-- reservation (status 'pending'), under the order's lock: the sum of an order's pending and
-- succeeded rows never exceeds its total, so two refunds racing cannot give back more than was
-- paid. The provider is then called outside any transaction with the row's id as idempotency
-- key; the row becomes 'succeeded' (with its money entry and audit entry, in one transaction)
-- or 'failed' (its amount is free again). idempotency_key is the administrator's request: the
-- same key for the same order answers the same refund.
CREATE TABLE order_partial_refunds (
    id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    idempotency_key TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    currency TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    line_ids TEXT NOT NULL DEFAULT '',
    points_share BIGINT NOT NULL DEFAULT 0,
    vendor_share_cents BIGINT NOT NULL DEFAULT 0,
    provider TEXT NOT NULL,
    provider_refund_id TEXT NOT NULL DEFAULT '',
    payment_intent_id TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX order_partial_refunds_key ON order_partial_refunds (order_id, idempotency_key);
CREATE INDEX order_partial_refunds_order_idx ON order_partial_refunds (order_id, status);
