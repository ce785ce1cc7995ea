package billing

import (
	"context"
	"fmt"
	"time"

	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// The membership side of payment events. checkout.Service receives every event and calls these
// inside its transaction (they implement checkout.Memberships); the built-in clock raises its
// own events here.

// persist writes what a rule decided about a locked membership, on the event f. A membership
// that a payment made live while its member already has another live one is closed as a
// duplicate instead (two payment pages paid): the database allows one live membership per
// member (migration 0010), and the member keeps the one that was live first. The duplicate is
// cancelled at the provider and its payment refunded by a job queued in the same transaction
// (CloseDuplicateKind), so it neither charges again nor keeps the money.
func (s *Service) persist(ctx context.Context, wasLive bool, sub Subscription, e Effect, f payments.Fact, now time.Time) error {
	if e == Unchanged {
		return nil
	}
	if !wasLive && Live(sub.Status) {
		other, err := s.Store.OtherLiveSubscription(ctx, sub.UserID, sub.ID)
		if err != nil {
			return err
		}
		if other != nil {
			Supersede(&sub, now)
			e = ChangedPro
			s.Logger.Warn("a second membership was paid while one is live: closed as a duplicate, to be cancelled and refunded",
				"subscription_id", sub.ID, "live_subscription_id", other.ID, "user_id", sub.UserID, "provider", sub.Provider,
				"provider_subscription_id", sub.ProviderSubscriptionID)
			if err := s.queueCloseDuplicate(ctx, sub, f); err != nil {
				return err
			}
		}
	}
	if err := s.Store.SaveSubscription(ctx, sub); err != nil {
		return err
	}
	if e == ChangedPro {
		return s.Store.SyncProMember(ctx, sub.UserID, now)
	}
	return nil
}

// ApplySessionOutcome applies the end of a membership's first payment page, inside the
// caller's transaction.
func (s *Service) ApplySessionOutcome(ctx context.Context, subscriptionID string, f payments.Fact) error {
	sub, err := s.Store.LockSubscription(ctx, subscriptionID, "")
	if err != nil || sub == nil {
		return err
	}
	now, wasLive := s.Now(), Live(sub.Status)
	return s.persist(ctx, wasLive, *sub, ApplySessionOutcome(sub, f, now), f, now)
}

// ApplyFact applies an invoice or subscription event to its membership, inside the caller's
// transaction. Events about memberships this database does not have change nothing.
func (s *Service) ApplyFact(ctx context.Context, f payments.Fact) error {
	if f.Invoice == nil && f.Subscription == nil {
		return nil
	}
	sub, err := s.Store.LockSubscription(ctx, f.Ref, f.ProviderSubscriptionID)
	if err != nil || sub == nil {
		return err
	}
	now, wasLive := s.Now(), Live(sub.Status)
	if f.Invoice != nil {
		inv := NewInvoice(*sub, *f.Invoice, now)
		if err := s.Store.InsertInvoice(ctx, inv); err != nil {
			return err
		}
		if inv.Status == InvoicePaid && s.Conversions != nil {
			if err := s.Conversions.InvoicePaid(ctx, inv.ID, inv.UserID, inv.AmountUSDCents, now); err != nil {
				return err
			}
		}
		return s.persist(ctx, wasLive, *sub, ApplyInvoice(sub, f, now), f, now)
	}
	return s.persist(ctx, wasLive, *sub, ApplySubscriptionFact(sub, f, now), f, now)
}

// applyBuiltIn applies an event the built-in provider raises, exactly once by its id.
func (s *Service) applyBuiltIn(ctx context.Context, id, typ string, object any) error {
	f, err := payments.BuiltInFact(id, typ, s.Now(), object)
	if err != nil {
		return err
	}
	return s.Store.InTx(ctx, func(ctx context.Context) error {
		fresh, err := s.Store.RecordPaymentEvent(ctx, payments.NameBuiltIn, f.EventID, f.Type, s.Now())
		if err != nil || !fresh {
			return err
		}
		return s.ApplyFact(ctx, f)
	})
}

// RenewDue plays the built-in provider's billing clock for one member ("" for everyone):
// renewals, ends of cancelled periods and ends of pauses, each as the event Stripe would send,
// with an id fixed by what fell due so that several replicas apply each exactly once. Stripe
// keeps its own clock: with it, this does nothing.
func (s *Service) RenewDue(ctx context.Context, userID string) error {
	if !s.TestMode() {
		return nil
	}
	now := s.Now()
	// A membership far behind (the server was off) catches up one step per round.
	for round := 0; round < 40; round++ {
		due, err := s.Store.DueBuiltInSubscriptions(ctx, now, userID, 200)
		if err != nil {
			return err
		}
		moved := 0
		for _, sub := range due {
			d, ok := NextDue(sub, now)
			if !ok {
				continue
			}
			id, typ, object := DueEvent(sub, d)
			if err := s.applyBuiltIn(ctx, id, typ, object); err != nil {
				return fmt.Errorf("apply %s: %w", id, err)
			}
			moved++
		}
		if moved == 0 {
			return nil
		}
	}
	return nil
}

// FirstInvoice records a built-in membership's first payment as its first invoice.
func (s *Service) FirstInvoice(ctx context.Context, subscriptionID string) error {
	sub, err := s.Store.SubscriptionByID(ctx, subscriptionID)
	if err != nil {
		return err
	}
	id, typ, object, ok := FirstInvoiceEvent(sub)
	if !ok {
		return nil
	}
	return s.applyBuiltIn(ctx, id, typ, object)
}

// PaymentPage is what the built-in payment page shows of a membership's first payment.
func (s *Service) PaymentPage(ctx context.Context, subscriptionID string) (checkout.MembershipPage, error) {
	sub, err := s.Store.SubscriptionByID(ctx, subscriptionID)
	if err != nil {
		return checkout.MembershipPage{}, err
	}
	primary := pricing.Converter{Currency: pricing.Currency(sub.Currency), RateE4: sub.USDToCADRateE4}.Convert(Price(sub.Interval, 1))
	p := checkout.MembershipPage{Interval: sub.Interval, AwaitingPayment: sub.Status == StatusIncomplete,
		Lines: []checkout.PageLine{{Name: PlanName + " - primary seat", Quantity: 1, AmountCents: primary}}}
	if sub.Seats > 1 {
		p.Lines = append(p.Lines, checkout.PageLine{Name: PlanName + " - extra seats", Quantity: int64(sub.Seats - 1), AmountCents: sub.AmountCents - primary})
	}
	return p, nil
}
