-- Co-pay requests for a remainder (issue 15, spec 02§4 co-pay purchase flow, 02§7
-- process_automatic_copay): when the partner's points paid part of its share, the request asks
-- the partner for the rest only. points_cents is the part of the partner's share (per unit, US
-- cents) its points already paid; vendor_share_cents stays what the request asks in cash and
-- agent_share_cents what the agent pays after both. An approval recomputes the share at the
-- approved split less these points, so points and cash together never pass the RESPA cap.
ALTER TABLE co_pay_requests ADD COLUMN points_cents BIGINT NOT NULL DEFAULT 0;
