-- Paying with points (issue 15 items 4-6, spec 02§4-5, 02§7, 02§9).
--
-- An order line covered with points records the points it used and the US cents they paid;
-- the order records the points spend (point_spends, idempotency key "order:{order id}") so a
-- refund, an expiry or a cancellation reverses exactly that spend, once.
ALTER TABLE order_items ADD COLUMN points_used BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN points_usd_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN points_used BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN points_spend_id TEXT NOT NULL DEFAULT '';

-- What a vendor is charged for the points of its allocations an agent used (02§7
-- process_real_time_charge and process-point-charge): one row per spend and allocation drawn
-- from, written in the transaction that makes the spend final; the payment provider is called
-- afterwards by a job (idempotency key: the row id), never inside a transaction.
CREATE TABLE vendor_point_charges (
    id TEXT PRIMARY KEY,
    vendor_id TEXT NOT NULL REFERENCES vendors (id),
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    spend_id TEXT NOT NULL REFERENCES point_spends (id),
    allocation_id TEXT NOT NULL REFERENCES point_allocations (id),
    -- The order the points paid for, or the automatic co-pay that used them.
    order_id TEXT NOT NULL DEFAULT '',
    points BIGINT NOT NULL CHECK (points > 0),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL DEFAULT 'USD',
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'charged', 'failed', 'canceled', 'refunded')),
    provider TEXT NOT NULL DEFAULT '',
    provider_charge_id TEXT NOT NULL DEFAULT '',
    stripe_customer_id TEXT NOT NULL DEFAULT '',
    stripe_payment_method_id TEXT NOT NULL DEFAULT '',
    failure TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX vendor_point_charges_key ON vendor_point_charges (spend_id, allocation_id);
CREATE INDEX vendor_point_charges_vendor_idx ON vendor_point_charges (vendor_id, created_at);
CREATE INDEX vendor_point_charges_status_idx ON vendor_point_charges (status, created_at);

-- How a vendor pays for the points it funds (the payment method saved at the provider).
CREATE TABLE vendor_billing (
    vendor_id TEXT PRIMARY KEY REFERENCES vendors (id),
    stripe_customer_id TEXT NOT NULL DEFAULT '',
    stripe_payment_method_id TEXT NOT NULL DEFAULT '',
    updated_at {{.TS}} NOT NULL
);

-- The Pro Savings Guarantee (02§9): one row per membership year that ended, credited or not,
-- so the yearly job credits each year at most once; the credit is an unallocated points
-- ledger row (reason pro_guarantee, reference this row's id).
CREATE TABLE pro_guarantee_credits (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL,
    year_start {{.TS}} NOT NULL,
    year_end {{.TS}} NOT NULL,
    fee_usd_cents BIGINT NOT NULL,
    pro_savings_usd_cents BIGINT NOT NULL,
    points_usd_cents BIGINT NOT NULL,
    coverage_usd_cents BIGINT NOT NULL,
    shortfall_usd_cents BIGINT NOT NULL,
    points BIGINT NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX pro_guarantee_credits_year_key ON pro_guarantee_credits (subscription_id, year_start);
CREATE INDEX pro_guarantee_credits_user_idx ON pro_guarantee_credits (user_id, year_start);

-- process_automatic_copay (02§4 co-pay purchase flow, 02§7): a partner vendor's share of a
-- service (retail x the largest split the RESPA rules allow it) paid with the agent's points
-- from that vendor's allocations (full_coverage), points plus a co-pay request for the rest
-- (partial_coverage), or a request only (vendor_only). The points are spent at once (spend
-- key "copay:{client key}") and charged to the vendor; checkout then takes the points off the
-- agent's line of that service (order_items.points_copay_id) and marks the co-pay used; a
-- refund of that order gives the points back. One row per agent and client idempotency key.
CREATE TABLE automatic_copays (
    id TEXT PRIMARY KEY,
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    service_id TEXT NOT NULL REFERENCES services (id),
    package_id TEXT NOT NULL DEFAULT '',
    yearly BOOLEAN NOT NULL DEFAULT FALSE,
    vendor_id TEXT NOT NULL REFERENCES vendors (id),
    idempotency_key TEXT NOT NULL,
    total_cents BIGINT NOT NULL,
    split_percent INTEGER NOT NULL,
    vendor_share_cents BIGINT NOT NULL,
    points_used BIGINT NOT NULL DEFAULT 0,
    points_cents BIGINT NOT NULL DEFAULT 0,
    request_cents BIGINT NOT NULL DEFAULT 0,
    coverage_kind TEXT NOT NULL,
    spend_id TEXT NOT NULL DEFAULT '',
    request_id TEXT NOT NULL DEFAULT '',
    explanation TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL CHECK (status IN ('applied', 'used', 'released', 'fell_through')),
    order_id TEXT NOT NULL DEFAULT '',
    failure TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX automatic_copays_key ON automatic_copays (agent_id, idempotency_key);
CREATE INDEX automatic_copays_agent_idx ON automatic_copays (agent_id, status, service_id);
ALTER TABLE order_items ADD COLUMN points_copay_id TEXT NOT NULL DEFAULT '';
