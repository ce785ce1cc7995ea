-- Background jobs (internal/jobs): one row per job, written in the transaction of the change
-- that needs it. A worker claims due rows for a lease (locked_until); a worker that dies lets
-- the row be claimed again once the lease has passed. idempotency_key is unique when set
-- (NULLs are distinct on both engines), so a second enqueue with the same key is a no-op and
-- recurring jobs are enqueued once per period by every replica without duplicates.

CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    idempotency_key TEXT,
    payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at {{.TS}} NOT NULL,
    locked_until {{.TS}},
    locked_by TEXT NOT NULL DEFAULT '',
    last_error TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL,
    finished_at {{.TS}}
);
CREATE UNIQUE INDEX jobs_idempotency_key_idx ON jobs (idempotency_key);
-- The claim reads queued jobs by run_at and running jobs by lease end; finished rows (done,
-- dead) stay out of both indexes.
CREATE INDEX jobs_queued_idx ON jobs (run_at) WHERE state = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE state = 'running';
-- Admins list dead jobs, newest first; the purge deletes old done jobs.
CREATE INDEX jobs_finished_idx ON jobs (state, finished_at);
