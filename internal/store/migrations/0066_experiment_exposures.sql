-- Issue 31 item 11 (F-AREA-04): the A/B experiments' exposures. One row per experiment and
-- visitor (a random id the browser keeps): the arm it first saw and when, and when it
-- converted (a cart add for ranking_v1, an account created for intro_v1). /analytics counts
-- the visitors first exposed in a range per arm and the converted ones. No foreign key on the
-- user: a figure outlives the account.
CREATE TABLE experiment_exposures (
    id TEXT PRIMARY KEY,
    experiment TEXT NOT NULL,
    arm TEXT NOT NULL,
    visitor_key TEXT NOT NULL,
    user_id TEXT,
    exposed_at {{.TS}} NOT NULL,
    converted_at {{.TS}},
    UNIQUE (experiment, visitor_key)
);
-- The results' read: one experiment's exposures in a range, counted per arm.
CREATE INDEX experiment_exposures_range_idx ON experiment_exposures (experiment, exposed_at, arm);
