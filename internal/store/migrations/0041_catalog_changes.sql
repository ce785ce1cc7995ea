-- The catalogue's change record (issue 30 item 0, F-ENG-05): every write through the one
-- catalogue write path (internal/catalogwrite, vendor approval) records one row in the same
-- transaction as the change: what changed (kind), the ids (JSON list of service ids; the
-- vendor id) and who changed it. After the commit the change is announced to every replica
-- (internal/broadcast); the rows let a replica or a later subscriber (analytics, the
-- concierge's index) catch up on changes in order.
CREATE TABLE catalog_changes (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    vendor_id TEXT NOT NULL DEFAULT '',
    service_ids TEXT NOT NULL DEFAULT '[]',
    actor_id TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX catalog_changes_created_idx ON catalog_changes (created_at);
