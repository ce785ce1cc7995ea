-- The ministry's prayer requests (issue 32 item 6, F-AREA-06; internal/ministry,
-- docs/areas/ministry.md). A private request is its member's alone (status private); a shared
-- one waits for staff (pending) and is shown without a name once approved. Scriptures are
-- bundled in the code, not stored.
CREATE TABLE prayers (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    topic TEXT NOT NULL DEFAULT '',
    visibility TEXT NOT NULL CHECK (visibility IN ('private', 'shared')),
    status TEXT NOT NULL CHECK (status IN ('private', 'pending', 'approved', 'rejected')),
    created_at {{.TS}} NOT NULL,
    decided_at {{.TS}},
    CHECK ((visibility = 'private') = (status = 'private'))
);
CREATE INDEX prayers_user_idx ON prayers (user_id, created_at);
CREATE INDEX prayers_status_idx ON prayers (status, created_at);
