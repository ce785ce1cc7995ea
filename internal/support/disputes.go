package support

import (
	"context"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
)

// Dispute opens a dispute on one of the member's own paid orders, within 30 days of its
// payment (by the injected clock), as a ticket of kind dispute e-mailed to support. An unknown
// order and another member's are refused alike (order_id: nothing tells that it exists); so
// are an unpaid order, one paid more than 30 days ago and one whose dispute is still in
// progress. A refused dispute stores and sends nothing.
func (s *Service) Dispute(ctx context.Context, who Requester, in DisputeInput) (TicketView, error) {
	if who.UserID == "" {
		return TicketView{}, apperr.New(apperr.Unauthenticated, "Please sign in to continue.")
	}
	d, err := CheckDispute(in)
	if err != nil {
		return TicketView{}, err
	}
	order, found, err := s.Store.OrderForDispute(ctx, d.OrderID)
	if err != nil {
		return TicketView{}, err
	}
	now := s.Now().UTC()
	if err := DisputeAllowed(order, found, who.UserID, now); err != nil {
		return TicketView{}, err
	}
	if err := s.limit(ctx, s.Limiter, who.Key); err != nil {
		return TicketView{}, err
	}
	t := Ticket{ID: ids.New(), UserID: who.UserID, Email: who.Email, Subject: "Dispute for order " + order.Number, Message: d.Details,
		Kind: KindDispute, OrderID: order.ID, Reason: d.Reason, Evidence: d.Evidence, CurrentPage: "/dispute-resolution",
		Status: StatusOpen, CreatedAt: now, UpdatedAt: now}
	if err := s.storeAndMail(ctx, t, order.Number); err != nil {
		return TicketView{}, err
	}
	return TicketView{Ticket: t, OrderNumber: order.Number, Replies: []TicketReply{}}, nil
}

// DisputeAllowed is the dispute rule: the order exists, is the member's, is paid (a refunded
// order was settled already), and was paid no more than DisputeWindowDays before now.
func DisputeAllowed(o PaidOrder, found bool, userID string, now time.Time) error {
	switch {
	case !found || o.UserID != userID:
		return apperr.Field("order_id", "support.dispute.notYours", MsgOrderNotYours)
	case o.Status != "paid" || o.PaidAt == nil:
		return apperr.Field("order_id", "support.dispute.notPaid", MsgOrderNotPaid)
	case now.Sub(*o.PaidAt) > DisputeWindowDays*24*time.Hour:
		return apperr.Field("order_id", "support.dispute.window", MsgWindowPassed)
	}
	return nil
}
