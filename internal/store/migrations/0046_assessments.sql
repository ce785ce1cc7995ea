-- The agent's self-assessments (issue 32 item 5, F-AREA-06): DISC test results and the agent
-- questionnaire (internal/assessments, docs/areas/assessments.md).

-- One row per DISC test a member saved (a retake adds a row). answers is the JSON list of
-- {item, most, least} in the items' order, from which the profile is read back with the pure
-- scoring; the score columns repeat the raw scores for reports in SQL.
CREATE TABLE disc_results (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    answers TEXT NOT NULL,
    score_d INTEGER NOT NULL,
    score_i INTEGER NOT NULL,
    score_s INTEGER NOT NULL,
    score_c INTEGER NOT NULL,
    primary_style TEXT NOT NULL CHECK (primary_style IN ('D', 'I', 'S', 'C')),
    secondary_style TEXT NOT NULL CHECK (secondary_style IN ('D', 'I', 'S', 'C')),
    created_at {{.TS}} NOT NULL
);
CREATE INDEX disc_results_user_idx ON disc_results (user_id, created_at);

-- A member's answers to the agent questionnaire (one row per member, replaced on save).
-- lead_sources and specialties are JSON lists of choice ids.
CREATE TABLE agent_questionnaires (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    years_licensed INTEGER NOT NULL CHECK (years_licensed >= 0),
    transactions_last_year INTEGER NOT NULL CHECK (transactions_last_year >= 0),
    gci_goal_cents BIGINT NOT NULL CHECK (gci_goal_cents > 0),
    lead_sources TEXT NOT NULL DEFAULT '[]',
    specialties TEXT NOT NULL DEFAULT '[]',
    biggest_challenge TEXT NOT NULL,
    updated_at {{.TS}} NOT NULL
);
