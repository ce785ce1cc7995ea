-- A user's live sessions are read at every sign-in (to stay within the session limit) and by the
-- active-sessions dialog. Ended sessions are kept, so without this index those reads walk every
-- session the user ever had; with it they read only the live ones, already in activity order.

CREATE INDEX sessions_live_user_idx ON sessions (user_id, last_activity, id) WHERE revoked_at IS NULL;
