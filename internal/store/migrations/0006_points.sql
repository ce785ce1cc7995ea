-- The Circle points ledger (01§3 circle_points): every change of a user's points is a row; the
-- balance is the sum. Later features (rewards, co-pay with points, redemptions) append rows.

CREATE TABLE points_ledger (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta_points BIGINT NOT NULL CHECK (delta_points <> 0),
    reason TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX points_ledger_user_idx ON points_ledger (user_id, created_at);
-- One entry per (user, reason, reference): a retried award is not counted twice.
CREATE UNIQUE INDEX points_ledger_reference_key ON points_ledger (user_id, reason, reference) WHERE reference <> '';
