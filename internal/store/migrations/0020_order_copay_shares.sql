-- Checkout with co-pay coverage (issue 15 item 5): each order line records what the agent pays
-- and what the co-pay partner covers, in the order's currency (cents), and the co-pay request
-- whose approved split priced it. A line without co-pay has vendor_share_cents 0 and
-- agent_share_cents equal to its line total.
ALTER TABLE order_items ADD COLUMN agent_share_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN vendor_share_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN co_pay_request_id TEXT NOT NULL DEFAULT '';
CREATE INDEX order_items_co_pay_request_idx ON order_items (co_pay_request_id) WHERE co_pay_request_id <> '';
