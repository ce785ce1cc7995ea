-- One cart, one payment (issue 14): a user's cart has at most one open checkout, an order
-- pending payment. Earlier attempts still pending are expired first (the newest stays open),
-- with their open payment pages; a payment that still arrives for one of them is refunded.

UPDATE orders SET status = 'expired', canceled_at = updated_at
WHERE status = 'pending' AND EXISTS (
    SELECT 1 FROM orders AS newer
    WHERE newer.user_id = orders.user_id AND newer.status = 'pending'
      AND (newer.created_at > orders.created_at OR (newer.created_at = orders.created_at AND newer.id > orders.id)));

UPDATE checkout_sessions SET status = 'expired'
WHERE kind = 'order' AND status = 'open' AND order_id IN (SELECT id FROM orders WHERE status = 'expired');

-- The database holds the rule whatever the code does: a second pending order of one user fails.
CREATE UNIQUE INDEX orders_one_open_per_user_idx ON orders (user_id) WHERE status = 'pending';

-- The sweeper reads pending orders by age.
CREATE INDEX orders_pending_created_idx ON orders (created_at) WHERE status = 'pending';

-- A refund the app made itself: a payment that arrived for a payment page that had expired or
-- was replaced. One per page (the unique key), so a refund job run twice records it once.
CREATE TABLE order_refunds (
    id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    checkout_session_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    provider_refund_id TEXT NOT NULL,
    payment_intent_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    reason TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX order_refunds_session_key ON order_refunds (checkout_session_id);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id);
