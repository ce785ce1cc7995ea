-- Views count once per viewer, not once per browser-chosen key (issue 14, F-CAT-13): a signed-in
-- view is keyed by its user, a visitor's by a keyed hash of IP address and user agent
-- (fingerprint); network is a keyed hash of the IPv4 address or IPv6 /64 it came from. Neither
-- stores the address itself. Rows written before this key by the browser session, as before.
ALTER TABLE service_views ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
ALTER TABLE service_views ADD COLUMN network TEXT NOT NULL DEFAULT '';
UPDATE service_views SET fingerprint = CASE WHEN user_id IS NOT NULL THEN 'u:' || user_id ELSE 'k:' || viewer_key END,
    network = 'k:' || viewer_key;
CREATE INDEX service_views_fingerprint_idx ON service_views (service_id, fingerprint, created_at);
CREATE INDEX service_views_network_idx ON service_views (service_id, network, created_at);

-- Sales are read from paid orders by the time they were paid.
CREATE INDEX orders_paid_idx ON orders (status, paid_at);
