-- Partner payments (issue 32 item 4, F-PAY-08; internal/partnerpay, docs/areas/partner-payments.md).
-- A payment link for the partner's share of an approved co-pay request: the partner (the
-- lender or title company, or its accounts-payable staff) pays it on the payment page without
-- an account. The link's token is random and only its SHA-256 is stored; it expires
-- (expires_at) and pays once: open -> processing (a payment page is open, bound by
-- checkout_session_id) -> paid; a page that expires or is canceled puts the link back to open;
-- a newer link of the same request revokes an open one. The amount is the request's partner
-- share (US cents), decided when the link is made.
CREATE TABLE partner_payments (
    id TEXT PRIMARY KEY,
    co_pay_request_id TEXT NOT NULL REFERENCES co_pay_requests (id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    vendor_id TEXT NOT NULL REFERENCES vendors (id),
    created_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'processing', 'paid', 'revoked')),
    checkout_session_id TEXT NOT NULL DEFAULT '',
    card_last4 TEXT NOT NULL DEFAULT '',
    payment_intent_id TEXT NOT NULL DEFAULT '',
    provider TEXT NOT NULL DEFAULT '',
    expires_at {{.TS}} NOT NULL,
    paid_at {{.TS}},
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
-- One live link per co-pay request: a second one while one is open, being paid or paid is refused.
CREATE UNIQUE INDEX partner_payments_live_idx ON partner_payments (co_pay_request_id) WHERE status IN ('open', 'processing', 'paid');
CREATE INDEX partner_payments_agent_idx ON partner_payments (agent_id, created_at);
CREATE INDEX partner_payments_session_idx ON partner_payments (checkout_session_id);
