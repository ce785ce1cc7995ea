package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/payments"
)

// CreateSubscription stores a new membership waiting for its first payment; the member's
// earlier unpaid attempts are closed.
func (db *DB) CreateSubscription(ctx context.Context, s billing.Subscription) (billing.Subscription, error) {
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		if _, err := tx.NewUpdate().Model((*billing.Subscription)(nil)).Set("status = ?", billing.StatusExpired).Set("ended_at = ?", now).
			Set("updated_at = ?", now).Where("user_id = ?", s.UserID).Where("status = ?", billing.StatusIncomplete).Exec(ctx); err != nil {
			return fmt.Errorf("close earlier attempts: %w", err)
		}
		s.Status, s.CreatedAt, s.UpdatedAt = billing.StatusIncomplete, now, now
		if _, err := tx.NewInsert().Model(&s).Exec(ctx); err != nil {
			return fmt.Errorf("insert subscription: %w", err)
		}
		return nil
	})
	return s, err
}

// LiveSubscription returns the member's live (active, past due or paused) membership, or nil.
func (db *DB) LiveSubscription(ctx context.Context, userID string) (*billing.Subscription, error) {
	var s billing.Subscription
	err := db.bun.NewSelect().Model(&s).Where("user_id = ?", userID).
		Where("status IN (?)", bun.In([]string{billing.StatusActive, billing.StatusPastDue, billing.StatusPaused})).
		Order("created_at DESC", "id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read subscription: %w", err)
	}
	return &s, nil
}

// LatestSubscription returns the member's most recent membership that was ever paid for
// (live or ended), or nil.
func (db *DB) LatestSubscription(ctx context.Context, userID string) (*billing.Subscription, error) {
	var s billing.Subscription
	err := db.bun.NewSelect().Model(&s).Where("user_id = ?", userID).Where("started_at IS NOT NULL").
		OrderExpr("CASE WHEN status IN ('active', 'past_due', 'paused') THEN 0 ELSE 1 END, created_at DESC, id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read subscription: %w", err)
	}
	return &s, nil
}

// SubscriptionByID reads a membership.
func (db *DB) SubscriptionByID(ctx context.Context, id string) (billing.Subscription, error) {
	var s billing.Subscription
	if err := db.bun.NewSelect().Model(&s).Where("id = ?", id).Scan(ctx); err != nil {
		return s, notFound(err, "subscription")
	}
	return s, nil
}

// SubscriptionOffers lists the retention offers a member accepted, newest first.
func (db *DB) SubscriptionOffers(ctx context.Context, userID string) ([]billing.Offer, error) {
	var out []billing.Offer
	if err := db.bun.NewSelect().Model(&out).Where("user_id = ?", userID).Order("created_at DESC", "id DESC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read offers: %w", err)
	}
	return out, nil
}

// Invoices lists a member's membership invoices, newest first.
func (db *DB) Invoices(ctx context.Context, userID string, limit int) ([]billing.Invoice, error) {
	var out []billing.Invoice
	if err := db.bun.NewSelect().Model(&out).Where("user_id = ?", userID).Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read invoices: %w", err)
	}
	return out, nil
}

// SubscriptionChange is what a management change does to a locked membership: it may change
// the row and return an offer to record. It runs inside the transaction, after the row lock,
// so two requests cannot both pass the no-stacking rule.
type SubscriptionChange func(ctx context.Context, sub *billing.Subscription, offers []billing.Offer, now time.Time) (*billing.Offer, error)

// ChangeSubscription applies a management change to the member's live membership and keeps
// is_pro_member in step, in one transaction.
func (db *DB) ChangeSubscription(ctx context.Context, userID string, fn SubscriptionChange) (billing.Subscription, error) {
	var sub billing.Subscription
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := db.Now()
		q := tx.NewSelect().Model(&sub).Where("user_id = ?", userID).
			Where("status IN (?)", bun.In([]string{billing.StatusActive, billing.StatusPastDue, billing.StatusPaused})).
			Order("created_at DESC", "id DESC").Limit(1)
		if db.kind == Postgres {
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return apperr.New(apperr.NotFound, billing.MsgNoSubscription)
			}
			return fmt.Errorf("read subscription: %w", err)
		}
		var offers []billing.Offer
		if err := tx.NewSelect().Model(&offers).Where("user_id = ?", userID).Order("created_at DESC").Scan(ctx); err != nil {
			return fmt.Errorf("read offers: %w", err)
		}
		offer, err := fn(ctx, &sub, offers, now)
		if err != nil {
			return err
		}
		sub.UpdatedAt = now
		if _, err := tx.NewUpdate().Model(&sub).WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("save subscription: %w", err)
		}
		if offer != nil {
			offer.UserID, offer.SubscriptionID, offer.CreatedAt = userID, sub.ID, now
			if _, err := tx.NewInsert().Model(offer).Exec(ctx); err != nil {
				return fmt.Errorf("record offer: %w", err)
			}
		}
		return syncProMember(ctx, tx, userID, now)
	})
	return sub, err
}

// DueBuiltInSubscriptions lists built-in memberships with something due at now: a renewal or
// the end of a cancelled period, or the end of a pause.
func (db *DB) DueBuiltInSubscriptions(ctx context.Context, now time.Time, userID string, limit int) ([]billing.Subscription, error) {
	var out []billing.Subscription
	q := db.bun.NewSelect().Model(&out).Where("provider = ?", payments.NameBuiltIn).
		WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			return g.WhereOr("status IN (?) AND current_period_end <= ?", bun.In([]string{billing.StatusActive, billing.StatusPastDue, billing.StatusPaused}), now).
				WhereOr("status = ? AND resumes_at <= ?", billing.StatusPaused, now)
		}).Order("current_period_end").Limit(int64(limit))
	if userID != "" {
		q = q.Where("user_id = ?", userID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read due subscriptions: %w", err)
	}
	return out, nil
}

// syncProMember makes is_pro_member follow the member's subscriptions: set while one is active
// or past due, cleared otherwise.
func syncProMember(ctx context.Context, tx bun.Tx, userID string, now time.Time) error {
	n, err := tx.NewSelect().Model((*billing.Subscription)(nil)).Where("user_id = ?", userID).
		Where("status IN (?)", bun.In([]string{billing.StatusActive, billing.StatusPastDue})).Count(ctx)
	if err != nil {
		return fmt.Errorf("count live subscriptions: %w", err)
	}
	if _, err := tx.NewUpdate().Model((*account.Profile)(nil)).Set("is_pro_member = ?", n > 0).Set("updated_at = ?", now).
		Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("set is_pro_member: %w", err)
	}
	return nil
}

// lockSubscription reads a membership by our id or the provider's id, for update.
func (db *DB) lockSubscription(ctx context.Context, tx bun.Tx, id, providerID string) (billing.Subscription, bool, error) {
	var s billing.Subscription
	q := tx.NewSelect().Model(&s)
	switch {
	case id != "":
		q = q.Where("id = ?", id)
	case providerID != "":
		q = q.Where("provider_subscription_id = ?", providerID)
	default:
		return s, false, nil
	}
	if db.kind == Postgres {
		q = q.For("UPDATE")
	}
	if err := q.Limit(1).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return s, false, nil
		}
		return s, false, fmt.Errorf("read subscription: %w", err)
	}
	return s, true, nil
}

// activateSubscription starts a paid membership (its first payment arrived). A membership
// that is already running, or that has ended, does not change.
func (db *DB) activateSubscription(ctx context.Context, tx bun.Tx, sub *billing.Subscription, f payments.Fact, now time.Time) error {
	if sub.Status != billing.StatusIncomplete && sub.Status != billing.StatusExpired {
		return db.linkProvider(ctx, tx, sub, f)
	}
	if sub.Status == billing.StatusExpired && sub.StartedAt != nil {
		return nil
	}
	start := now
	end := billing.AddInterval(start, sub.Interval)
	sub.Status, sub.StartedAt, sub.CurrentPeriodStart, sub.CurrentPeriodEnd, sub.EndedAt = billing.StatusActive, &start, &start, &end, nil
	if f.CustomerID != "" {
		sub.ProviderCustomerID = f.CustomerID
	}
	if f.ProviderSubscriptionID != "" {
		sub.ProviderSubscriptionID = f.ProviderSubscriptionID
	}
	sub.UpdatedAt = now
	if _, err := tx.NewUpdate().Model(sub).Column("status", "started_at", "current_period_start", "current_period_end", "ended_at",
		"provider_customer_id", "provider_subscription_id", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("activate subscription: %w", err)
	}
	return syncProMember(ctx, tx, sub.UserID, now)
}

func (db *DB) linkProvider(ctx context.Context, tx bun.Tx, sub *billing.Subscription, f payments.Fact) error {
	if (f.CustomerID == "" || sub.ProviderCustomerID != "") && (f.ProviderSubscriptionID == "" || sub.ProviderSubscriptionID != "") {
		return nil
	}
	if sub.ProviderCustomerID == "" {
		sub.ProviderCustomerID = f.CustomerID
	}
	if sub.ProviderSubscriptionID == "" {
		sub.ProviderSubscriptionID = f.ProviderSubscriptionID
	}
	if _, err := tx.NewUpdate().Model(sub).Column("provider_customer_id", "provider_subscription_id").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("link subscription: %w", err)
	}
	return nil
}

// applySubscriptionEvent moves a membership to the state a provider reports. An event older
// than the last one applied is ignored, and an ended membership stays ended, so events that
// arrive out of order end in the right state.
func (db *DB) applySubscriptionEvent(ctx context.Context, tx bun.Tx, f payments.Fact, now time.Time) error {
	sub, ok, err := db.lockSubscription(ctx, tx, f.Ref, f.ProviderSubscriptionID)
	if err != nil || !ok {
		return err
	}
	sf := f.Subscription
	if sub.LastEventAt != nil && f.Created.Before(*sub.LastEventAt) {
		return nil
	}
	if sub.Status == billing.StatusCanceled || (sub.Status == billing.StatusExpired && sub.StartedAt != nil) {
		return nil
	}
	if sub.Status == billing.StatusIncomplete && (sf.Status == billing.StatusActive || sf.Status == billing.StatusPastDue) {
		if err := db.activateSubscription(ctx, tx, &sub, f, now); err != nil {
			return err
		}
	}
	if sf.Status == billing.StatusIncomplete && sub.Status != billing.StatusIncomplete {
		sf.Status = sub.Status
	}
	sub.Status = sf.Status
	sub.CancelAtPeriodEnd = sf.CancelAtPeriodEnd
	if !sf.PeriodStart.IsZero() && !sf.PeriodEnd.IsZero() && sf.PeriodEnd.After(sf.PeriodStart) {
		ps, pe := sf.PeriodStart, sf.PeriodEnd
		sub.CurrentPeriodStart, sub.CurrentPeriodEnd = &ps, &pe
	}
	switch sub.Status {
	case billing.StatusPaused:
		if sub.PausedAt == nil {
			sub.PausedAt = &now
		}
		if sf.ResumesAt != nil {
			sub.ResumesAt = sf.ResumesAt
		}
	case billing.StatusCanceled, billing.StatusExpired:
		sub.EndedAt = &now
		sub.PausedAt, sub.ResumesAt = nil, nil
	default:
		sub.PausedAt, sub.ResumesAt = nil, nil
	}
	if f.CustomerID != "" && sub.ProviderCustomerID == "" {
		sub.ProviderCustomerID = f.CustomerID
	}
	if f.ProviderSubscriptionID != "" && sub.ProviderSubscriptionID == "" {
		sub.ProviderSubscriptionID = f.ProviderSubscriptionID
	}
	created := f.Created
	sub.LastEventAt, sub.UpdatedAt = &created, now
	if _, err := tx.NewUpdate().Model(&sub).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update subscription: %w", err)
	}
	return syncProMember(ctx, tx, sub.UserID, now)
}

// applyInvoiceEvent records a membership invoice once (by its id). A paid invoice starts a
// membership still waiting for its first payment (the invoice may arrive before the checkout
// event) and brings a past-due one back; a failed one makes an active membership past due.
func (db *DB) applyInvoiceEvent(ctx context.Context, tx bun.Tx, f payments.Fact, now time.Time) error {
	sub, ok, err := db.lockSubscription(ctx, tx, f.Ref, f.ProviderSubscriptionID)
	if err != nil || !ok {
		return err
	}
	in := f.Invoice
	usd := in.AmountCents
	if in.Currency == "CAD" && sub.USDToCADRateE4 > 0 {
		usd = (in.AmountCents*10000 + int64(sub.USDToCADRateE4)/2) / int64(sub.USDToCADRateE4)
	}
	status := "paid"
	if !in.Paid {
		status = "failed"
	}
	cur := in.Currency
	if cur == "" {
		cur = sub.Currency
	}
	desc := fmt.Sprintf("%s, %d seat(s), billed %sly", billing.PlanName, sub.Seats, sub.Interval)
	if in.DiscountPercent > 0 {
		desc += fmt.Sprintf(", %d%% off", in.DiscountPercent)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO billing_invoices (id, user_id, subscription_id, provider, status, currency, amount_cents, amount_usd_cents,
		discount_percent, description, period_start, period_end, hosted_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, in.ID, sub.UserID, sub.ID, sub.Provider, status, cur, in.AmountCents, usd, in.DiscountPercent, desc,
		in.PeriodStart, in.PeriodEnd, in.HostedURL, now); err != nil {
		return fmt.Errorf("record invoice: %w", err)
	}
	if in.Paid {
		if sub.Status == billing.StatusIncomplete {
			return db.activateSubscription(ctx, tx, &sub, f, now)
		}
		changed := false
		if sub.Status == billing.StatusPastDue {
			sub.Status, changed = billing.StatusActive, true
		}
		if !in.PeriodEnd.IsZero() && in.PeriodEnd.After(in.PeriodStart) && (sub.CurrentPeriodEnd == nil || in.PeriodEnd.After(*sub.CurrentPeriodEnd)) &&
			billing.Live(sub.Status) {
			ps, pe := in.PeriodStart, in.PeriodEnd
			sub.CurrentPeriodStart, sub.CurrentPeriodEnd, changed = &ps, &pe, true
		}
		if !changed {
			return nil
		}
	} else {
		if sub.Status != billing.StatusActive {
			return nil
		}
		sub.Status = billing.StatusPastDue
	}
	sub.UpdatedAt = now
	if _, err := tx.NewUpdate().Model(&sub).Column("status", "current_period_start", "current_period_end", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update subscription from invoice: %w", err)
	}
	return syncProMember(ctx, tx, sub.UserID, now)
}
