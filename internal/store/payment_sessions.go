package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/checkout"
)

// InsertPaymentSession records a payment page and links it to its order or subscription.
func (db Checkout) InsertPaymentSession(ctx context.Context, s checkout.PaymentSession) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&checkoutPaymentSessionRow{PaymentSession: &s}).Exec(ctx); err != nil {
		return fmt.Errorf("insert checkout session: %w", err)
	}
	if s.OrderID != nil {
		if _, err := q.NewUpdate().Model((*checkoutOrderRow)(nil)).Set("checkout_session_id = ?", s.ID).Set("updated_at = ?", s.CreatedAt).
			Where("id = ?", *s.OrderID).Exec(ctx); err != nil {
			return fmt.Errorf("link order to session: %w", err)
		}
	}
	if s.SubscriptionID != nil {
		if _, err := q.NewUpdate().Model((*billingSubscriptionRow)(nil)).Set("checkout_session_id = ?", s.ID).Set("updated_at = ?", s.CreatedAt).
			Where("id = ?", *s.SubscriptionID).Exec(ctx); err != nil {
			return fmt.Errorf("link subscription to session: %w", err)
		}
	}
	return nil
}

// PaymentSessionByID reads a payment page.
func (db Checkout) PaymentSessionByID(ctx context.Context, id string) (checkout.PaymentSession, error) {
	q := db.q(ctx)
	var s checkout.PaymentSession
	if err := q.NewSelect().Model(&checkoutPaymentSessionRow{PaymentSession: &s}).Where("id = ?", id).Scan(ctx); err != nil {
		return s, notFound(err, "checkout session")
	}
	return s, nil
}

// LockPaymentSession reads a payment page for update; nil when there is none.
func (db Checkout) LockPaymentSession(ctx context.Context, id string) (*checkout.PaymentSession, error) {
	q := db.q(ctx)
	var s checkout.PaymentSession
	sel := db.forUpdate(q.NewSelect().Model(&checkoutPaymentSessionRow{PaymentSession: &s}).Where("id = ?", id))
	return oneOrNil(sel.Scan(ctx), &s, "checkout session")
}

// SetPaymentSessionStatus changes a payment page's status.
func (db Checkout) SetPaymentSessionStatus(ctx context.Context, id, status string, now time.Time) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*checkoutPaymentSessionRow)(nil)).Set("status = ?", status).Set("updated_at = ?", now).
		Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("update checkout session: %w", err)
	}
	return nil
}

// OpenSessionsExpiredBefore lists a provider's open payment pages that expired before now.
func (db Checkout) OpenSessionsExpiredBefore(ctx context.Context, provider string, now time.Time, limit int) ([]checkout.PaymentSession, error) {
	q := db.q(ctx)
	return scanAll[checkout.PaymentSession](ctx, q.NewSelect().Model((*checkoutPaymentSessionRow)(nil)).Where("provider = ?", provider).Where("status = ?", checkout.SessionOpen).
		Where("expires_at <= ?", now).Order("expires_at").Limit(int64(limit)), "read expired sessions")
}

// ExpireOrderSessions expires the open payment pages of an order and returns their ids.
func (db Checkout) ExpireOrderSessions(ctx context.Context, orderID string, now time.Time) ([]string, error) {
	q := db.q(ctx)
	var ids []string
	if err := q.NewUpdate().Model((*checkoutPaymentSessionRow)(nil)).Set("status = ?", checkout.SessionExpired).Set("updated_at = ?", now).
		Where("order_id = ?", orderID).Where("status = ?", checkout.SessionOpen).Returning("id").Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("expire the order's payment pages: %w", err)
	}
	return ids, nil
}

// ExpireOtherOrderSessions expires every open order payment page of a user but keep (the one
// just paid) and returns their ids: one cart, one payment.
func (db Checkout) ExpireOtherOrderSessions(ctx context.Context, userID, keep string, now time.Time) ([]string, error) {
	q := db.q(ctx)
	var ids []string
	if err := q.NewUpdate().Model((*checkoutPaymentSessionRow)(nil)).Set("status = ?", checkout.SessionExpired).Set("updated_at = ?", now).
		Where("user_id = ?", userID).Where("kind = ?", checkout.KindOrder).Where("status = ?", checkout.SessionOpen).Where("id <> ?", keep).
		Returning("id").Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("expire the cart's other payment pages: %w", err)
	}
	return ids, nil
}
