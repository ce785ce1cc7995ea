-- Drafts of a vendor's services (issue 30 items 0 and 2, F-ENG-05, docs/areas/vendor-self-service.md):
-- one row per service with unpublished changes. service_form is the services editor's form as
-- JSON (catalogwrite.ServiceInput, checked again when published), NULL when only the funnel
-- changed; funnel_content is the sanitised funnel as JSON, NULL when only the fields changed.
-- The live service, its packages and its funnel stay as they are until the vendor publishes:
-- publishing applies the draft through the catalogue write path, removes this row and records
-- one catalog_changes row in the same transaction. activate_on_publish marks the draft of a
-- service created in the editor (inserted inactive): its first publish puts it on the
-- marketplace. version counts the saves: a publish removes the row only at the version it
-- read, so a save that lands while publishing is never lost.
CREATE TABLE service_drafts (
    service_id TEXT PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    vendor_id TEXT NOT NULL,
    service_form TEXT,
    funnel_content TEXT,
    activate_on_publish BOOLEAN NOT NULL DEFAULT FALSE,
    version INTEGER NOT NULL DEFAULT 1,
    updated_by TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX service_drafts_vendor_idx ON service_drafts (vendor_id);
