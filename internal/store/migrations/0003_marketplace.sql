-- Marketplace engagement: views, tracking events, discount interest, A/B assignments are kept
-- in the browser; the service ranking inputs live here.

CREATE TABLE service_views (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    viewer_key TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    referrer_url TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX service_views_service_idx ON service_views (service_id, created_at);
CREATE INDEX service_views_dedupe_idx ON service_views (viewer_key, service_id, created_at);
CREATE INDEX service_views_created_idx ON service_views (created_at);

CREATE TABLE service_tracking_events (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    vendor_id TEXT REFERENCES vendors (id) ON DELETE SET NULL,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    viewer_key TEXT NOT NULL DEFAULT '',
    event_type TEXT NOT NULL,
    event_data TEXT NOT NULL DEFAULT '{}',
    revenue_attributed_cents BIGINT NOT NULL DEFAULT 0,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX service_tracking_events_service_idx ON service_tracking_events (service_id, event_type, created_at);
CREATE INDEX service_tracking_events_type_idx ON service_tracking_events (event_type, created_at);
CREATE INDEX service_tracking_events_dedupe_idx ON service_tracking_events (viewer_key, service_id, event_type, created_at);

CREATE TABLE service_discount_interest (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX service_discount_interest_key ON service_discount_interest (service_id, agent_id);
