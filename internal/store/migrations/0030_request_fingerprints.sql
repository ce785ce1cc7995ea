-- Issue 27 item 3: one rule for client idempotency keys. The fingerprint of the request that
-- first used a key is stored beside it; the same key sent again with another request is
-- refused (409 naming idempotency_key) instead of answering the first record as a success.
-- Rows recorded before this migration keep '' and are taken as the same request, as before.
-- (point_spends needs no column: its points and vendor are the whole request and are compared.)
ALTER TABLE co_pay_requests ADD COLUMN request_fingerprint TEXT NOT NULL DEFAULT '';
ALTER TABLE automatic_copays ADD COLUMN request_fingerprint TEXT NOT NULL DEFAULT '';
