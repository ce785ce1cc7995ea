package payments

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/stripe/stripe-go/v86"
)

// OffSessionCharge charges a saved payment method without its owner present: a vendor paying
// for the points of its allocations an agent used (02§7 process-point-charge).
type OffSessionCharge struct {
	CustomerID, PaymentMethodID string
	AmountCents                 int64
	Currency                    string
	Description                 string
	// Key makes the charge idempotent: a repeated call charges once.
	Key      string
	Metadata map[string]string
}

// ChargeResult is the provider's payment of an off-session charge.
type ChargeResult struct {
	ID     string
	Status string
}

// ErrCardDeclined is a definite answer that the card was not charged (Stripe's card_error):
// unlike an error without an answer, a retry may be a new payment.
var ErrCardDeclined = errors.New("the card was declined")

// OffSessionCharger is a provider that can charge a saved payment method (both providers).
type OffSessionCharger interface {
	ChargeOffSession(ctx context.Context, c OffSessionCharge) (ChargeResult, error)
}

// ChargeOffSession on the built-in provider succeeds at once (no real money moves); its id is
// derived from the key, so a repeated call is the same payment.
func (b *BuiltIn) ChargeOffSession(_ context.Context, c OffSessionCharge) (ChargeResult, error) {
	if c.AmountCents <= 0 || c.Key == "" {
		return ChargeResult{}, fmt.Errorf("built-in off-session charge: amount and key are required")
	}
	return ChargeResult{ID: "pi_builtin_" + c.Key, Status: "succeeded"}, nil
}

// ChargeOffSession confirms a PaymentIntent off session on the vendor's saved card (Stripe:
// customer, payment_method, off_session=true, confirm=true), idempotent on the key.
func (s *Stripe) ChargeOffSession(ctx context.Context, c OffSessionCharge) (ChargeResult, error) {
	if c.CustomerID == "" || c.PaymentMethodID == "" {
		return ChargeResult{}, fmt.Errorf("stripe off-session charge: the vendor has no saved payment method")
	}
	p := &stripe.PaymentIntentCreateParams{
		Amount: stripe.Int64(c.AmountCents), Currency: stripe.String(strings.ToLower(c.Currency)),
		Customer: stripe.String(c.CustomerID), PaymentMethod: stripe.String(c.PaymentMethodID),
		OffSession: stripe.Bool(true), Confirm: stripe.Bool(true), Metadata: c.Metadata,
	}
	if c.Description != "" {
		p.Description = stripe.String(c.Description)
	}
	if c.Key != "" {
		// The caller moves the key on after a decline only (pointspay.VendorCharge.ProviderKey):
		// Stripe replays a decline saved under a key, and refuses a key reused with another card.
		p.SetIdempotencyKey("vendor-charge-" + c.Key)
	}
	pi, err := s.client.V1PaymentIntents.Create(ctx, p)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return ChargeResult{}, fmt.Errorf("stripe off-session charge: %w: %w", ErrCardDeclined, err)
		}
		return ChargeResult{}, fmt.Errorf("stripe off-session charge: %w", err)
	}
	if pi.ID == "" {
		return ChargeResult{}, fmt.Errorf("stripe off-session charge: no id in the answer")
	}
	return ChargeResult{ID: pi.ID, Status: string(pi.Status)}, nil
}

// ChargeOffSession passes a vendor charge through the guard (refused inside a transaction) to a
// provider that can make it.
func (g guarded) ChargeOffSession(ctx context.Context, c OffSessionCharge) (ChargeResult, error) {
	if err := g.check(ctx, "charge off session"); err != nil {
		return ChargeResult{}, err
	}
	oc, ok := g.p.(OffSessionCharger)
	if !ok {
		return ChargeResult{}, fmt.Errorf("payment provider %s cannot charge off session", g.p.Name())
	}
	return oc.ChargeOffSession(ctx, c)
}
