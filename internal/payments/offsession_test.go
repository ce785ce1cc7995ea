package payments

import (
	"context"
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
