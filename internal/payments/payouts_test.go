package payments

import (
	"context"
	"errors"
	"strings"
	"testing"

	"circle/internal/payments/stripemock"
)

// TestF_AREA_02_ConnectAgainstStripeMock runs the Connect calls of the Stripe provider against
// stripe-mock: an Express account, its onboarding link and its retrieval; the test-mode form is
// refused.
func TestF_AREA_02_ConnectAgainstStripeMock(t *testing.T) {
	t.Parallel()
	p := NewStripe("sk_test_123", "whsec_test", stripemock.Start(t))
	ctx := context.Background()
	a, err := p.CreatePayoutAccount(ctx, PayoutAccountRequest{UserID: "usr-1", Email: "creator@demo.test", IdempotencyKey: "payout-usr-1"})
	if err != nil || !strings.HasPrefix(a.ID, "acct_") {
		t.Fatalf("account: %+v %v", a, err)
	}
	link, err := p.PayoutOnboardingLink(ctx, a.ID, "http://localhost/creator-payment-setup?refresh=1", "http://localhost/creator-payment-setup?return=1")
	if err != nil || !strings.HasPrefix(link, "https://") {
		t.Fatalf("account link: %q %v", link, err)
	}
	if _, err := p.PayoutOnboardingLink(ctx, "", "http://localhost/r", "http://localhost/r"); err == nil {
		t.Fatal("a link without an account must fail")
	}
	got, err := p.GetPayoutAccount(ctx, a.ID)
	if err != nil || got.ID == "" {
		t.Fatalf("retrieve: %+v %v", got, err)
	}
	if _, err := p.TestBankAccount(ctx, TestBankRequest{UserID: "usr-1", HolderName: "A", RoutingNumber: TestRoutingNumber, AccountNumber: TestAccountNumber}); !errors.Is(err, ErrNotTestMode) {
		t.Fatalf("test form with Stripe: %v", err)
	}
}

// TestF_AREA_02_BuiltInTestBank: only the documented test numbers open an account; the last
// four digits are all that comes back of the number.
func TestF_AREA_02_BuiltInTestBank(t *testing.T) {
	t.Parallel()
	b := &BuiltIn{BaseURL: "http://localhost"}
	ctx := context.Background()
	ok, err := b.TestBankAccount(ctx, TestBankRequest{UserID: "usr-1", HolderName: "Brennan Media", RoutingNumber: "110 000 000", AccountNumber: TestAccountNumber})
	if err != nil || !ok.PayoutsEnabled || !ok.DetailsSubmitted || ok.BankLast4 != "6789" || !strings.HasPrefix(ok.ID, "acct_builtin_usr-1") {
		t.Fatalf("test account: %+v %v", ok, err)
	}
	for _, c := range []struct {
		req  TestBankRequest
		want error
	}{
		{TestBankRequest{UserID: "u", HolderName: "A", RoutingNumber: TestRoutingNumber, AccountNumber: TestAccountNumberNoAcct}, ErrTestBankNoAccount},
		{TestBankRequest{UserID: "u", HolderName: "A", RoutingNumber: "021000021", AccountNumber: TestAccountNumber}, ErrTestBank},
		{TestBankRequest{UserID: "u", HolderName: "A", RoutingNumber: TestRoutingNumber, AccountNumber: "123456789012"}, ErrTestBank},
		{TestBankRequest{UserID: "u", HolderName: " ", RoutingNumber: TestRoutingNumber, AccountNumber: TestAccountNumber}, ErrTestBank},
	} {
		if _, err := b.TestBankAccount(ctx, c.req); !errors.Is(err, c.want) {
			t.Errorf("%+v: %v, want %v", c.req, err, c.want)
		}
	}
	link, _ := b.PayoutOnboardingLink(ctx, "acct_builtin_u", "http://localhost/r", "http://localhost/creator-payment-setup")
	if link != "http://localhost/creator-payment-setup" {
		t.Fatalf("built-in link: %q", link)
	}
}
