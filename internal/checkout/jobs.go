package checkout

import (
	"context"
	"errors"
	"fmt"

	"circle/internal/jobs"
)

// RegisterJobs registers checkout's background work with the runner: the payment page of a
// new order, the expiry at the provider of a replaced page, the refund of a late payment, and
// the sweeper of abandoned orders.
func RegisterJobs(r *jobs.Runner, s *Service) {
	r.Handle(CreateSessionKind, s.runCreateSession)
	r.Handle(RefundKind, (&Refunds{Checkout: s}).runLateRefund)
	r.Handle(ExpireSessionKind, func(ctx context.Context, j jobs.Job) error {
		var p expireSessionJob
		if err := j.Decode(&p); err != nil {
			return err
		}
		return s.Payments.ExpireCheckout(ctx, p.SessionID)
	})
	r.Every(AbandonedKind, AbandonedEvery, func(ctx context.Context, _ jobs.Job) error {
		return s.ExpireAbandoned(ctx)
	})
}

// runCreateSession creates an order's payment page unless it has one or ended meanwhile.
func (s *Service) runCreateSession(ctx context.Context, j jobs.Job) error {
	var p sessionJob
	if err := j.Decode(&p); err != nil {
		return err
	}
	o, err := s.Store.OrderByID(ctx, p.OrderID)
	if err != nil {
		return err
	}
	_, _, err = s.ensureSession(ctx, o, nil, p.Email, p.Lang)
	if errors.Is(err, errOrderEnded) {
		return nil
	}
	return err
}

// ExpireAbandoned is the sweeper: pending orders that never got a payment page within
// SessionlessTimeout (their process died and the job kept failing), or whose page is past
// SessionTTL, expire with their pages. Each order is rechecked under its lock, so a replica
// running it twice, or a payment at the same moment, changes nothing twice.
func (s *Service) ExpireAbandoned(ctx context.Context) error {
	now := s.Now()
	sessionlessBefore, openBefore := now.Add(-SessionlessTimeout), now.Add(-SessionTTL)
	due, err := s.Store.OrdersToExpire(ctx, sessionlessBefore, openBefore, 200)
	if err != nil {
		return err
	}
	for _, d := range due {
		err := s.Store.InTx(ctx, func(ctx context.Context) error {
			o, err := s.lockOrder(ctx, d.UserID, d.ID)
			if err != nil || o == nil || o.Status != Pending {
				return err
			}
			if !o.CreatedAt.Before(openBefore) && (o.CheckoutSessionID != "" || !o.CreatedAt.Before(sessionlessBefore)) {
				return nil
			}
			return s.expireOrder(ctx, o)
		})
		if err != nil {
			return fmt.Errorf("expire abandoned order %s: %w", d.ID, err)
		}
	}
	return nil
}
