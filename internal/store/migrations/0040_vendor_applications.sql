-- Vendor registration (issue 30 item 1, F-AREA-01): a signed-in user's application to list on
-- Circle as a service provider or a co-marketing partner. It waits for an administrator's
-- decision (pending -> approved or rejected, with the reason); it cannot be approved before its
-- company e-mail address is verified (a token e-mailed to it, kept hashed). On approval the
-- vendor row it created is linked (vendor_id) and the vendor role granted (role_grants).
-- categories and service_states are JSON lists (TEXT), as the vendors table keeps its lists.
CREATE TABLE vendor_applications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    registration_type TEXT NOT NULL CHECK (registration_type IN ('service_provider', 'co_marketing')),
    company_name TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    contact_email TEXT NOT NULL,
    business_type TEXT NOT NULL,
    categories TEXT NOT NULL DEFAULT '[]',
    service_states TEXT NOT NULL DEFAULT '[]',
    license_number TEXT NOT NULL DEFAULT '',
    nmls_id TEXT NOT NULL DEFAULT '',
    settlement_provider BOOLEAN NOT NULL DEFAULT FALSE,
    website_url TEXT NOT NULL DEFAULT '',
    invite_token TEXT NOT NULL DEFAULT '',
    verify_token_hash TEXT NOT NULL DEFAULT '',
    email_verified_at {{.TS}},
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    reason TEXT NOT NULL DEFAULT '',
    vendor_id TEXT REFERENCES vendors (id) ON DELETE SET NULL,
    decided_by TEXT,
    decided_at {{.TS}},
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
-- One open or approved application per user: a rejected applicant may apply again.
CREATE UNIQUE INDEX vendor_applications_user_key ON vendor_applications (user_id) WHERE status <> 'rejected';
CREATE INDEX vendor_applications_status_idx ON vendor_applications (status, created_at);
CREATE INDEX vendor_applications_verify_idx ON vendor_applications (verify_token_hash);
