// Package paymentstest is a payment provider for service tests: it records its calls and fails
// the test when one is made inside a database transaction (store.InsideTx), the rule of
// docs/adr/0007-services-and-transactions.md.
package paymentstest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"circle/internal/payments"
	"circle/internal/store"
)

// Fake is a payment provider that answers at once.
type Fake struct {
	T testing.TB
	// ProviderName is what Name answers (payments.NameBuiltIn when empty).
	ProviderName string
	// Err, when set, is what every call out answers.
	Err error

	mu        sync.Mutex
	calls     []string
	checkouts []payments.CheckoutRequest
}

// Checkouts lists the payment pages asked for so far, as requested.
func (f *Fake) Checkouts() []payments.CheckoutRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]payments.CheckoutRequest(nil), f.checkouts...)
}

// Calls lists the calls out made so far, by name ("create checkout", "pause"...).
func (f *Fake) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

func (f *Fake) call(ctx context.Context, what string) error {
	if store.InsideTx(ctx) {
		f.T.Errorf("payment provider %q called inside a database transaction", what)
	}
	f.mu.Lock()
	f.calls = append(f.calls, what)
	f.mu.Unlock()
	return f.Err
}

// Name is the provider's name.
func (f *Fake) Name() string {
	if f.ProviderName == "" {
		return payments.NameBuiltIn
	}
	return f.ProviderName
}

// WebhookSecret signs the fake's events.
func (f *Fake) WebhookSecret() string { return "whsec_paymentstest" }

// CreateCheckout answers a page with an id made from the order or subscription id.
func (f *Fake) CreateCheckout(ctx context.Context, r payments.CheckoutRequest) (payments.Session, error) {
	if err := f.call(ctx, "create checkout"); err != nil {
		return payments.Session{}, err
	}
	f.mu.Lock()
	f.checkouts = append(f.checkouts, r)
	f.mu.Unlock()
	id := "cs_fake_" + r.Ref
	return payments.Session{ID: id, URL: "https://pay.example/" + id, ExpiresAt: r.ExpiresAt}, nil
}

// CreatePortal answers a portal address for the user.
func (f *Fake) CreatePortal(ctx context.Context, userID, _, _ string) (string, error) {
	if err := f.call(ctx, "create portal"); err != nil {
		return "", err
	}
	return "https://portal.example/" + userID, nil
}

// Pause records the call.
func (f *Fake) Pause(ctx context.Context, _ payments.SubscriptionRef, _ time.Time) error {
	return f.call(ctx, "pause")
}

// Resume records the call.
func (f *Fake) Resume(ctx context.Context, _ payments.SubscriptionRef) error {
	return f.call(ctx, "resume")
}

// Discount records the call.
func (f *Fake) Discount(ctx context.Context, _ payments.SubscriptionRef, percent, months int, _ string) error {
	return f.call(ctx, fmt.Sprintf("discount %d%% for %d months", percent, months))
}

// Cancel records the call.
func (f *Fake) Cancel(ctx context.Context, _ payments.SubscriptionRef, _, _ string) error {
	return f.call(ctx, "cancel")
}

// Refund records the call and answers a refund id made from the key.
func (f *Fake) Refund(ctx context.Context, r payments.RefundRequest) (payments.RefundResult, error) {
	if err := f.call(ctx, "refund"); err != nil {
		return payments.RefundResult{}, err
	}
	return payments.RefundResult{ID: "re_fake_" + r.Key}, nil
}

// ExpireCheckout records the call.
func (f *Fake) ExpireCheckout(ctx context.Context, _ string) error {
	return f.call(ctx, "expire checkout")
}
