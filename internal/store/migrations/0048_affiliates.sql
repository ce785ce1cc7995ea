-- The affiliate programme (issue 32 item 3, F-ENG-09) and its commissions (issue 31 item 8,
-- F-AREA-03): internal/affiliates, docs/areas/affiliates.md.

-- One application per member; once approved, the member's affiliate account. code is the aff
-- parameter of their links.
CREATE TABLE affiliates (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    code TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    website TEXT NOT NULL DEFAULT '',
    audience TEXT NOT NULL DEFAULT '',
    promotion TEXT NOT NULL,
    payout_email TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    decided_at {{.TS}}
);
CREATE INDEX affiliates_status_idx ON affiliates (status, created_at);

-- Clicks through an affiliate link (03§7 track-affiliate-click). ip_hash is a salted hash of
-- the address (the address is not kept); bots are never written.
CREATE TABLE affiliate_clicks (
    id TEXT PRIMARY KEY,
    affiliate_id TEXT NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    url TEXT NOT NULL DEFAULT '',
    referrer TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    utm_source TEXT NOT NULL DEFAULT '',
    utm_medium TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    utm_content TEXT NOT NULL DEFAULT '',
    utm_term TEXT NOT NULL DEFAULT '',
    ip_hash TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX affiliate_clicks_visitor_idx ON affiliate_clicks (affiliate_id, ip_hash, created_at);
CREATE INDEX affiliate_clicks_day_idx ON affiliate_clicks (affiliate_id, created_at);

-- The member's attribution: the last click they arrived through, valid 30 days (03§9).
CREATE TABLE affiliate_attributions (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    affiliate_id TEXT NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    click_id TEXT NOT NULL REFERENCES affiliate_clicks (id) ON DELETE CASCADE,
    clicked_at {{.TS}} NOT NULL,
    expires_at {{.TS}} NOT NULL
);

CREATE TABLE affiliate_payout_batches (
    id TEXT PRIMARY KEY,
    created_by TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);

-- Conversions and their commissions (03§7 track-affiliate-conversion). One per paid order or
-- membership invoice: the unique (conversion_type, source_id) makes a repeated or concurrent
-- payment event write nothing more. Amounts in US cents.
CREATE TABLE affiliate_conversions (
    id TEXT PRIMARY KEY,
    affiliate_id TEXT NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    click_id TEXT NOT NULL DEFAULT '',
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    conversion_type TEXT NOT NULL CHECK (conversion_type IN ('order', 'subscription')),
    source_id TEXT NOT NULL,
    amount_gross_cents BIGINT NOT NULL CHECK (amount_gross_cents > 0),
    rate_bp INTEGER NOT NULL CHECK (rate_bp >= 0),
    commission_cents BIGINT NOT NULL CHECK (commission_cents >= 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'rejected')),
    payout_batch_id TEXT REFERENCES affiliate_payout_batches (id),
    created_at {{.TS}} NOT NULL,
    decided_at {{.TS}},
    paid_at {{.TS}},
    UNIQUE (conversion_type, source_id)
);
CREATE INDEX affiliate_conversions_affiliate_idx ON affiliate_conversions (affiliate_id, created_at);
CREATE INDEX affiliate_conversions_status_idx ON affiliate_conversions (status, created_at);
