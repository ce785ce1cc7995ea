package store

import (
	"context"
	"fmt"

	"circle/internal/billing"
)

// SubscriptionOffers lists the retention offers a member accepted, newest first.
func (db Subscriptions) SubscriptionOffers(ctx context.Context, userID string) ([]billing.Offer, error) {
	q := db.q(ctx)
	var out []billing.Offer
	if err := q.NewSelect().Model((*billingOfferRow)(nil)).Where("user_id = ?", userID).Order("created_at DESC", "id DESC").Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("read offers: %w", err)
	}
	return out, nil
}

// InsertOffer records an accepted retention offer.
func (db Subscriptions) InsertOffer(ctx context.Context, o billing.Offer) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&billingOfferRow{Offer: &o}).Exec(ctx); err != nil {
		return fmt.Errorf("record offer: %w", err)
	}
	return nil
}
