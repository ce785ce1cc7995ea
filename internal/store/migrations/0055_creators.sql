-- Creators (issue 30 item 7, F-AREA-02): applications reviewed by administrators, the content
-- a creator lists, and the payout account opened at the payment provider (internal/creators,
-- docs/areas/creators.md). A creator's referral links, clicks, conversions and earnings are
-- their affiliate account's (0048): nothing about money is kept here.

-- One application per member. platforms and niches are JSON lists of choice ids.
CREATE TABLE creator_applications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    display_name TEXT NOT NULL,
    bio TEXT NOT NULL DEFAULT '',
    website TEXT NOT NULL DEFAULT '',
    audience_size INTEGER NOT NULL CHECK (audience_size >= 0),
    platforms TEXT NOT NULL DEFAULT '[]',
    niches TEXT NOT NULL DEFAULT '[]',
    content_plan TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    decided_by TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL,
    decided_at {{.TS}}
);
CREATE INDEX creator_applications_status_idx ON creator_applications (status, created_at);

-- The content a creator lists (videos, articles, posts...). published_on is YYYY-MM-DD.
CREATE TABLE creator_content (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    url TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('video', 'article', 'podcast', 'social', 'newsletter', 'course')),
    published_on TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX creator_content_user_idx ON creator_content (user_id, published_on);

-- The creator's payout account at the payment provider (a Stripe Connect Express account, or
-- the built-in test-mode one). Bank numbers stay at the provider: only the last four digits are
-- kept, to show which account is on file.
CREATE TABLE creator_payout_accounts (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    account_id TEXT NOT NULL UNIQUE,
    details_submitted BOOLEAN NOT NULL DEFAULT FALSE,
    payouts_enabled BOOLEAN NOT NULL DEFAULT FALSE,
    bank_last4 TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
