package checkout

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
	"circle/internal/payments"
)

// Staff refunds (issue 31 item 7, F-AREA-03).
const (
	// RefundReasonStaff is the order_refunds reason of a refund an administrator issued; the
	// administrator's own words are kept in the audit entry.
	RefundReasonStaff = "staff"
	// ActionRefund is the audit action of a staff refund.
	ActionRefund   = "order.refund"
	AuditKindOrder = "order"
	KeyNotPaid     = "order.refund.not_paid"
	MsgNotPaid     = "Only a paid order can be refunded."
)

// StaffRefund is what a staff refund did. Replayed: the order was refunded before and nothing
// changed.
type StaffRefund struct {
	Order      Order
	PointsBack int64
	Replayed   bool
}

// RefundOrder gives a paid order's money back in full through the payment provider (outside
// any transaction; the idempotency key is the order, so a repeated request refunds once at the
// provider), then in one transaction records the refund (order_refunds), moves the order to
// refunded (its refund entry in the money record, its points given back, its co-pay shares
// reversed) and appends the audit entry with the reason. A refunded order answers as it is.
func (s *Service) RefundOrder(ctx context.Context, actor audit.Actor, orderID, reason string) (StaffRefund, error) {
	o, err := s.Store.OrderByID(ctx, s.Store.Pool(), orderID)
	if err != nil {
		return StaffRefund{}, err
	}
	if o.Status == Refunded {
		return StaffRefund{Order: o, Replayed: true}, nil
	}
	if o.Status != Paid {
		return StaffRefund{}, notPaid()
	}
	refundID := ""
	if o.TotalCents > 0 && o.PaymentIntentID != "" {
		if s.Payments == nil {
			return StaffRefund{}, ErrNoProvider
		}
		res, err := s.Payments.Refund(ctx, payments.RefundRequest{PaymentIntentID: o.PaymentIntentID, AmountCents: o.TotalCents,
			Currency: o.Currency, Key: "refund-order-" + o.ID, Reason: "requested_by_customer"})
		if err != nil {
			return StaffRefund{}, fmt.Errorf("refund order %s at the provider: %w", o.ID, err)
		}
		refundID = res.ID
	}
	out := StaffRefund{}
	err = s.Store.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.Store.LockCheckout(ctx, tx, o.UserID); err != nil {
			return err
		}
		locked, err := s.Store.LockOrder(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if locked == nil {
			return apperr.New(apperr.NotFound, "order not found")
		}
		if locked.Status == Refunded {
			out = StaffRefund{Order: *locked, Replayed: true}
			return nil
		}
		if locked.Status != Paid {
			return notPaid()
		}
		before := *locked
		page := locked.CheckoutSessionID
		if page == "" {
			page = "order:" + locked.ID // a points-only order had no payment page
		}
		if err := s.Store.InsertOrderRefund(ctx, tx, OrderRefund{ID: ids.New(), OrderID: locked.ID, UserID: locked.UserID,
			CheckoutSessionID: page, Provider: locked.Provider, ProviderRefundID: refundID, PaymentIntentID: locked.PaymentIntentID,
			Currency: locked.Currency, AmountCents: locked.TotalCents, Reason: RefundReasonStaff, CreatedAt: s.Now()}); err != nil {
			return err
		}
		if err := s.moveOrder(ctx, tx, locked, OutcomeRefunded, payments.Fact{}); err != nil {
			return err
		}
		rec, err := audit.New(actor, ActionRefund, AuditKindOrder, locked.ID,
			map[string]any{"status": before.Status, "total_cents": before.TotalCents, "currency": before.Currency},
			map[string]any{"status": locked.Status, "refund_id": refundID, "reason": reason, "points_back": locked.PointsUsed})
		if err != nil {
			return err
		}
		rec.At = s.Now()
		if err := s.Store.AppendAudit(ctx, tx, rec); err != nil {
			return err
		}
		out = StaffRefund{Order: *locked, PointsBack: locked.PointsUsed}
		return nil
	})
	return out, err
}

func notPaid() error {
	return &apperr.Error{Code: apperr.Conflict, Message: MsgNotPaid, Fields: []apperr.FieldError{{Field: "order_id", Key: KeyNotPaid, Message: MsgNotPaid}}}
}
