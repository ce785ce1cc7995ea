-- One live Circle Pro membership per member (issue 14). Concurrent subscribes on PostgreSQL
-- could start several; from now on the database refuses a second live one (the service also
-- serialises a member's subscribes and closes a second paid one as a duplicate).
--
-- A database that already holds several live memberships of one member keeps one of them: an
-- active one before a past-due one before a paused one (so the member's Pro flag does not
-- change), the newest first. The others are closed as canceled with cancel_reason 'duplicate',
-- ended now, so the operator finds them to refund and, with Stripe, to cancel there
-- (docs/decisions.md: one live membership). Their invoices stay as they were.
UPDATE subscriptions
SET status = 'canceled',
    cancel_reason = 'duplicate',
    cancel_feedback = 'Closed by migration 0010: the member had another live membership.',
    cancel_at_period_end = FALSE,
    canceled_at = CURRENT_TIMESTAMP,
    ended_at = CURRENT_TIMESTAMP,
    paused_at = NULL,
    resumes_at = NULL,
    updated_at = CURRENT_TIMESTAMP
WHERE id IN (
    SELECT id FROM (
        SELECT id, ROW_NUMBER() OVER (
            PARTITION BY user_id
            ORDER BY CASE status WHEN 'active' THEN 0 WHEN 'past_due' THEN 1 ELSE 2 END, created_at DESC, id DESC
        ) AS rank_in_member
        FROM subscriptions
        WHERE status IN ('active', 'past_due', 'paused')
    ) ranked
    WHERE rank_in_member > 1
);

CREATE UNIQUE INDEX subscriptions_one_live_key ON subscriptions (user_id) WHERE status IN ('active', 'past_due', 'paused');
