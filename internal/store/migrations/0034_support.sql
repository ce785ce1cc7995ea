-- Support tickets (issue 29 item 6, issue 32 items 7 and 9): a message from the contact form or
-- the help widget (kind contact or help), or a dispute about one of the member's own paid orders
-- (kind dispute, with order_id, reason and evidence). user_id is NULL for a visitor, who gives an
-- e-mail address; a member's ticket keeps the address it was answered at. The status moves
-- open -> pending (waiting on the member) -> solved; the admin back office answers them.
CREATE TABLE support_tickets (
    id TEXT PRIMARY KEY,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    kind TEXT NOT NULL,
    order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
    reason TEXT NOT NULL DEFAULT '',
    evidence TEXT NOT NULL DEFAULT '',
    current_page TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'open',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at);
CREATE INDEX support_tickets_status_idx ON support_tickets (status, created_at);
-- One dispute in progress per order: a second one while the first is open or pending is refused.
CREATE UNIQUE INDEX support_tickets_open_dispute_key ON support_tickets (order_id) WHERE kind = 'dispute' AND status <> 'solved';

-- The conversation on a ticket: replies by support staff or by the member (author_id NULL for a
-- visitor's reply by e-mail), oldest first.
CREATE TABLE support_ticket_replies (
    id TEXT PRIMARY KEY,
    ticket_id TEXT NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    author_role TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX support_ticket_replies_ticket_idx ON support_ticket_replies (ticket_id, created_at);

-- Help analytics (03§3, 03§7 help_analytics): a guided tour started, completed or skipped, with
-- the route and the context the widget saw (time on page, error count, behaviour) as JSON text.
CREATE TABLE help_analytics (
    id TEXT PRIMARY KEY,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    event_type TEXT NOT NULL,
    guide_id TEXT NOT NULL,
    route TEXT NOT NULL,
    context_data TEXT NOT NULL DEFAULT '{}',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX help_analytics_guide_idx ON help_analytics (guide_id, event_type, created_at);
