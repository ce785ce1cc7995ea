-- The media uploader (issue 30 item 3, F-ENG-05): one row per uploaded file (internal/media,
-- docs/areas/media.md). The bytes are in the configured storage (the data directory's media
-- folder, or an S3-compatible bucket) under storage_key, "OWNER/TIMESTAMP-RANDOM.ext"; a
-- picture's other sizes are in variants, a JSON list of {name, key, content_type, size,
-- width, height} (original, detail, card). vendor_id is the vendor the file was uploaded for,
-- when the owner is a vendor; a deleted vendor leaves its files to their owner.
CREATE TABLE media_files (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    vendor_id TEXT REFERENCES vendors (id) ON DELETE SET NULL,
    kind TEXT NOT NULL CHECK (kind IN ('image', 'video', 'document')),
    original_name TEXT NOT NULL,
    size_bytes BIGINT NOT NULL CHECK (size_bytes > 0),
    content_type TEXT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    variants TEXT NOT NULL DEFAULT '[]',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX media_files_owner_idx ON media_files (owner_id, created_at);
CREATE INDEX media_files_vendor_idx ON media_files (vendor_id);
