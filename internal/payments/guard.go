package payments

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrInsideTransaction refuses a provider call made while a database transaction is open: the
// call could hold the transaction's locks (on SQLite, the only write lock) for as long as the
// provider takes. Services read, call the provider, then write in a short transaction
// (docs/adr/0007-services-and-transactions.md).
var ErrInsideTransaction = errors.New("payment provider called inside a database transaction")

// Guard wraps a provider so that every call out fails with ErrInsideTransaction when insideTx
// reports an open transaction (store.InsideTx). The app wires every provider through it, so
// the API tests prove that no path calls out inside a transaction.
func Guard(p Provider, insideTx func(context.Context) bool) Provider {
	return guarded{p: p, insideTx: insideTx}
}

type guarded struct {
	p        Provider
	insideTx func(context.Context) bool
}

func (g guarded) check(ctx context.Context, what string) error {
	if g.insideTx(ctx) {
		return fmt.Errorf("%s: %w", what, ErrInsideTransaction)
	}
	return nil
}

func (g guarded) Name() string          { return g.p.Name() }
func (g guarded) WebhookSecret() string { return g.p.WebhookSecret() }

func (g guarded) CreateCheckout(ctx context.Context, r CheckoutRequest) (Session, error) {
	if err := g.check(ctx, "create checkout"); err != nil {
		return Session{}, err
	}
	return g.p.CreateCheckout(ctx, r)
}

func (g guarded) CreatePortal(ctx context.Context, userID, customerID, returnURL string) (string, error) {
	if err := g.check(ctx, "create portal"); err != nil {
		return "", err
	}
	return g.p.CreatePortal(ctx, userID, customerID, returnURL)
}

func (g guarded) Pause(ctx context.Context, ref SubscriptionRef, resumesAt time.Time) error {
	if err := g.check(ctx, "pause"); err != nil {
		return err
	}
	return g.p.Pause(ctx, ref, resumesAt)
}

func (g guarded) Resume(ctx context.Context, ref SubscriptionRef) error {
	if err := g.check(ctx, "resume"); err != nil {
		return err
	}
	return g.p.Resume(ctx, ref)
}

func (g guarded) Discount(ctx context.Context, ref SubscriptionRef, percent, months int, name string) error {
	if err := g.check(ctx, "discount"); err != nil {
		return err
	}
	return g.p.Discount(ctx, ref, percent, months, name)
}

func (g guarded) Cancel(ctx context.Context, ref SubscriptionRef, reason, feedback string) error {
	if err := g.check(ctx, "cancel"); err != nil {
		return err
	}
	return g.p.Cancel(ctx, ref, reason, feedback)
}

func (g guarded) ExpireCheckout(ctx context.Context, sessionID string) error {
	if err := g.check(ctx, "expire checkout"); err != nil {
		return err
	}
	return g.p.ExpireCheckout(ctx, sessionID)
}

func (g guarded) Refund(ctx context.Context, r RefundRequest) (RefundResult, error) {
	if err := g.check(ctx, "refund"); err != nil {
		return RefundResult{}, err
	}
	return g.p.Refund(ctx, r)
}

// Unwrap returns the provider inside a guard (the built-in portal page needs its key).
func Unwrap(p Provider) Provider {
	if g, ok := p.(guarded); ok {
		return g.p
	}
	return p
}

// GuardPayouts wraps a payout provider as Guard wraps a payment provider: every call out fails
// with ErrInsideTransaction inside a database transaction.
func GuardPayouts(p Payouts, insideTx func(context.Context) bool) Payouts {
	return guardedPayouts{p: p, insideTx: insideTx}
}

type guardedPayouts struct {
	p        Payouts
	insideTx func(context.Context) bool
}

func (g guardedPayouts) check(ctx context.Context, what string) error {
	if g.insideTx(ctx) {
		return fmt.Errorf("%s: %w", what, ErrInsideTransaction)
	}
	return nil
}

func (g guardedPayouts) Name() string { return g.p.Name() }

func (g guardedPayouts) CreatePayoutAccount(ctx context.Context, r PayoutAccountRequest) (PayoutAccount, error) {
	if err := g.check(ctx, "create payout account"); err != nil {
		return PayoutAccount{}, err
	}
	return g.p.CreatePayoutAccount(ctx, r)
}

func (g guardedPayouts) PayoutOnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	if err := g.check(ctx, "payout onboarding link"); err != nil {
		return "", err
	}
	return g.p.PayoutOnboardingLink(ctx, accountID, refreshURL, returnURL)
}

func (g guardedPayouts) GetPayoutAccount(ctx context.Context, accountID string) (PayoutAccount, error) {
	if err := g.check(ctx, "get payout account"); err != nil {
		return PayoutAccount{}, err
	}
	return g.p.GetPayoutAccount(ctx, accountID)
}

func (g guardedPayouts) TestBankAccount(ctx context.Context, r TestBankRequest) (PayoutAccount, error) {
	if err := g.check(ctx, "test bank account"); err != nil {
		return PayoutAccount{}, err
	}
	return g.p.TestBankAccount(ctx, r)
}
