-- Issue 29 items 6 and 03§7 faq_items: the remote FAQ. Administrators write items in the back
-- office (audited); the help widget reads the active items of its language only while the
-- app_config flag faq_remote_enabled is on (off by default), merged with its built-in items;
-- the concierge retrieves active items. Category is one of the nine of 03§3 (the web app's ids).
CREATE TABLE faq_items (
    id TEXT PRIMARY KEY,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category IN ('gettingStarted', 'membership', 'agentWallet', 'marketplace', 'concierge',
        'marketingCoverage', 'pricingBilling', 'integrations', 'roi')),
    language TEXT NOT NULL CHECK (language IN ('en', 'es', 'fr')),
    sort_order INTEGER NOT NULL DEFAULT 0,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    updated_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
-- The widget's read: one language's active items by category, sort order, latest changed first.
CREATE INDEX faq_items_read_idx ON faq_items (language, active, category, sort_order, updated_at);

ALTER TABLE app_config ADD COLUMN faq_remote_enabled BOOLEAN NOT NULL DEFAULT FALSE;
