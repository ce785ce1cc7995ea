package payments

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/payments/stripemock"
)

// TestF_PAY_07_VendorCardSetupAtStripe: a vendor's card on file at Stripe (stripe-mock): a
// customer for the vendor (idempotent on its key), a Checkout Session in setup mode for it, the
// card a completed SetupIntent saved (payment method, brand, last four, expiry), and detaching
// it. Through the guard, every call fails inside a transaction.
func TestF_PAY_07_VendorCardSetupAtStripe(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := NewStripe("sk_test_123", "whsec_test", stripemock.Start(t))
	cus, err := s.CreateCardCustomer(ctx, CardCustomerRequest{VendorID: "ven-1", Name: "ClosingBell Title", Email: "vendor@example.com", Key: "vendor-card-customer-ven-1"})
	if err != nil || !strings.HasPrefix(cus, "cus_") {
		t.Fatalf("customer %q %v", cus, err)
	}
	sess, err := s.CreateCardSetup(ctx, CardSetupRequest{VendorID: "ven-1", UserID: "usr-1", CustomerID: cus,
		SuccessURL: "https://circle.example/vendor-dashboard?card=saved", CancelURL: "https://circle.example/vendor-dashboard?card=canceled", Locale: "es-MX"})
	if err != nil || !strings.HasPrefix(sess.ID, "cs_") || !strings.HasPrefix(sess.URL, "https://") {
		t.Fatalf("setup session %+v %v", sess, err)
	}
	if _, err := s.CreateCardSetup(ctx, CardSetupRequest{VendorID: "ven-1"}); err == nil {
		t.Fatal("a setup page without a customer was made")
	}
	card, err := s.SetupCard(ctx, "seti_123")
	if err != nil || !strings.HasPrefix(card.PaymentMethodID, "pm_") || card.Brand == "" || len(card.Last4) != 4 || card.ExpMonth < 1 || card.ExpYear < 2000 {
		t.Fatalf("setup card %+v %v", card, err)
	}
	if err := s.DetachCard(ctx, card.PaymentMethodID); err != nil {
		t.Fatalf("detach: %v", err)
	}
	if err := s.DetachCard(ctx, "pm_builtin_ven-1_x"); err != nil {
		t.Fatalf("a built-in card is not Stripe's to detach: %v", err)
	}
	g := Guard(s, func(context.Context) bool { return true })
	if _, err := g.(CardSetups).CreateCardCustomer(ctx, CardCustomerRequest{VendorID: "ven-1"}); err == nil || !strings.Contains(err.Error(), ErrInsideTransaction.Error()) {
		t.Fatalf("inside a transaction: %v", err)
	}
}

// TestF_PAY_07_BuiltInCardSetup: the built-in provider's setup page is its own card page in the
// owner's language; its card page tokens name the vendor and the user, and expire.
func TestF_PAY_07_BuiltInCardSetup(t *testing.T) {
	t.Parallel()
	b := &BuiltIn{BaseURL: "http://circle.test", PortalKey: []byte("key")}
	sess, err := b.CreateCardSetup(context.Background(), CardSetupRequest{VendorID: "ven-closingbell", Locale: "fr-CA"})
	if err != nil || sess.URL != "http://circle.test/vendor-card/ven-closingbell?lang=fr" {
		t.Fatalf("built-in setup %+v %v", sess, err)
	}
	now := time.Now()
	tok := SignCardPageToken(b.PortalKey, "ven-closingbell", "usr-1", now.Add(time.Hour))
	if u, ok := VerifyCardPageToken(b.PortalKey, tok, "ven-closingbell", now); !ok || u != "usr-1" {
		t.Fatalf("token: %q %v", u, ok)
	}
	for name, check := range map[string]func() bool{
		"another vendor": func() bool { _, ok := VerifyCardPageToken(b.PortalKey, tok, "ven-harborline", now); return ok },
		"expired": func() bool {
			_, ok := VerifyCardPageToken(b.PortalKey, tok, "ven-closingbell", now.Add(2*time.Hour))
			return ok
		},
		"another key": func() bool { _, ok := VerifyCardPageToken([]byte("other"), tok, "ven-closingbell", now); return ok },
		"a page token": func() bool {
			_, ok := VerifyCardPageToken(b.PortalKey, SignPageToken(b.PortalKey, "ven-closingbell", now.Add(time.Hour)), "ven-closingbell", now)
			return ok
		},
	} {
		if check() {
			t.Errorf("%s: token accepted", name)
		}
	}
	if TestCardBrand("5555 5555 5555 4444") != "Mastercard" || TestCardBrand("4111 1111 1111 1111") != "" || CardBrandName("amex") != "American Express" {
		t.Fatal("test card brands")
	}
}
