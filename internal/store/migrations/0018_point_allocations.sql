-- The points wallet (issue 15, spec 02§3 point_allocations): a vendor grants an agent points
-- usable between start_date and end_date. The grant, every spend drawn from it, a spend's
-- reversal and the expiry of what is left are rows of the append-only points_ledger, tagged
-- with the allocation; an allocation's remaining points and the agent's balance are sums over
-- the ledger, never stored numbers. status only says whether the allocation still counts
-- (active) or has been closed by the expiry job (expired).
CREATE TABLE point_allocations (
    id TEXT PRIMARY KEY,
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    vendor_id TEXT NOT NULL REFERENCES vendors (id),
    points BIGINT NOT NULL CHECK (points > 0),
    start_date {{.TS}} NOT NULL,
    end_date {{.TS}} NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired')),
    reference TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    CHECK (end_date > start_date)
);
CREATE INDEX point_allocations_agent_idx ON point_allocations (agent_id, status, end_date);
CREATE INDEX point_allocations_due_idx ON point_allocations (status, end_date);
-- A retried grant (same agent, vendor and non-empty reference) is recorded once.
CREATE UNIQUE INDEX point_allocations_reference_key ON point_allocations (agent_id, vendor_id, reference) WHERE reference <> '';

-- A spend: one request to use points, recorded once per client idempotency key. Its ledger
-- rows (one per allocation drawn from) carry spend_id; a reversal adds the opposite rows.
CREATE TABLE point_spends (
    id TEXT PRIMARY KEY,
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    idempotency_key TEXT NOT NULL,
    points BIGINT NOT NULL CHECK (points > 0),
    vendor_id TEXT NOT NULL DEFAULT '',
    reference TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL,
    reversed_at {{.TS}}
);
CREATE UNIQUE INDEX point_spends_key ON point_spends (agent_id, idempotency_key);

ALTER TABLE points_ledger ADD COLUMN allocation_id TEXT REFERENCES point_allocations (id);
ALTER TABLE points_ledger ADD COLUMN spend_id TEXT REFERENCES point_spends (id);
CREATE INDEX points_ledger_allocation_idx ON points_ledger (allocation_id);
