-- Accounts and sessions: lockout counters, e-mail tokens, refresh-token reuse detection, the
-- e-mail outbox and single-use bot-check challenges.

ALTER TABLE sessions ADD COLUMN access_expires_at {{.TS}};
ALTER TABLE sessions ADD COLUMN idle_timeout_seconds INTEGER NOT NULL DEFAULT 604800;
ALTER TABLE sessions ADD COLUMN is_admin_session BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX sessions_refresh_hash_idx ON sessions (refresh_hash);
CREATE INDEX sessions_family_idx ON sessions (family_id);

CREATE TABLE login_attempts (
    identifier TEXT PRIMARY KEY,
    failed_count INTEGER NOT NULL DEFAULT 0,
    window_started_at {{.TS}} NOT NULL,
    locked_until {{.TS}},
    updated_at {{.TS}} NOT NULL
);

CREATE TABLE email_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    expires_at {{.TS}} NOT NULL,
    used_at {{.TS}},
    created_at {{.TS}} NOT NULL
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);

CREATE TABLE used_refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    family_id TEXT NOT NULL,
    used_at {{.TS}} NOT NULL
);

CREATE TABLE outbox_emails (
    id TEXT PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT '',
    transport TEXT NOT NULL DEFAULT 'outbox',
    status TEXT NOT NULL DEFAULT 'stored',
    error TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    sent_at {{.TS}}
);
CREATE INDEX outbox_emails_created_idx ON outbox_emails (created_at);
CREATE INDEX outbox_emails_to_idx ON outbox_emails (to_address, created_at);

CREATE TABLE bot_challenges_used (
    id TEXT PRIMARY KEY,
    expires_at {{.TS}} NOT NULL
);

-- Secrets the application generates for itself on first start, shared by every replica
-- (for example the key that signs bot-check challenges).
CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
