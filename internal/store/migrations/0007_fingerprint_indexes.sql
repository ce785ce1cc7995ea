-- The catalogue fingerprint (MAX(updated_at) of services, vendors and reviews) is checked once a
-- second by every replica's search index; these indexes make it a lookup instead of a scan.

CREATE INDEX services_updated_idx ON services (updated_at);
CREATE INDEX vendors_updated_idx ON vendors (updated_at);
CREATE INDEX service_reviews_updated_idx ON service_reviews (updated_at);
