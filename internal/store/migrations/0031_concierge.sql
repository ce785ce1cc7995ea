-- Issue 29: the Circle Agent Concierge. Threads belong to a user (user_id) or, for visitors,
-- to the hash of an anonymous id cookie (anon_key, user_id ''); a visitor's threads are given
-- to the account on its first concierge call after signing in. Messages carry the assistant's
-- reply as JSON (metadata). Feedback is an admin's verdict on an answer, with an optional
-- correction that later answers to a near question follow.
CREATE TABLE concierge_threads (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL DEFAULT '',
    anon_key TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX concierge_threads_user_idx ON concierge_threads (user_id, updated_at);
CREATE INDEX concierge_threads_anon_idx ON concierge_threads (anon_key, updated_at);

CREATE TABLE concierge_messages (
    id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL REFERENCES concierge_threads (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    content TEXT NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX concierge_messages_thread_idx ON concierge_messages (thread_id, created_at);

CREATE TABLE concierge_feedback (
    id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES concierge_messages (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    helpful BOOLEAN NOT NULL,
    correction TEXT NOT NULL DEFAULT '',
    question TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX concierge_feedback_once ON concierge_feedback (message_id, user_id);
CREATE INDEX concierge_feedback_created_idx ON concierge_feedback (created_at);
