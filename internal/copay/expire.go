package copay

import (
	"context"
	"fmt"
	"time"

	"circle/internal/jobs"
	"circle/internal/notices"
)

// ExpireKind is the recurring job that closes unanswered requests (02§9 "Request response
// window 3 days").
const ExpireKind = "copay.expire_requests"

// ExpireEvery is how often the job runs: a request is expired at most this long after its
// expires_at (the decision path already refuses a pending request past expires_at).
const ExpireEvery = time.Minute

// expireBatch bounds one run; the next run takes the rest.
const expireBatch = 500

// ExpireDue marks every pending request past its expires_at as expired, each in its own
// transaction with its event row (actor ”) and the agent's in-app notice, then e-mails the
// agents. A request decided meanwhile is left alone (the conditional update), so a run repeated
// after a crash changes nothing twice. It also sends any notice e-mail an earlier run or a
// decision left unsent.
func (s *VendorService) ExpireDue(ctx context.Context) error {
	now := s.Now().UTC()
	due, err := s.Store.DueCoPayRequests(ctx, now, expireBatch)
	if err != nil {
		return fmt.Errorf("due co-pay requests: %w", err)
	}
	expired := 0
	for _, id := range due {
		var notice *notices.Notification
		err := s.Store.InTx(ctx, func(ctx context.Context) error {
			cur, err := s.Store.LockCoPayRequestForDecision(ctx, id)
			if err != nil {
				return err
			}
			if cur.Status != StatusPending || now.Before(cur.ExpiresAt) {
				return nil
			}
			next := cur
			next.Status, next.UpdatedAt = StatusExpired, now
			ev := Event{RequestID: cur.ID, Status: StatusExpired, ActorID: "", SplitPercentage: cur.RequestedSplit,
				VendorShareCents: cur.VendorShareCents, AgentShareCents: cur.AgentShareCents, Explanation: cur.Explanation, CreatedAt: now}
			ok, err := s.Store.CloseCoPayRequest(ctx, next, ev, now)
			if err != nil || !ok {
				return err
			}
			inc, err := s.Store.CoPayRequestForVendorIn(ctx, id)
			if err != nil {
				return err
			}
			n := noticeOf(inc, now)
			notice = &n
			return s.Store.InsertNotification(ctx, n)
		})
		if err != nil {
			return fmt.Errorf("expire co-pay request %s: %w", id, err)
		}
		if notice != nil {
			expired++
			s.sendNoticeEmail(ctx, *notice)
		}
	}
	if expired > 0 && s.Logger != nil {
		s.Logger.Info("co-pay requests expired", "count", expired)
	}
	return s.SendUnsent(ctx)
}

// RegisterJobs registers the vendor side's recurring expiry, once a minute across replicas.
func RegisterJobs(r *jobs.Runner, s *VendorService) {
	r.Every(ExpireKind, ExpireEvery, func(ctx context.Context, _ jobs.Job) error { return s.ExpireDue(ctx) })
}
