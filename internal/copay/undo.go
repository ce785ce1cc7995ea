package copay

import (
	"context"
	"time"

	"circle/internal/apperr"
	"circle/internal/respa"
)

// UndoWindow is how long a vendor may undo an approval (issue 28 item 12). The approval is
// applied at once (it cannot be lost with a closed tab); within the window POST .../undo puts the
// request back to pending, once (a conditional update on the approved row decided within the
// window: an undo after the window, after the agent used the approval, or a second undo changes
// nothing and answers 409). The agent's in-app notice is removed and its e-mail, which waits out
// the window, is never sent.
const UndoWindow = 10 * time.Second

// Undo takes back an approval within UndoWindow: the request is pending again with the split,
// shares and explanation it had while pending, an "undone" event records who and when, and the
// agent's approval notice is removed. Another vendor's request is 404; anything else 409.
func (s *VendorService) Undo(ctx context.Context, userID, requestID, lang string) (IncomingView, error) {
	r, svc, err := s.ownedRequest(ctx, userID, requestID)
	if err != nil {
		return IncomingView{}, err
	}
	now := s.Now().UTC()
	var reopened Incoming
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.Store.LockCoPayRequestForDecision(ctx, r.ID)
		if err != nil {
			return err
		}
		if cur.Status != StatusApproved || cur.DecidedAt == nil || !now.Before(cur.DecidedAt.Add(UndoWindow)) {
			return apperr.New(apperr.Conflict, MsgUndoClosed)
		}
		pending, err := s.Store.LastCoPayEventIn(ctx, r.ID, StatusPending)
		if err != nil {
			return err
		}
		next := cur
		next.Status, next.ApprovedSplit, next.DecisionNote, next.DecidedBy, next.DecidedAt, next.UpdatedAt =
			StatusPending, nil, "", "", nil, now
		next.VendorShareCents, next.AgentShareCents, next.Explanation = pending.VendorShareCents, pending.AgentShareCents, pending.Explanation
		ev := Event{RequestID: r.ID, Status: EventUndone, ActorID: userID, SplitPercentage: cur.RequestedSplit,
			VendorShareCents: next.VendorShareCents, AgentShareCents: next.AgentShareCents, Explanation: next.Explanation, Note: "approval undone", CreatedAt: now}
		ok, err := s.Store.ReopenCoPayRequest(ctx, next, ev, now.Add(-UndoWindow))
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, MsgUndoClosed)
		}
		if _, err := s.Store.DeleteUnsentNotification(ctx, r.AgentID, NoticeApproved+":"+r.ID); err != nil {
			return err
		}
		reopened = r
		reopened.Request = next
		return nil
	})
	if err != nil {
		return IncomingView{}, err
	}
	return viewOf(reopened, respa.TermsOf(svc), lang), nil
}

// EventUndone is the event of an approval taken back within UndoWindow.
const EventUndone = "undone"
