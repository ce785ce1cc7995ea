-- The back office's security and errors screens (issue 31 item 10): security events filtered by
-- kind, newest first, and client errors grouped by message (the group's count, first and last
-- occurrence read from the index, the latest stack by (message, created_at)).
CREATE INDEX security_events_kind_idx ON security_events (event_type, created_at);
CREATE INDEX client_errors_message_idx ON client_errors (message, created_at);
