-- In-app notifications (issue 15 item 3): what the app tells a user, e.g. that a vendor approved,
-- declined or let expire a co-pay request. Title and body are message keys of the web app's
-- catalogues (en/es/fr) with their parameters as a JSON object, so each user reads them in the
-- language they choose; link is an app path. read_at is set once when the user marks it read.
-- emailed_at records that the e-mail copy was handed to the mailer (sent at most once).
CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title_key TEXT NOT NULL,
    body_key TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    link TEXT NOT NULL DEFAULT '',
    -- The row this notice is about (a co-pay request id) and a key making it unique per event.
    reference TEXT NOT NULL DEFAULT '',
    dedupe_key TEXT NOT NULL DEFAULT '',
    read_at {{.TS}},
    emailed_at {{.TS}},
    created_at {{.TS}} NOT NULL
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at);
-- One notice per event (a retried job or decision never tells the user twice).
CREATE UNIQUE INDEX notifications_dedupe_key ON notifications (user_id, dedupe_key) WHERE dedupe_key <> '';
