package billing

import (
	"context"
	"fmt"

	"circle/internal/checkout"
	"circle/internal/jobs"
	"circle/internal/payments"
)

// CloseDuplicateKind cancels at the provider a membership closed as a duplicate (a second
// payment page paid while the member had a live membership) and refunds the payment that
// would have made it live.
const CloseDuplicateKind = "billing.close_duplicate"

// Enqueuer queues a job in the caller's transaction (jobs.Runner).
type Enqueuer interface {
	Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error)
}

// RegisterJobs registers the billing jobs with the runner.
func RegisterJobs(r *jobs.Runner, s *Service) {
	r.Handle(CloseDuplicateKind, s.runCloseDuplicate)
}

// closeDuplicateJob is the payload of CloseDuplicateKind: what the provider needs to cancel
// the membership and refund its payment.
type closeDuplicateJob struct {
	SubscriptionID         string `json:"subscription_id"`
	ProviderSubscriptionID string `json:"provider_subscription_id,omitempty"`
	CustomerID             string `json:"customer_id,omitempty"`
	PaymentIntentID        string `json:"payment_intent_id,omitempty"`
	AmountCents            int64  `json:"amount_cents"`
	Currency               string `json:"currency"`
}

// queueCloseDuplicate queues, in the caller's transaction, the closing of sub at the provider
// (one job per membership: its key).
func (s *Service) queueCloseDuplicate(ctx context.Context, sub Subscription, f payments.Fact) error {
	if s.Jobs == nil {
		s.Logger.Error("no job runner: cancel and refund the duplicate membership by hand", "subscription_id", sub.ID)
		return nil
	}
	providerSub := sub.ProviderSubscriptionID
	if providerSub == "" {
		providerSub = f.ProviderSubscriptionID
	}
	customer := sub.ProviderCustomerID
	if customer == "" {
		customer = f.CustomerID
	}
	j, err := jobs.New(CloseDuplicateKind, closeDuplicateJob{SubscriptionID: sub.ID, ProviderSubscriptionID: providerSub,
		CustomerID: customer, PaymentIntentID: f.PaymentIntentID, AmountCents: sub.AmountCents, Currency: sub.Currency})
	if err != nil {
		return err
	}
	j.Key = CloseDuplicateKind + ":" + sub.ID
	if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
		return fmt.Errorf("queue closing duplicate membership %s: %w", sub.ID, err)
	}
	return nil
}

// runCloseDuplicate cancels the duplicate at the provider so it charges no renewal, then
// refunds its payment (the membership's id is the idempotency key: a repeated run refunds
// once). A payment the event did not name (Stripe's subscription pages pay through an
// invoice) is left to the operator, who is told in the log.
func (s *Service) runCloseDuplicate(ctx context.Context, j jobs.Job) error {
	var p closeDuplicateJob
	if err := j.Decode(&p); err != nil {
		return err
	}
	if p.ProviderSubscriptionID != "" {
		ref := payments.SubscriptionRef{ID: p.SubscriptionID, ProviderSubscriptionID: p.ProviderSubscriptionID, ProviderCustomerID: p.CustomerID}
		if err := s.Payments.Cancel(ctx, ref, CancelDuplicate, ""); err != nil {
			return fmt.Errorf("cancel duplicate membership %s at the provider: %w", p.SubscriptionID, err)
		}
	}
	if p.PaymentIntentID == "" {
		s.Logger.Error("duplicate membership cancelled; its payment has no payment id here: refund it at the provider",
			"subscription_id", p.SubscriptionID, "provider_subscription_id", p.ProviderSubscriptionID)
		return nil
	}
	if _, err := s.Payments.Refund(ctx, payments.RefundRequest{PaymentIntentID: p.PaymentIntentID, AmountCents: p.AmountCents,
		Currency: p.Currency, Key: "duplicate-membership-" + p.SubscriptionID, Reason: "duplicate"}); err != nil {
		return fmt.Errorf("refund duplicate membership %s: %w", p.SubscriptionID, err)
	}
	return nil
}

// expireReplacedPage queues, in the caller's transaction, the expiry at the provider of the
// page of an attempt a new one replaced (the built-in page reads the app's own state).
func (s *Service) expireReplacedPage(ctx context.Context, sessionID string) error {
	if s.TestMode() || s.Jobs == nil {
		return nil
	}
	j, err := checkout.ExpireSessionJob(sessionID)
	if err != nil {
		return err
	}
	if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
		return fmt.Errorf("queue expiring replaced page %s: %w", sessionID, err)
	}
	return nil
}
