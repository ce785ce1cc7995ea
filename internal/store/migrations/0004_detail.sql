-- Service and vendor detail: who recorded a tracking event (only server-recorded purchases and
-- bookings make a review verified), vendor activity (track_vendor_activity) and referral
-- tokens for shared links (mint_referral_token).

ALTER TABLE service_tracking_events ADD COLUMN source TEXT NOT NULL DEFAULT 'server';
CREATE INDEX service_tracking_events_user_idx ON service_tracking_events (user_id, service_id, event_type);

CREATE INDEX service_reviews_service_created_idx ON service_reviews (service_id, created_at);
CREATE INDEX service_views_viewer_idx ON service_views (viewer_key, created_at);

-- An agent's activity a vendor sees. agent_id must be a profile: an activity without one is
-- skipped (the spec's 23502 rule).
CREATE TABLE vendor_activity (
    id TEXT PRIMARY KEY,
    vendor_id TEXT NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL REFERENCES profiles (user_id) ON DELETE CASCADE,
    service_id TEXT REFERENCES services (id) ON DELETE SET NULL,
    activity_type TEXT NOT NULL CHECK (activity_type IN ('consultation_booking', 'service_save', 'service_purchase', 'funnel_view', 'contact_request', 'co_pay_request')),
    activity_data TEXT NOT NULL DEFAULT '{}',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX vendor_activity_vendor_idx ON vendor_activity (vendor_id, created_at);
CREATE INDEX vendor_activity_dedupe_idx ON vendor_activity (agent_id, vendor_id, activity_type, created_at);

-- One token per agent and service; the share link carries it as ref.
CREATE TABLE referral_tokens (
    token TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    vendor_id TEXT REFERENCES vendors (id) ON DELETE SET NULL,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX referral_tokens_user_service_key ON referral_tokens (user_id, service_id);
