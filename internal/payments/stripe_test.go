package payments

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/payments/stripemock"
)

// TestF_PAY_08_StripeAdapterAgainstStripeMock runs every call of the Stripe provider against
// stripe-mock: a Checkout Session for an order and for a Pro subscription, the customer portal,
// pause, resume, a repeating discount, cancellation at period end and a refund.
func TestF_PAY_08_StripeAdapterAgainstStripeMock(t *testing.T) {
	t.Parallel()
	url := stripemock.Start(t)
	p := NewStripe("sk_test_123", "whsec_test", url)
	ctx := context.Background()
	order, err := p.CreateCheckout(ctx, CheckoutRequest{
		Kind: KindOrder, Ref: "ord-1", UserID: "usr-1", Currency: "USD", CustomerEmail: "agent@demo.test",
		Items:      []LineItem{{Name: "HDR Listing Photography - Signature Package", UnitAmountCents: 349_00, Quantity: 2}},
		SuccessURL: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost/payment-canceled",
		ExpiresAt: time.Now().Add(23 * time.Hour), Locale: "fr",
	})
	if err != nil || !strings.HasPrefix(order.ID, "cs_") || order.URL == "" {
		t.Fatalf("order checkout: %+v %v", order, err)
	}
	sub, err := p.CreateCheckout(ctx, CheckoutRequest{
		Kind: KindSubscription, Ref: "sub-1", UserID: "usr-1", Currency: "CAD", Interval: "year", CustomerEmail: "agent@demo.test",
		Items:      []LineItem{{Name: "Circle Pro - primary seat", UnitAmountCents: 1366_20, Quantity: 1}, {Name: "Circle Pro - extra seat", UnitAmountCents: 676_20, Quantity: 2}},
		SuccessURL: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost/payment-canceled",
	})
	if err != nil || sub.ID == "" || sub.URL == "" {
		t.Fatalf("subscription checkout: %+v %v", sub, err)
	}
	portal, err := p.CreatePortal(ctx, "usr-1", "cus_123", "http://localhost/billing")
	if err != nil || portal == "" {
		t.Fatalf("portal: %q %v", portal, err)
	}
	if _, err := p.CreatePortal(ctx, "usr-1", "", "http://localhost/billing"); err == nil {
		t.Fatal("a portal without a Stripe customer must fail")
	}
	ref := SubscriptionRef{ID: "sub-1", ProviderSubscriptionID: "sub_123", ProviderCustomerID: "cus_123"}
	if err := p.Pause(ctx, ref, time.Now().Add(90*24*time.Hour)); err != nil {
		t.Fatalf("pause: %v", err)
	}
	if err := p.Resume(ctx, ref); err != nil {
		t.Fatalf("resume: %v", err)
	}
	if err := p.Discount(ctx, ref, 50, 2, "Circle Pro 50% for 2 months"); err != nil {
		t.Fatalf("discount: %v", err)
	}
	if err := p.Cancel(ctx, ref, "too_expensive", "Budget is tight this quarter."); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	if err := p.Cancel(ctx, SubscriptionRef{ID: "sub-1"}, "other", ""); err == nil {
		t.Fatal("cancelling a membership without a Stripe subscription must fail")
	}
	// F-PAY-08: a replaced page is expired at Stripe.
	if err := p.ExpireCheckout(ctx, order.ID); err != nil {
		t.Fatalf("expire checkout: %v", err)
	}
	// F-PAY-08: a late payment's refund, with an idempotency key.
	re, err := p.Refund(ctx, RefundRequest{PaymentIntentID: "pi_123", AmountCents: 19_00, Currency: "USD", Key: "cs_late", Reason: "duplicate"})
	if err != nil || !strings.HasPrefix(re.ID, "re_") {
		t.Fatalf("refund: %+v %v", re, err)
	}
	if _, err := p.Refund(ctx, RefundRequest{Key: "cs_late"}); err == nil {
		t.Fatal("a refund without a payment must fail")
	}
	// An unreachable Stripe is an error, not a hang.
	down := NewStripe("sk_test_123", "whsec_test", "http://127.0.0.1:1")
	if _, err := down.CreateCheckout(ctx, CheckoutRequest{Kind: KindOrder, Ref: "x", Currency: "USD", Items: []LineItem{{Name: "x", UnitAmountCents: 1, Quantity: 1}},
		SuccessURL: "http://localhost/s", CancelURL: "http://localhost/c"}); err == nil {
		t.Fatal("checkout against an unreachable server must fail")
	}
}
