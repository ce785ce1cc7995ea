-- Rate limits every replica shares (internal/ratelimit, when no Redis is configured): one row
-- per limited key (limit name and client address) holding the generic cell rate algorithm's
-- theoretical arrival time, in milliseconds since the Unix epoch. A row whose time has passed is
-- the same as no row (a full bucket); the hourly purge deletes those. On PostgreSQL the table is
-- UNLOGGED: each sign-in attempt writes a row, and without the write-ahead log that write does
-- not wait for a disk flush (a check took 4.6 ms logged and 0.6 ms unlogged on the development
-- machine, BenchmarkAllow in internal/ratelimit); a crash empties the buckets, which only
-- forgives the attempts of the last minute.

CREATE {{.Unlogged}} TABLE rate_limits (
    bucket TEXT PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);
CREATE INDEX rate_limits_tat_idx ON rate_limits (tat_ms);
