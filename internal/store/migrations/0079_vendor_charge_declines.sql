-- A vendor point charge's declines (issue 30 item 2, F-PAY-07): how many times the provider
-- declined its card. The charge's idempotency key at the provider moves on with each decline
-- and only then: a retry after a decline (on the same card once it has funds, or on a newly
-- saved one) is a new payment, while a retry after an error with no answer (the charge may have
-- gone through) repeats the same key, so the provider gives back that payment instead of
-- charging twice.
ALTER TABLE vendor_point_charges ADD COLUMN declines INTEGER NOT NULL DEFAULT 0;
