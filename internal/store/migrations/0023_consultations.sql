-- Consultations (issue 16, spec 03§2-5, 03§7, 03§9): bookings with a service's vendor in
-- weekday half-hour slots (Central time) and captured leads of vendors that book on their own
-- calendar; the state of each booking's integrations (CRM sync, confirmation e-mail, internal
-- notification, tracking event), run as background jobs; the built-in CRM's contacts; a
-- vendor's time zone, days off and blocked slots. E-mails gain attachments (the calendar file)
-- and an idempotency key, so a job that runs twice records one message.
CREATE TABLE consultation_bookings (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    service_id TEXT NOT NULL REFERENCES services (id),
    vendor_id TEXT REFERENCES vendors (id),
    representative_id TEXT NOT NULL DEFAULT '',
    -- Whose calendar the slot is taken from: rep:<id>, vendor:<id> or service:<id> ('' for leads).
    slot_owner TEXT NOT NULL DEFAULT '',
    scheduled_date TEXT NOT NULL DEFAULT '',
    scheduled_time TEXT NOT NULL DEFAULT '',
    starts_at {{.TS}},
    client_name TEXT NOT NULL,
    client_email TEXT NOT NULL,
    client_phone TEXT,
    project_details TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'lead_captured', 'canceled')),
    is_external BOOLEAN NOT NULL DEFAULT FALSE,
    external_link TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    rescheduled INTEGER NOT NULL DEFAULT 0,
    canceled_at {{.TS}},
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
-- One live booking per calendar and slot: two agents racing for a slot get one booking.
CREATE UNIQUE INDEX consultation_bookings_slot_key ON consultation_bookings (slot_owner, scheduled_date, scheduled_time) WHERE status = 'pending';
CREATE INDEX consultation_bookings_user_idx ON consultation_bookings (user_id, created_at);
CREATE INDEX consultation_bookings_vendor_idx ON consultation_bookings (vendor_id, scheduled_date);

CREATE TABLE consultation_integrations (
    id TEXT PRIMARY KEY,
    booking_id TEXT NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    step TEXT NOT NULL CHECK (step IN ('crm', 'confirmation_email', 'notification', 'tracking')),
    position INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    final BOOLEAN NOT NULL DEFAULT FALSE,
    last_error TEXT NOT NULL DEFAULT '',
    provider TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX consultation_integrations_step_key ON consultation_integrations (booking_id, step);
CREATE INDEX consultation_integrations_failed_idx ON consultation_integrations (status, updated_at);

CREATE TABLE crm_contacts (
    id TEXT PRIMARY KEY,
    booking_id TEXT NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX crm_contacts_booking_key ON crm_contacts (booking_id);

CREATE TABLE vendor_consultation_settings (
    vendor_id TEXT PRIMARY KEY REFERENCES vendors (id) ON DELETE CASCADE,
    time_zone TEXT NOT NULL,
    updated_at {{.TS}} NOT NULL
);

CREATE TABLE vendor_blocked_slots (
    id TEXT PRIMARY KEY,
    vendor_id TEXT NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    blocked_date TEXT NOT NULL,
    -- A slot, or '' for the whole day.
    blocked_time TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX vendor_blocked_slots_key ON vendor_blocked_slots (vendor_id, blocked_date, blocked_time);

ALTER TABLE outbox_emails ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
ALTER TABLE outbox_emails ADD COLUMN dedupe_key TEXT;
CREATE UNIQUE INDEX outbox_emails_key ON outbox_emails (dedupe_key);
