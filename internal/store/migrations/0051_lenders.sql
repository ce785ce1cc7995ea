-- The lender marketplace (issue 32 item 2, F-AREA-05): what a mortgage lender (a vendor of a
-- lender kind: lender, mortgage_lender, mortgage_broker) offers beyond the vendor row, which
-- already holds its NMLS id, states served (service_states) and co-pay openness
-- (is_open_to_partner). Ratings stay the reviews of its services (docs/areas/lender.md).

-- One row per lender listed at /lender: typical days to close and the lowest credit score it
-- takes (0: not stated), shown in the comparison.
CREATE TABLE lender_profiles (
    vendor_id TEXT PRIMARY KEY REFERENCES vendors (id) ON DELETE CASCADE,
    avg_close_days INTEGER NOT NULL DEFAULT 0 CHECK (avg_close_days >= 0),
    min_credit_score INTEGER NOT NULL DEFAULT 0 CHECK (min_credit_score >= 0 AND min_credit_score <= 850),
    updated_at {{.TS}} NOT NULL
);

-- The loan types each lender offers, one row per type (filtered with EXISTS on both engines).
CREATE TABLE lender_loan_types (
    vendor_id TEXT NOT NULL REFERENCES lender_profiles (vendor_id) ON DELETE CASCADE,
    loan_type TEXT NOT NULL CHECK (loan_type IN ('conventional', 'fha', 'va', 'jumbo', 'renovation', 'non_qm')),
    PRIMARY KEY (vendor_id, loan_type)
);
CREATE INDEX lender_loan_types_type_idx ON lender_loan_types (loan_type, vendor_id);
