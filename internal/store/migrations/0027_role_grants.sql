-- Roles as data (issue 26 item 5, F-AUTH-09): every grant of a role with who granted it, when,
-- why, and its revocation. The grants are the record; the profile flags (is_admin, is_creator,
-- vendor_enabled, is_pro) stay as their projection, written only by the store's grant and revoke
-- methods in the grant's transaction (docs/adr/0009-role-grants.md). is_pro_member follows the
-- Pro subscription and the staff list stays configuration: neither is a grant.
-- granted_by and revoked_by are user ids; NULL is the system (this migration, the demo data,
-- the command line). They are not foreign keys: the history outlives the granting account.
CREATE TABLE role_grants (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'creator', 'vendor', 'pro')),
    granted_by TEXT,
    granted_at {{.TS}} NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    revoked_at {{.TS}},
    revoked_by TEXT
);
-- One live grant per user and role: concurrent grants of the same role cannot both land.
CREATE UNIQUE INDEX role_grants_live_key ON role_grants (user_id, role) WHERE revoked_at IS NULL;
CREATE INDEX role_grants_user_idx ON role_grants (user_id, granted_at);

-- The flags set before this migration become live grants. The profile's updated_at is the
-- latest moment the flag is known to have been set.
INSERT INTO role_grants (id, user_id, role, granted_at, reason)
SELECT 'grant-' || user_id || '-admin', user_id, 'admin', updated_at, 'migrated from the profile flag' FROM profiles WHERE is_admin;
INSERT INTO role_grants (id, user_id, role, granted_at, reason)
SELECT 'grant-' || user_id || '-creator', user_id, 'creator', updated_at, 'migrated from the profile flag' FROM profiles WHERE is_creator;
INSERT INTO role_grants (id, user_id, role, granted_at, reason)
SELECT 'grant-' || user_id || '-vendor', user_id, 'vendor', updated_at, 'migrated from the profile flag' FROM profiles WHERE vendor_enabled;
INSERT INTO role_grants (id, user_id, role, granted_at, reason)
SELECT 'grant-' || user_id || '-pro', user_id, 'pro', updated_at, 'migrated from the profile flag' FROM profiles WHERE is_pro;
