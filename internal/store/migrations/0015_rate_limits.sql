-- Rate limits every replica shares (internal/ratelimit, when no Redis is configured): one row
-- per limited key (limit name and client address) holding the generic cell rate algorithm's
-- theoretical arrival time, in milliseconds since the Unix epoch. A row whose time has passed is
-- the same as no row (a full bucket); the hourly purge deletes those.

CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);
CREATE INDEX rate_limits_tat_idx ON rate_limits (tat_ms);
