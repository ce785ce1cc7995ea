package payments

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"circle/internal/payments/stripemock"
)

// TestF_PAY_07_VendorChargeOffSession: a vendor's point charge (02§7 process-point-charge) is an
// off-session PaymentIntent on its saved card at Stripe (stripe-mock), and the built-in
// provider's charge is the same payment for the same key.
func TestF_PAY_07_VendorChargeOffSession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := NewStripe("sk_test_123", "whsec_test", stripemock.Start(t))
	res, err := p.ChargeOffSession(ctx, OffSessionCharge{CustomerID: "cus_123", PaymentMethodID: "pm_card_visa", AmountCents: 150_00,
		Currency: "USD", Description: "Circle points: 150", Key: "vch-1", Metadata: map[string]string{"vendor_id": "v1"}})
	if err != nil || !strings.HasPrefix(res.ID, "pi_") {
		t.Fatalf("stripe charge: %+v %v", res, err)
	}
	if _, err := p.ChargeOffSession(ctx, OffSessionCharge{AmountCents: 100, Currency: "USD", Key: "vch-2"}); err == nil {
		t.Fatal("a vendor without a saved card was charged")
	}
	b := &BuiltIn{}
	a1, err1 := b.ChargeOffSession(ctx, OffSessionCharge{AmountCents: 100, Currency: "USD", Key: "vch-3"})
	a2, err2 := b.ChargeOffSession(ctx, OffSessionCharge{AmountCents: 100, Currency: "USD", Key: "vch-3"})
	if err1 != nil || err2 != nil || a1.ID != a2.ID || a1.Status != "succeeded" {
		t.Fatalf("built-in: %+v %+v %v %v", a1, a2, err1, err2)
	}
}

// TestF_PAY_07_StripeDeclineIsDefinite: Stripe's card_error is a decline (ErrCardDeclined: the
// caller may try again with a new key); any other error is not, so the caller keeps the key.
func TestF_PAY_07_StripeDeclineIsDefinite(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status   int
		body     string
		declined bool
	}{
		{402, `{"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds","message":"Your card has insufficient funds."}}`, true},
		{400, `{"error":{"type":"invalid_request_error","message":"No such customer"}}`, false},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(c.status)
			_, _ = w.Write([]byte(c.body))
		}))
		p := NewStripe("sk_test_123", "whsec_test", srv.URL)
		_, err := p.ChargeOffSession(context.Background(), OffSessionCharge{CustomerID: "cus_1", PaymentMethodID: "pm_1", AmountCents: 100, Currency: "USD", Key: "vch-1"})
		srv.Close()
		if err == nil || errors.Is(err, ErrCardDeclined) != c.declined {
			t.Errorf("status %d: %v, declined %v", c.status, err, c.declined)
		}
	}
}
