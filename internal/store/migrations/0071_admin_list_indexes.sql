-- Issue 31 acceptance (the admin lists' first page under 100 ms with 100,000 orders): the
-- accounting ledger's default order (newest entry first) and the refunds screen's (newest paid
-- order first) read an index in order instead of sorting every row.
CREATE INDEX money_entries_occurred_idx ON money_entries (occurred_at, id);
CREATE INDEX orders_paid_at_idx ON orders (paid_at, id) WHERE paid_at IS NOT NULL;
-- The vendors list counts each vendor's services and active services; with the flag in the
-- index both counts read the index alone.
CREATE INDEX services_vendor_active_idx ON services (vendor_id, is_active);
