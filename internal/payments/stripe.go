package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v86"
)

// Stripe is the production provider: Stripe Checkout for orders and Pro subscriptions, the
// Stripe customer portal, and Stripe Billing for pauses, discounts and cancellations. APIURL
// points it at another server speaking Stripe's API (stripe-mock in tests).
type Stripe struct {
	client *stripe.Client
	secret string
}

// NewStripe builds the Stripe provider. apiURL "" means Stripe itself.
func NewStripe(secretKey, webhookSecret, apiURL string) *Stripe {
	cfg := &stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: 30 * time.Second},
		MaxNetworkRetries: stripe.Int64(2),
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if apiURL != "" {
		cfg.URL = stripe.String(strings.TrimRight(apiURL, "/"))
	}
	return &Stripe{client: stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg))), secret: webhookSecret}
}

// Name is "stripe".
func (s *Stripe) Name() string { return NameStripe }

// WebhookSecret is the endpoint's signing secret (whsec_...).
func (s *Stripe) WebhookSecret() string { return s.secret }

// CreateCheckout creates a Checkout Session: mode payment for an order, subscription for Pro.
// Prices are sent inline (price_data) from the server's amounts, so no Stripe price ids need
// configuring.
func (s *Stripe) CreateCheckout(ctx context.Context, r CheckoutRequest) (Session, error) {
	meta := map[string]string{MetaKind: r.Kind, MetaRef: r.Ref, MetaUser: r.UserID}
	p := &stripe.CheckoutSessionCreateParams{
		SuccessURL:        stripe.String(r.SuccessURL),
		CancelURL:         stripe.String(r.CancelURL),
		ClientReferenceID: stripe.String(r.Ref),
		Metadata:          meta,
	}
	if !r.ExpiresAt.IsZero() {
		p.ExpiresAt = stripe.Int64(r.ExpiresAt.Unix())
	}
	if r.CustomerID != "" {
		p.Customer = stripe.String(r.CustomerID)
	} else if r.CustomerEmail != "" {
		p.CustomerEmail = stripe.String(r.CustomerEmail)
	}
	cur := strings.ToLower(r.Currency)
	for _, it := range r.Items {
		pd := &stripe.CheckoutSessionCreateLineItemPriceDataParams{
			Currency:    stripe.String(cur),
			UnitAmount:  stripe.Int64(it.UnitAmountCents),
			ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(it.Name)},
		}
		if r.Kind == KindSubscription {
			pd.Recurring = &stripe.CheckoutSessionCreateLineItemPriceDataRecurringParams{Interval: stripe.String(r.Interval)}
		}
		p.LineItems = append(p.LineItems, &stripe.CheckoutSessionCreateLineItemParams{PriceData: pd, Quantity: stripe.Int64(it.Quantity)})
	}
	if r.Kind == KindSubscription {
		p.Mode = stripe.String(string(stripe.CheckoutSessionModeSubscription))
		p.SubscriptionData = &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: meta}
	} else {
		p.Mode = stripe.String(string(stripe.CheckoutSessionModePayment))
		p.PaymentIntentData = &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: meta}
	}
	if r.Locale != "" {
		p.Locale = stripe.String(r.Locale)
	}
	if r.IdempotencyKey != "" {
		p.SetIdempotencyKey(r.IdempotencyKey)
	}
	cs, err := s.client.V1CheckoutSessions.Create(ctx, p)
	if err != nil {
		return Session{}, fmt.Errorf("stripe checkout session: %w", err)
	}
	out := Session{ID: cs.ID, URL: cs.URL}
	if cs.ExpiresAt > 0 {
		out.ExpiresAt = time.Unix(cs.ExpiresAt, 0).UTC()
	}
	if out.ID == "" || out.URL == "" {
		return out, fmt.Errorf("stripe checkout session: no id or url in the answer")
	}
	return out, nil
}

// CreatePortal opens a Stripe customer portal session for the member's Stripe customer.
func (s *Stripe) CreatePortal(ctx context.Context, _, customerID, returnURL string) (string, error) {
	if customerID == "" {
		return "", fmt.Errorf("stripe portal: the member has no Stripe customer yet")
	}
	ps, err := s.client.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer: stripe.String(customerID), ReturnURL: stripe.String(returnURL)})
	if err != nil {
		return "", fmt.Errorf("stripe portal session: %w", err)
	}
	return ps.URL, nil
}

func (s *Stripe) update(ctx context.Context, ref SubscriptionRef, p *stripe.SubscriptionUpdateParams, what string) error {
	if ref.ProviderSubscriptionID == "" {
		return fmt.Errorf("stripe %s: the membership has no Stripe subscription", what)
	}
	if _, err := s.client.V1Subscriptions.Update(ctx, ref.ProviderSubscriptionID, p); err != nil {
		return fmt.Errorf("stripe %s: %w", what, err)
	}
	return nil
}

// Pause stops collecting payments until resumesAt (invoices in between are voided).
func (s *Stripe) Pause(ctx context.Context, ref SubscriptionRef, resumesAt time.Time) error {
	return s.update(ctx, ref, &stripe.SubscriptionUpdateParams{PauseCollection: &stripe.SubscriptionUpdatePauseCollectionParams{
		Behavior: stripe.String(string(stripe.SubscriptionPauseCollectionBehaviorVoid)), ResumesAt: stripe.Int64(resumesAt.Unix())}}, "pause")
}

// Resume starts collecting again.
func (s *Stripe) Resume(ctx context.Context, ref SubscriptionRef) error {
	p := &stripe.SubscriptionUpdateParams{}
	p.UnsetFields = append(p.UnsetFields, stripe.SubscriptionUpdateParamsUnsetFieldPauseCollection)
	return s.update(ctx, ref, p, "resume")
}

// Discount creates a repeating coupon (percent off for months) and puts it on the subscription,
// replacing any other discount.
func (s *Stripe) Discount(ctx context.Context, ref SubscriptionRef, percent, months int, name string) error {
	c, err := s.client.V1Coupons.Create(ctx, &stripe.CouponCreateParams{
		PercentOff: stripe.Float64(float64(percent)), Duration: stripe.String(string(stripe.CouponDurationRepeating)),
		DurationInMonths: stripe.Int64(int64(months)), Name: stripe.String(name), MaxRedemptions: stripe.Int64(1)})
	if err != nil {
		return fmt.Errorf("stripe coupon: %w", err)
	}
	return s.update(ctx, ref, &stripe.SubscriptionUpdateParams{Discounts: []*stripe.SubscriptionUpdateDiscountParams{{Coupon: stripe.String(c.ID)}}}, "discount")
}

// Cancel ends the subscription at the end of the paid period, with the survey's reason.
func (s *Stripe) Cancel(ctx context.Context, ref SubscriptionRef, reason, feedback string) error {
	p := &stripe.SubscriptionUpdateParams{CancelAtPeriodEnd: stripe.Bool(true),
		CancellationDetails: &stripe.SubscriptionUpdateCancellationDetailsParams{Feedback: stripe.String(reason)}}
	if feedback != "" {
		p.CancellationDetails.Comment = stripe.String(feedback)
	}
	return s.update(ctx, ref, p, "cancel")
}

// Refund refunds a payment intent in full (or AmountCents of it). The idempotency key makes a
// retried call (a job run twice) refund once.
func (s *Stripe) Refund(ctx context.Context, r RefundRequest) (RefundResult, error) {
	if r.PaymentIntentID == "" {
		return RefundResult{}, fmt.Errorf("stripe refund: no payment intent to refund")
	}
	p := &stripe.RefundCreateParams{PaymentIntent: stripe.String(r.PaymentIntentID)}
	if r.AmountCents > 0 {
		p.Amount = stripe.Int64(r.AmountCents)
	}
	if r.Reason != "" {
		p.Reason = stripe.String(r.Reason)
	}
	if r.Key != "" {
		p.SetIdempotencyKey("refund-" + r.Key)
	}
	re, err := s.client.V1Refunds.Create(ctx, p)
	if err != nil {
		return RefundResult{}, fmt.Errorf("stripe refund: %w", err)
	}
	if re.ID == "" {
		return RefundResult{}, fmt.Errorf("stripe refund: no id in the answer")
	}
	return RefundResult{ID: re.ID}, nil
}

// ExpireCheckout expires an open Checkout Session. Stripe answers 400 for a session that is no
// longer open (complete or expired already): there is nothing left to expire, so that is not
// an error (a payment that beat the expiry is refunded by the app).
func (s *Stripe) ExpireCheckout(ctx context.Context, sessionID string) error {
	if _, err := s.client.V1CheckoutSessions.Expire(ctx, sessionID, nil); err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode == http.StatusBadRequest {
			return nil
		}
		return fmt.Errorf("stripe expire checkout session: %w", err)
	}
	return nil
}
