package store

import (
	"context"
	"fmt"

	"circle/internal/billing"
)

// SubscriptionOffers lists the retention offers a member accepted, newest first.
func (db Subscriptions) SubscriptionOffers(ctx context.Context, userID string) ([]billing.Offer, error) {
	q := db.q(ctx)
	return scanAll[billing.Offer](ctx, q.NewSelect().Model((*billingOfferRow)(nil)).Where("user_id = ?", userID).Order("created_at DESC", "id DESC"), "read offers")
}

// InsertOffer records an accepted retention offer.
func (db Subscriptions) InsertOffer(ctx context.Context, o billing.Offer) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&billingOfferRow{Offer: &o}).Exec(ctx); err != nil {
		return fmt.Errorf("record offer: %w", err)
	}
	return nil
}
