-- Cart, orders, payment sessions, processed payment events and Circle Pro subscriptions
-- (issue 6). Money is integer cents (BIGINT); orders and subscriptions record their currency
-- and the USD to CAD rate they were priced at.

CREATE TABLE cart_items (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    package_id TEXT NOT NULL DEFAULT '',
    package_name TEXT NOT NULL DEFAULT '',
    yearly BOOLEAN NOT NULL DEFAULT FALSE,
    coverage TEXT NOT NULL DEFAULT '',
    price_kind TEXT NOT NULL DEFAULT '',
    quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 99),
    unit_price_cents BIGINT NOT NULL DEFAULT 0 CHECK (unit_price_cents >= 0),
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX cart_items_line_key ON cart_items (user_id, service_id, package_id, yearly);

CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    number TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL DEFAULT 'pending',
    currency TEXT NOT NULL DEFAULT 'USD',
    usd_to_cad_rate_e4 INTEGER NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL CHECK (total_cents >= 0),
    total_usd_cents BIGINT NOT NULL CHECK (total_usd_cents >= 0),
    retail_total_usd_cents BIGINT NOT NULL DEFAULT 0,
    provider TEXT NOT NULL,
    checkout_session_id TEXT NOT NULL DEFAULT '',
    payment_intent_id TEXT NOT NULL DEFAULT '',
    card_last4 TEXT NOT NULL DEFAULT '',
    paid_at {{.TS}},
    canceled_at {{.TS}},
    refunded_at {{.TS}},
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE UNIQUE INDEX orders_number_key ON orders (number);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
CREATE INDEX orders_payment_intent_idx ON orders (payment_intent_id);

CREATE TABLE order_items (
    id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    cart_item_id TEXT NOT NULL DEFAULT '',
    service_id TEXT NOT NULL REFERENCES services (id),
    package_id TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL,
    vendor_name TEXT NOT NULL DEFAULT '',
    coverage TEXT NOT NULL,
    yearly BOOLEAN NOT NULL DEFAULT FALSE,
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    unit_price_usd_cents BIGINT NOT NULL CHECK (unit_price_usd_cents >= 0),
    retail_unit_price_usd_cents BIGINT NOT NULL DEFAULT 0,
    line_total_cents BIGINT NOT NULL CHECK (line_total_cents >= 0),
    sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order_idx ON order_items (order_id, sort_order);
CREATE INDEX order_items_service_idx ON order_items (service_id);

CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    plan TEXT NOT NULL DEFAULT 'pro',
    billing_interval TEXT NOT NULL,
    seats INTEGER NOT NULL CHECK (seats >= 1),
    status TEXT NOT NULL DEFAULT 'incomplete',
    currency TEXT NOT NULL DEFAULT 'USD',
    usd_to_cad_rate_e4 INTEGER NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    amount_usd_cents BIGINT NOT NULL CHECK (amount_usd_cents >= 0),
    provider TEXT NOT NULL,
    provider_customer_id TEXT NOT NULL DEFAULT '',
    provider_subscription_id TEXT NOT NULL DEFAULT '',
    checkout_session_id TEXT NOT NULL DEFAULT '',
    started_at {{.TS}},
    current_period_start {{.TS}},
    current_period_end {{.TS}},
    cancel_at_period_end BOOLEAN NOT NULL DEFAULT FALSE,
    cancel_reason TEXT NOT NULL DEFAULT '',
    cancel_feedback TEXT NOT NULL DEFAULT '',
    canceled_at {{.TS}},
    ended_at {{.TS}},
    paused_at {{.TS}},
    resumes_at {{.TS}},
    discount_percent INTEGER NOT NULL DEFAULT 0,
    discount_kind TEXT NOT NULL DEFAULT '',
    discount_ends_at {{.TS}},
    last_event_at {{.TS}},
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at);
CREATE INDEX subscriptions_provider_idx ON subscriptions (provider_subscription_id);
CREATE INDEX subscriptions_due_idx ON subscriptions (provider, status, current_period_end);

CREATE TABLE subscription_offers (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    kind TEXT NOT NULL,
    percent INTEGER NOT NULL DEFAULT 0,
    months INTEGER NOT NULL DEFAULT 0,
    days INTEGER NOT NULL DEFAULT 0,
    starts_at {{.TS}} NOT NULL,
    ends_at {{.TS}} NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX subscription_offers_user_idx ON subscription_offers (user_id, created_at);

CREATE TABLE billing_invoices (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    provider TEXT NOT NULL,
    status TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    amount_usd_cents BIGINT NOT NULL CHECK (amount_usd_cents >= 0),
    discount_percent INTEGER NOT NULL DEFAULT 0,
    description TEXT NOT NULL DEFAULT '',
    period_start {{.TS}} NOT NULL,
    period_end {{.TS}} NOT NULL,
    hosted_url TEXT NOT NULL DEFAULT '',
    created_at {{.TS}} NOT NULL
);
CREATE INDEX billing_invoices_user_idx ON billing_invoices (user_id, created_at);

-- A hosted payment page, for an order or a subscription; its id is the provider's session id.
CREATE TABLE checkout_sessions (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    order_id TEXT REFERENCES orders (id),
    subscription_id TEXT REFERENCES subscriptions (id),
    status TEXT NOT NULL DEFAULT 'open',
    currency TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    url TEXT NOT NULL,
    expires_at {{.TS}} NOT NULL,
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at);
CREATE INDEX checkout_sessions_open_idx ON checkout_sessions (provider, status, expires_at);

-- Every payment event applied, recorded in the same transaction as the change it caused, so a
-- replayed or concurrent delivery changes nothing more (webhooks exactly once).
CREATE TABLE processed_events (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    provider TEXT NOT NULL,
    processed_at {{.TS}} NOT NULL
);
