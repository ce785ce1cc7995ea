-- Accounting (issue 31 item 7, F-AREA-03): internal/accounting, docs/areas/accounting.md.

-- The one append-only money record. Every charge, refund, membership invoice, vendor charge,
-- points spend and reversal, and points credit is one row, written in the same transaction as
-- the fact it records. entry_key names the fact (its order, page, invoice, vendor charge,
-- spend or credit id) and is unique, so a retried webhook or job cannot write it twice.
-- amount_cents is signed integer cents of currency (money out is negative); points is the
-- signed points count of points entries. day is the UTC calendar day (YYYY-MM-DD) the fact
-- happened on, for totals by day and month on both engines. No foreign keys: the record
-- outlives what it describes, and an entry whose fact is gone is a mismatch to list.
CREATE TABLE money_entries (
    id TEXT PRIMARY KEY,
    entry_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('charge', 'refund', 'subscription', 'vendor_charge', 'vendor_refund',
        'points_spend', 'points_reversal', 'credit')),
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    points BIGINT NOT NULL DEFAULT 0,
    user_id TEXT NOT NULL DEFAULT '',
    order_id TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL,
    source_id TEXT NOT NULL,
    provider TEXT NOT NULL DEFAULT '',
    provider_ref TEXT NOT NULL DEFAULT '',
    day TEXT NOT NULL,
    occurred_at {{.TS}} NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX money_entries_day_idx ON money_entries (day, id);
CREATE INDEX money_entries_kind_day_idx ON money_entries (kind, day);
CREATE INDEX money_entries_order_idx ON money_entries (order_id);
-- Append-only: triggers refuse UPDATE and DELETE on both engines (a correction is a new entry).
{{if eq .Unlogged "UNLOGGED"}}
CREATE FUNCTION money_entries_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'money_entries is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER money_entries_no_update BEFORE UPDATE OR DELETE ON money_entries
    FOR EACH ROW EXECUTE FUNCTION money_entries_append_only();
{{else}}
CREATE TRIGGER money_entries_no_update BEFORE UPDATE ON money_entries
BEGIN
    SELECT RAISE(ABORT, 'money_entries is append-only');
END;
CREATE TRIGGER money_entries_no_delete BEFORE DELETE ON money_entries
BEGIN
    SELECT RAISE(ABORT, 'money_entries is append-only');
END;
{{end}}

-- Reconciliation runs: the money record compared with the facts (orders, payment pages, order
-- refunds, invoices, vendor charges, the points ledger, guarantee credits); mismatches is the
-- JSON list of every difference found.
CREATE TABLE money_reconciliations (
    id TEXT PRIMARY KEY,
    cause TEXT NOT NULL CHECK (cause IN ('schedule', 'manual')),
    actor_id TEXT NOT NULL DEFAULT '',
    checked_count INTEGER NOT NULL,
    mismatch_count INTEGER NOT NULL,
    mismatches TEXT NOT NULL,
    started_at {{.TS}} NOT NULL,
    finished_at {{.TS}} NOT NULL
);
CREATE INDEX money_reconciliations_started_idx ON money_reconciliations (started_at);
