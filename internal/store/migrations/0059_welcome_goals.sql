-- The welcome onboarding and the goal assessment (issue 32 items 5 and 10, F-AREA-06;
-- internal/assessments, docs/areas/assessments.md).

-- A member's onboarding, one row per member, replaced on each save so it can be resumed.
-- goals and specialties are JSON lists of choice ids; completed_at set once it is finished or
-- skipped (it is then not shown again).
CREATE TABLE welcome_progress (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    step TEXT NOT NULL CHECK (step IN ('role', 'goals', 'specialties', 'location', 'done')),
    role TEXT NOT NULL DEFAULT '' CHECK (role IN ('', 'agent', 'team_lead', 'broker')),
    goals TEXT NOT NULL DEFAULT '[]',
    specialties TEXT NOT NULL DEFAULT '[]',
    skipped BOOLEAN NOT NULL DEFAULT FALSE,
    completed_at {{.TS}},
    updated_at {{.TS}} NOT NULL
);

-- Each update of a member's goal assessment is a row: the latest is the current plan, the
-- rows together are the progress over time.
CREATE TABLE goal_assessments (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    year INTEGER NOT NULL,
    gci_goal_cents BIGINT NOT NULL CHECK (gci_goal_cents > 0),
    transactions_goal INTEGER NOT NULL CHECK (transactions_goal > 0),
    lead_sources TEXT NOT NULL DEFAULT '[]',
    gci_to_date_cents BIGINT NOT NULL CHECK (gci_to_date_cents >= 0),
    transactions_to_date INTEGER NOT NULL CHECK (transactions_to_date >= 0),
    created_at {{.TS}} NOT NULL
);
CREATE INDEX goal_assessments_user_idx ON goal_assessments (user_id, created_at);
