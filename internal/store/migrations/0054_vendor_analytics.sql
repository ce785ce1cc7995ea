-- Vendor analytics (issue 30 item 5, F-AREA-01): a paid order line is recorded once as the
-- vendor's service_purchase activity, keyed by the order line, with the cash the buyer paid for
-- the line in US cents (order_items: unit_price_usd_cents x quantity - points_usd_cents), so a
-- vendor's revenue reconciles with its paid orders. Other activity leaves both columns empty.
ALTER TABLE vendor_activity ADD COLUMN order_item_id TEXT;
ALTER TABLE vendor_activity ADD COLUMN amount_cents BIGINT NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX vendor_activity_order_item_key ON vendor_activity (order_item_id) WHERE order_item_id IS NOT NULL;
-- The analytics read one activity type of a set of services over a range.
CREATE INDEX vendor_activity_service_type_idx ON vendor_activity (service_id, activity_type, created_at);
