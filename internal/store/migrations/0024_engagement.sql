-- Consultation preparation course, vendor invitations and referrals (issue 16, spec 03§2-5).

-- An agent's progress through the preparation course of one consultation: the completed
-- module ids (a JSON array, in the order they were completed) and the percentage (completed
-- divided by 4, 03§4). The consultation id is opaque text (the bookings table arrives with the
-- booking calendar); the first user to open a consultation's course owns its row.
CREATE TABLE prep_course_progress (
    consultation_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    completed_modules TEXT NOT NULL DEFAULT '[]',
    percentage INTEGER NOT NULL DEFAULT 0 CHECK (percentage BETWEEN 0 AND 100),
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX prep_course_progress_user_idx ON prep_course_progress (user_id, updated_at);

-- An agent's invitation (Invite Your Vendor, kind invite) or referral (Refer Your Vendor, kind
-- referral) of a vendor. token is the registration link's invite parameter: when the vendor
-- registers with it, status becomes joined and joined_user_id names the vendor's account, so
-- the inviting agent is credited. details is the submitted payload as JSON (vendor invite data
-- or referral payload, 03§3).
CREATE TABLE vendor_invitations (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('invite', 'referral')),
    inviter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    vendor_name TEXT NOT NULL,
    vendor_email TEXT NOT NULL,
    vendor_phone TEXT NOT NULL DEFAULT '',
    vendor_type TEXT NOT NULL,
    category TEXT NOT NULL DEFAULT '',
    details TEXT NOT NULL DEFAULT '{}',
    registration_url TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'joined')),
    joined_user_id TEXT NOT NULL DEFAULT '',
    joined_at {{.TS}},
    created_at {{.TS}} NOT NULL
);
CREATE INDEX vendor_invitations_created_idx ON vendor_invitations (created_at);
CREATE INDEX vendor_invitations_inviter_idx ON vendor_invitations (inviter_id, created_at);
