package payments

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/stripe/stripe-go/v86"

	"circle/internal/ids"
)

// Payouts opens and reads the accounts the platform pays out to (creators, issue 30 item 7,
// F-AREA-02). With Stripe they are Connect Express accounts: Stripe's hosted onboarding collects
// the identity and bank details. The built-in provider takes the documented test bank numbers on
// a test-mode form instead. Either way the bank numbers stay at the provider: the app keeps the
// account's id, its status and the bank account's last four digits.
type Payouts interface {
	Name() string
	// CreatePayoutAccount opens an account for the user at the provider (Stripe: an Express
	// account with the transfers capability requested). The key makes a repeated call one account.
	CreatePayoutAccount(ctx context.Context, r PayoutAccountRequest) (PayoutAccount, error)
	// PayoutOnboardingLink is the address of the provider's onboarding for the account; the
	// user comes back to returnURL, or to refreshURL when the link expired.
	PayoutOnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error)
	// GetPayoutAccount reads the account's status at the provider.
	GetPayoutAccount(ctx context.Context, accountID string) (PayoutAccount, error)
	// TestBankAccount opens a test-mode account with test bank numbers (the built-in provider
	// only; Stripe answers ErrNotTestMode: its hosted onboarding takes the numbers).
	TestBankAccount(ctx context.Context, r TestBankRequest) (PayoutAccount, error)
}

// PayoutAccountRequest asks for a payout account.
type PayoutAccountRequest struct {
	UserID, Email string
	// Country is the ISO code of the account's country (US).
	Country        string
	IdempotencyKey string
}

// TestBankRequest is the test-mode form: the numbers pass through to the provider, never stored.
type TestBankRequest struct {
	UserID, HolderName, RoutingNumber, AccountNumber string
}

// PayoutAccount is an account at the provider as the app keeps it.
type PayoutAccount struct {
	ID               string
	DetailsSubmitted bool
	PayoutsEnabled   bool
	// BankLast4 is the last four digits of the bank account on file ("" when none is known).
	BankLast4 string
}

// ErrNotTestMode refuses the test-mode form when a real provider is configured.
var ErrNotTestMode = errors.New("payouts: the test-mode bank form is only for the built-in provider")

// ErrTestBank is a test bank number the built-in provider refuses (its message says which to use).
var ErrTestBank = errors.New("payouts: use the test bank numbers")

// ErrTestBankNoAccount is the test account number that stands for an account that does not
// exist at the bank (Stripe's 000111111116).
var ErrTestBankNoAccount = errors.New("payouts: the bank has no account with this number")

// The built-in provider's test bank numbers, Stripe's own test numbers: the routing number
// 110000000 with the account 000123456789 succeeds, 000111111116 is an account the bank does not
// have. Any other number is refused: test mode takes no real bank details.
const (
	TestRoutingNumber       = "110000000"
	TestAccountNumber       = "000123456789"
	TestAccountNumberNoAcct = "000111111116"
)

// BuiltInPayoutAccountID is the built-in provider's account id of a user.
func BuiltInPayoutAccountID(userID string) string { return "acct_builtin_" + userID }

// CreatePayoutAccount makes the built-in account's id; it has no details until the test form.
func (b *BuiltIn) CreatePayoutAccount(_ context.Context, r PayoutAccountRequest) (PayoutAccount, error) {
	return PayoutAccount{ID: BuiltInPayoutAccountID(r.UserID)}, nil
}

// PayoutOnboardingLink is the app's own payout page: the built-in provider's form is there.
func (b *BuiltIn) PayoutOnboardingLink(_ context.Context, _, _, returnURL string) (string, error) {
	return returnURL, nil
}

// GetPayoutAccount answers the built-in account as the test form left it: the app keeps its
// status, so there is nothing more to read.
func (b *BuiltIn) GetPayoutAccount(_ context.Context, accountID string) (PayoutAccount, error) {
	return PayoutAccount{ID: accountID, DetailsSubmitted: true, PayoutsEnabled: true}, nil
}

// TestBankAccount checks the test numbers and opens the account: payouts enabled, the last four
// digits kept.
func (b *BuiltIn) TestBankAccount(_ context.Context, r TestBankRequest) (PayoutAccount, error) {
	routing, account := onlyDigits(r.RoutingNumber), onlyDigits(r.AccountNumber)
	if strings.TrimSpace(r.HolderName) == "" || routing != TestRoutingNumber {
		return PayoutAccount{}, ErrTestBank
	}
	switch account {
	case TestAccountNumber:
		return PayoutAccount{ID: BuiltInPayoutAccountID(r.UserID) + "_" + strings.ToLower(ids.Token(6)), DetailsSubmitted: true, PayoutsEnabled: true,
			BankLast4: account[len(account)-4:]}, nil
	case TestAccountNumberNoAcct:
		return PayoutAccount{}, ErrTestBankNoAccount
	}
	return PayoutAccount{}, ErrTestBank
}

// CreatePayoutAccount creates a Connect Express account for the user, US, with the transfers
// capability requested (the platform sends creators their earnings).
func (s *Stripe) CreatePayoutAccount(ctx context.Context, r PayoutAccountRequest) (PayoutAccount, error) {
	country := r.Country
	if country == "" {
		country = "US"
	}
	p := &stripe.AccountCreateParams{
		Type:     stripe.String(string(stripe.AccountTypeExpress)),
		Country:  stripe.String(country),
		Metadata: map[string]string{MetaUser: r.UserID, MetaKind: "creator_payouts"},
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
	}
	if r.Email != "" {
		p.Email = stripe.String(r.Email)
	}
	if r.IdempotencyKey != "" {
		p.SetIdempotencyKey(r.IdempotencyKey)
	}
	a, err := s.client.V1Accounts.Create(ctx, p)
	if err != nil {
		return PayoutAccount{}, fmt.Errorf("stripe connect account: %w", err)
	}
	if a.ID == "" {
		return PayoutAccount{}, fmt.Errorf("stripe connect account: no id in the answer")
	}
	return accountOf(a), nil
}

// PayoutOnboardingLink creates an Account Link of type account_onboarding (Stripe's hosted
// Express onboarding).
func (s *Stripe) PayoutOnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	if accountID == "" {
		return "", fmt.Errorf("stripe account link: no account")
	}
	l, err := s.client.V1AccountLinks.Create(ctx, &stripe.AccountLinkCreateParams{Account: stripe.String(accountID),
		RefreshURL: stripe.String(refreshURL), ReturnURL: stripe.String(returnURL), Type: stripe.String("account_onboarding")})
	if err != nil {
		return "", fmt.Errorf("stripe account link: %w", err)
	}
	if l.URL == "" {
		return "", fmt.Errorf("stripe account link: no url in the answer")
	}
	return l.URL, nil
}

// GetPayoutAccount retrieves the account: details submitted, payouts enabled, the bank's last 4.
func (s *Stripe) GetPayoutAccount(ctx context.Context, accountID string) (PayoutAccount, error) {
	a, err := s.client.V1Accounts.GetByID(ctx, accountID, nil)
	if err != nil {
		return PayoutAccount{}, fmt.Errorf("stripe retrieve account: %w", err)
	}
	return accountOf(a), nil
}

// TestBankAccount is refused: Stripe's hosted onboarding collects the bank details.
func (s *Stripe) TestBankAccount(context.Context, TestBankRequest) (PayoutAccount, error) {
	return PayoutAccount{}, ErrNotTestMode
}

func accountOf(a *stripe.Account) PayoutAccount {
	out := PayoutAccount{ID: a.ID, DetailsSubmitted: a.DetailsSubmitted, PayoutsEnabled: a.PayoutsEnabled}
	if a.ExternalAccounts != nil {
		for _, x := range a.ExternalAccounts.Data {
			if x != nil && x.BankAccount != nil && x.BankAccount.Last4 != "" {
				out.BankLast4 = x.BankAccount.Last4
				break
			}
		}
	}
	return out
}
