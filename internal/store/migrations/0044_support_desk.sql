-- Issue 31 item 9 (F-AREA-04): the support desk at /support.
--
-- A support role for support staff (docs/adr/0009-role-grants.md, amended): a grant of role
-- 'support' projects to profiles.is_support like the other roles. The role_grants CHECK gains
-- 'support' (PostgreSQL replaces the constraint; SQLite cannot alter a CHECK, so the table is
-- rebuilt with its rows and indexes: nothing references role_grants).
ALTER TABLE profiles ADD COLUMN is_support BOOLEAN NOT NULL DEFAULT FALSE;
{{if eq .Unlogged "UNLOGGED"}}
ALTER TABLE role_grants DROP CONSTRAINT role_grants_role_check;
ALTER TABLE role_grants ADD CONSTRAINT role_grants_role_check CHECK (role IN ('admin', 'creator', 'vendor', 'pro', 'support'));
{{else}}
CREATE TABLE role_grants_new (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'creator', 'vendor', 'pro', 'support')),
    granted_by TEXT,
    granted_at {{.TS}} NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    revoked_at {{.TS}},
    revoked_by TEXT
);
INSERT INTO role_grants_new (id, user_id, role, granted_by, granted_at, reason, revoked_at, revoked_by)
SELECT id, user_id, role, granted_by, granted_at, reason, revoked_at, revoked_by FROM role_grants;
DROP TABLE role_grants;
ALTER TABLE role_grants_new RENAME TO role_grants;
CREATE UNIQUE INDEX role_grants_live_key ON role_grants (user_id, role) WHERE revoked_at IS NULL;
CREATE INDEX role_grants_user_idx ON role_grants (user_id, granted_at);
{{end}}
-- The desk's columns on a ticket: the staff member it is assigned to (NULL unassigned), the
-- time of the customer's last message (the SLA timer counts from it; the ticket's creation for
-- tickets older than this migration), and the time of support's first reply.
ALTER TABLE support_tickets ADD COLUMN assignee_id TEXT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE support_tickets ADD COLUMN last_customer_at {{.TS}};
ALTER TABLE support_tickets ADD COLUMN first_response_at {{.TS}};
UPDATE support_tickets SET last_customer_at = created_at;
-- The queue pages by status (and assignee) oldest waiting first.
CREATE INDEX support_tickets_queue_idx ON support_tickets (status, last_customer_at, id);
CREATE INDEX support_tickets_assignee_idx ON support_tickets (assignee_id, status, last_customer_at, id);

-- Internal notes: staff only, never in the member's view (a table of their own, so no query of
-- the member's ticket can read one).
CREATE TABLE support_ticket_notes (
    id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    message TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX support_ticket_notes_ticket_idx ON support_ticket_notes (ticket_id, created_at);

-- Canned answers: short stored replies staff insert into a reply and manage.
CREATE TABLE support_canned_answers (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX support_canned_answers_title_key ON support_canned_answers (title);
