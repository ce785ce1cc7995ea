package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/billing"
	"circle/internal/payments"
)

// The membership methods persist what billing's rules decide (internal/billing/rules.go); each
// runs in the transaction its ctx carries, so that billing.Service can run several in one transaction.

// InsertSubscription stores a new membership row as it is.
func (db Subscriptions) InsertSubscription(ctx context.Context, s billing.Subscription) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&billingSubscriptionRow{Subscription: &s}).Exec(ctx); err != nil {
		return fmt.Errorf("insert subscription: %w", err)
	}
	return nil
}

// ExpireIncompleteSubscriptions closes the member's attempts still waiting for a first payment.
func (db Subscriptions) ExpireIncompleteSubscriptions(ctx context.Context, userID string, now time.Time) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*billingSubscriptionRow)(nil)).Set("status = ?", billing.StatusExpired).Set("ended_at = ?", now).
		Set("updated_at = ?", now).Where("user_id = ?", userID).Where("status = ?", billing.StatusIncomplete).Exec(ctx); err != nil {
		return fmt.Errorf("close earlier attempts: %w", err)
	}
	return nil
}

// SaveSubscription writes every column of a membership row.
func (db Subscriptions) SaveSubscription(ctx context.Context, s billing.Subscription) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model(&billingSubscriptionRow{Subscription: &s}).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save subscription: %w", err)
	}
	return nil
}

// LiveSubscription returns the member's live (active, past due or paused) membership, or nil.
func (db Subscriptions) LiveSubscription(ctx context.Context, userID string) (*billing.Subscription, error) {
	q := db.q(ctx)
	return db.liveSubscription(ctx, q, userID, false)
}

// LockLiveSubscription is LiveSubscription for update: inside a transaction, no other one can
// change the row until it ends.
func (db Subscriptions) LockLiveSubscription(ctx context.Context, userID string) (*billing.Subscription, error) {
	q := db.q(ctx)
	return db.liveSubscription(ctx, q, userID, true)
}

func (db Subscriptions) liveSubscription(ctx context.Context, q Q, userID string, lock bool) (*billing.Subscription, error) {
	var s billing.Subscription
	sel := q.NewSelect().Model(&billingSubscriptionRow{Subscription: &s}).Where("user_id = ?", userID).Where("status IN (?)", bun.In(billing.LiveStatuses)).
		Order("created_at DESC", "id DESC").Limit(1)
	if lock && db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	return oneOrNil(sel.Scan(ctx), &s, "subscription")
}

// LockMember makes a member's subscribes wait for each other until the transaction ends, so
// that two cannot both find no membership and both start one. On PostgreSQL it locks the
// member's users row FOR NO KEY UPDATE: that does not conflict with the key-share locks that
// foreign keys take, so payment events inserting the member's invoices are not held up, and
// nothing else that runs with a membership row locked locks the users row, so the lock cannot
// take part in a deadlock with them. On SQLite the immediate transaction already holds the
// only write lock.
func (db Subscriptions) LockMember(ctx context.Context, userID string) error {
	q := db.q(ctx)
	if db.kind != Postgres {
		return nil
	}
	var id string
	if err := q.NewSelect().Table("users").Column("id").Where("id = ?", userID).For("NO KEY UPDATE").Scan(ctx, &id); err != nil {
		return notFound(err, "user")
	}
	return nil
}

// PendingSubscription returns the member's newest attempt still waiting for its first payment,
// or nil.
func (db Subscriptions) PendingSubscription(ctx context.Context, userID string) (*billing.Subscription, error) {
	q := db.q(ctx)
	var s billing.Subscription
	err := q.NewSelect().Model(&billingSubscriptionRow{Subscription: &s}).Where("user_id = ?", userID).Where("status = ?", billing.StatusIncomplete).
		Order("created_at DESC", "id DESC").Limit(1).Scan(ctx)
	return oneOrNil(err, &s, "subscription")
}

// OtherLiveSubscription returns a live membership of the member other than exceptID, or nil.
func (db Subscriptions) OtherLiveSubscription(ctx context.Context, userID, exceptID string) (*billing.Subscription, error) {
	q := db.q(ctx)
	var s billing.Subscription
	err := q.NewSelect().Model(&billingSubscriptionRow{Subscription: &s}).Where("user_id = ?", userID).Where("id <> ?", exceptID).
		Where("status IN (?)", bun.In(billing.LiveStatuses)).Limit(1).Scan(ctx)
	return oneOrNil(err, &s, "subscription")
}

// LatestSubscription returns the member's most recent membership that was ever paid for
// (live or ended), or nil.
func (db Subscriptions) LatestSubscription(ctx context.Context, userID string) (*billing.Subscription, error) {
	q := db.q(ctx)
	var s billing.Subscription
	err := q.NewSelect().Model(&billingSubscriptionRow{Subscription: &s}).Where("user_id = ?", userID).Where("started_at IS NOT NULL").
		OrderExpr("CASE WHEN status IN (?) THEN 0 ELSE 1 END, created_at DESC, id DESC", bun.In(billing.LiveStatuses)).Limit(1).Scan(ctx)
	return oneOrNil(err, &s, "subscription")
}

// SubscriptionByID reads a membership.
func (db Subscriptions) SubscriptionByID(ctx context.Context, id string) (billing.Subscription, error) {
	q := db.q(ctx)
	var s billing.Subscription
	if err := q.NewSelect().Model(&billingSubscriptionRow{Subscription: &s}).Where("id = ?", id).Scan(ctx); err != nil {
		return s, notFound(err, "subscription")
	}
	return s, nil
}

// LockSubscription reads a membership by our id, else by the provider's id, for update; nil
// when neither finds one.
func (db Subscriptions) LockSubscription(ctx context.Context, id, providerID string) (*billing.Subscription, error) {
	q := db.q(ctx)
	var s billing.Subscription
	sel := q.NewSelect().Model(&billingSubscriptionRow{Subscription: &s})
	switch {
	case id != "":
		sel = sel.Where("id = ?", id)
	case providerID != "":
		sel = sel.Where("provider_subscription_id = ?", providerID)
	default:
		return nil, nil
	}
	sel = db.forUpdate(sel)
	return oneOrNil(sel.Limit(1).Scan(ctx), &s, "subscription")
}

// DueBuiltInSubscriptions lists built-in memberships with something due at now: a renewal or
// the end of a cancelled period, or the end of a pause; userID "" is every member.
func (db Subscriptions) DueBuiltInSubscriptions(ctx context.Context, now time.Time, userID string, limit int) ([]billing.Subscription, error) {
	q := db.q(ctx)
	var out []billing.Subscription
	sel := q.NewSelect().Model((*billingSubscriptionRow)(nil)).Where("provider = ?", payments.NameBuiltIn).
		WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			return g.WhereOr("status IN (?) AND current_period_end <= ?", bun.In(billing.LiveStatuses), now).
				WhereOr("status = ? AND resumes_at <= ?", billing.StatusPaused, now)
		}).Order("current_period_end").Limit(int64(limit))
	sel = whereGiven(sel, "user_id = ?", userID)
	if err := sel.Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("read due subscriptions: %w", err)
	}
	return out, nil
}

// SyncProMember makes is_pro_member follow the member's subscriptions: set while one is in a
// status that grants Pro (billing.ProStatuses), cleared otherwise.
func (db Subscriptions) SyncProMember(ctx context.Context, userID string, now time.Time) error {
	q := db.q(ctx)
	n, err := q.NewSelect().Model((*billingSubscriptionRow)(nil)).Where("user_id = ?", userID).
		Where("status IN (?)", bun.In(billing.ProStatuses)).Count(ctx)
	if err != nil {
		return fmt.Errorf("count live subscriptions: %w", err)
	}
	if _, err := q.NewUpdate().Model((*profileRow)(nil)).Set("is_pro_member = ?", n > 0).Set("updated_at = ?", now).
		Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("set is_pro_member: %w", err)
	}
	return nil
}

// IsProMember reads a member's is_pro_member flag (false without a profile).
func (db Subscriptions) IsProMember(ctx context.Context, userID string) (bool, error) {
	q := db.q(ctx)
	var pro bool
	err := q.NewSelect().Model((*profileRow)(nil)).Column("is_pro_member").Where("user_id = ?", userID).Scan(ctx, &pro)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("read is_pro_member: %w", err)
	}
	return pro, nil
}
