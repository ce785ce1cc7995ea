-- Co-pay requests (issue 15, spec 02§3 co_pay_requests, 02§4, 02§5): an agent asks a partner
-- vendor (often a settlement service provider such as a lender or title company) to pay a share
-- of a service the agent buys from another vendor. The request stores the split, the shares in
-- US cents and the plain-language RESPA explanation as they were when it was made; the vendor
-- approves or declines it, or it expires after 3 days. Every change of status is also a row of
-- co_pay_request_events (who, when, the split and the explanation), never updated or deleted.
CREATE TABLE co_pay_requests (
    id TEXT PRIMARY KEY,
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The partner vendor asked to pay (not the vendor of the service).
    vendor_id TEXT NOT NULL REFERENCES vendors (id),
    service_id TEXT NOT NULL REFERENCES services (id),
    package_id TEXT NOT NULL DEFAULT '',
    yearly BOOLEAN NOT NULL DEFAULT FALSE,
    -- The cart line the request covers ('' once that line is gone).
    cart_item_id TEXT NOT NULL DEFAULT '',
    representative_id TEXT NOT NULL DEFAULT '',
    requested_split_percentage INTEGER NOT NULL CHECK (requested_split_percentage BETWEEN 1 AND 100),
    -- The split the vendor approved (equal to or lower than the requested one).
    approved_split_percentage INTEGER CHECK (approved_split_percentage BETWEEN 1 AND 100),
    vendor_kind TEXT NOT NULL CHECK (vendor_kind IN ('ssp', 'non_ssp')),
    -- The base price the split applies to and both shares, in US cents, per unit.
    base_price_cents BIGINT NOT NULL CHECK (base_price_cents >= 0),
    vendor_share_cents BIGINT NOT NULL CHECK (vendor_share_cents >= 0),
    agent_share_cents BIGINT NOT NULL CHECK (agent_share_cents >= 0),
    -- The plain-language explanation of the split (respa.Explain), in English for the record.
    explanation TEXT NOT NULL,
    agent_notes TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'approved', 'declined', 'expired', 'canceled', 'used')),
    decision_note TEXT NOT NULL DEFAULT '',
    decided_by TEXT NOT NULL DEFAULT '',
    decided_at {{.TS}},
    expires_at {{.TS}} NOT NULL,
    idempotency_key TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX co_pay_requests_agent_idx ON co_pay_requests (agent_id, created_at);
CREATE INDEX co_pay_requests_vendor_idx ON co_pay_requests (vendor_id, status, created_at);
CREATE INDEX co_pay_requests_due_idx ON co_pay_requests (status, expires_at);
-- A retried request (same agent and client idempotency key) is recorded once.
CREATE UNIQUE INDEX co_pay_requests_key ON co_pay_requests (agent_id, idempotency_key) WHERE idempotency_key <> '';
-- One open request per agent, service and partner vendor.
CREATE UNIQUE INDEX co_pay_requests_pending_key ON co_pay_requests (agent_id, service_id, vendor_id) WHERE status = 'pending';

-- The history of every request: created, approved, declined, expired, canceled, used.
CREATE TABLE co_pay_request_events (
    id TEXT PRIMARY KEY,
    request_id TEXT NOT NULL REFERENCES co_pay_requests (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    -- The user who acted ('' for the expiry job).
    actor_id TEXT NOT NULL DEFAULT '',
    split_percentage INTEGER NOT NULL,
    vendor_share_cents BIGINT NOT NULL,
    agent_share_cents BIGINT NOT NULL,
    explanation TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX co_pay_request_events_request_idx ON co_pay_request_events (request_id, created_at);

-- The co-pay request a cart line waits for or is covered by (coverage 'copay').
ALTER TABLE cart_items ADD COLUMN co_pay_request_id TEXT NOT NULL DEFAULT '';
