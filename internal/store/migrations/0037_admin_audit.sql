-- Issue 31 (F-AREA-03): the back office's audit log and disabled accounts.
--
-- audit_log is append-only: every change made by staff (role grants and revocations, app
-- configuration, account disabling, sessions revoked, password resets forced...) is one row,
-- written in the same transaction as the change (docs/areas/admin.md). actor_id is the user id
-- the request's access check found; NULL is the system (the command line). It is not a foreign
-- key: the trail outlives the account. before_json and after_json are JSON documents ('null'
-- when there is no side). Triggers refuse UPDATE and DELETE on both engines.
CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    actor_id TEXT,
    action TEXT NOT NULL,
    object_kind TEXT NOT NULL,
    object_id TEXT NOT NULL,
    before_json TEXT NOT NULL DEFAULT 'null',
    after_json TEXT NOT NULL DEFAULT 'null',
    request_id TEXT NOT NULL DEFAULT '',
    at {{.TS}} NOT NULL
);
-- The search pages newest first on each filter: every filter has an index ending in (at, id).
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at, id);
CREATE INDEX audit_log_object_idx ON audit_log (object_kind, object_id, at, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, at, id);
{{if eq .Unlogged "UNLOGGED"}}
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
{{else}}
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
{{end}}
-- A disabled account: its sessions are refused at the next request (auth.Service.Authenticate
-- reads the user row with the session) and it cannot sign in. NULL is enabled.
ALTER TABLE users ADD COLUMN disabled_at {{.TS}};

-- The admin lists page by creation time; search by e-mail prefix uses users_email_key.
CREATE INDEX users_created_idx ON users (created_at, id);
CREATE INDEX orders_created_idx ON orders (created_at, id);
CREATE INDEX security_events_user_idx ON security_events (user_id, created_at);
