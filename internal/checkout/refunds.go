package checkout

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
	"circle/internal/jobs"
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

// Refunds is the refund side of checkout: a staff refund of a paid order (in full or in part)
// and the refund of a late payment (the job RefundKind). It shares checkout's store, payment
// provider and order moves (moveOrder), so a refund reverses points and co-pay shares and writes
// its money entry exactly as the provider's own refund event does; it is its own type so
// checkout.Service keeps to the 40-method rule (issue 26).
type Refunds struct {
	Checkout *Service
	// Store keeps the partial refunds (nil: only full refunds).
	Store RefundStore
}

// StaffRefund is what a staff refund did. Replayed: the order was refunded before and nothing
// changed.
type StaffRefund struct {
	Order      Order
	PointsBack int64
	Replayed   bool
	// AmountCents is what this refund gave back: the total less earlier partial refunds.
	AmountCents int64
}

// RefundOrder gives a paid order's money back in full through the payment provider (outside
// any transaction; the idempotency key is the order, so a repeated request refunds once at the
// provider), then in one transaction records the refund (order_refunds), moves the order to
// refunded (its refund entry in the money record, its points given back, its co-pay shares
// reversed) and appends the audit entry with the reason. A refunded order answers as it is.
func (r *Refunds) RefundOrder(ctx context.Context, actor audit.Actor, orderID, reason string) (StaffRefund, error) {
	s := r.Checkout
	o, err := s.Store.OrderByID(ctx, orderID)
	if err != nil {
		return StaffRefund{}, err
	}
	if o.Status == Refunded {
		return StaffRefund{Order: o, Replayed: true, AmountCents: r.lastAmount(ctx, o)}, nil
	}
	if o.Status != Paid {
		return StaffRefund{}, notPaid()
	}
	// After partial refunds, the full refund gives back what is left; not while a part is
	// with the provider.
	left, err := r.fullAmount(ctx, o)
	if err != nil {
		return StaffRefund{}, err
	}
	refundID := ""
	if left > 0 && o.PaymentIntentID != "" {
		if s.Payments == nil {
			return StaffRefund{}, ErrNoProvider
		}
		res, err := s.Payments.Refund(ctx, payments.RefundRequest{PaymentIntentID: o.PaymentIntentID, AmountCents: left,
			Currency: o.Currency, Key: "refund-order-" + o.ID, Reason: "requested_by_customer"})
		if err != nil {
			return StaffRefund{}, fmt.Errorf("refund order %s at the provider: %w", o.ID, err)
		}
		refundID = res.ID
	}
	out := StaffRefund{}
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		locked, err := s.lockOrder(ctx, o.UserID, o.ID)
		if err != nil {
			return err
		}
		if locked == nil {
			return apperr.New(apperr.NotFound, "order not found")
		}
		if locked.Status == Refunded {
			out = StaffRefund{Order: *locked, Replayed: true, AmountCents: r.lastAmount(ctx, *locked)}
			return nil
		}
		if locked.Status != Paid {
			return notPaid()
		}
		if again, err := r.fullAmount(ctx, *locked); err != nil || again != left {
			if err == nil {
				err = partError("order_id", KeyPartInProgress, MsgPartInProgress)
			}
			return err
		}
		before := *locked
		page := locked.CheckoutSessionID
		if page == "" {
			page = "order:" + locked.ID // a points-only order had no payment page
		}
		if err := s.Store.InsertOrderRefund(ctx, OrderRefund{ID: ids.New(), OrderID: locked.ID, UserID: locked.UserID,
			CheckoutSessionID: page, Provider: locked.Provider, ProviderRefundID: refundID, PaymentIntentID: locked.PaymentIntentID,
			Currency: locked.Currency, AmountCents: left, Reason: RefundReasonStaff, CreatedAt: s.Now()}); err != nil {
			return err
		}
		if err := s.moveOrder(ctx, locked, OutcomeRefunded, payments.Fact{}); err != nil {
			return err
		}
		rec, err := audit.New(actor, ActionRefund, AuditKindOrder, locked.ID,
			map[string]any{"status": before.Status, "total_cents": before.TotalCents, "currency": before.Currency},
			map[string]any{"status": locked.Status, "refund_id": refundID, "reason": reason, "points_back": locked.PointsUsed})
		if err != nil {
			return err
		}
		rec.At = s.Now()
		if err := s.Store.AppendAudit(ctx, rec); err != nil {
			return err
		}
		out = StaffRefund{Order: *locked, PointsBack: locked.PointsUsed, AmountCents: left}
		return nil
	})
	return out, err
}

// runLateRefund gives back a late payment at the provider (outside any transaction; the page's id
// is the idempotency key, so a run repeated after a crash refunds once), then records the
// refund and moves the order to refunded in one transaction.
func (r *Refunds) runLateRefund(ctx context.Context, j jobs.Job) error {
	s := r.Checkout
	var p refundJob
	if err := j.Decode(&p); err != nil {
		return err
	}
	res, err := s.Payments.Refund(ctx, payments.RefundRequest{PaymentIntentID: p.PaymentIntentID, AmountCents: p.AmountCents,
		Currency: p.Currency, Key: p.SessionID, Reason: "duplicate"})
	if err != nil {
		return fmt.Errorf("refund late payment of %s: %w", p.SessionID, err)
	}
	return s.Store.InTx(ctx, func(ctx context.Context) error {
		o, err := s.Store.LockOrder(ctx, p.OrderID)
		if err != nil || o == nil {
			return err
		}
		if err := s.Store.InsertOrderRefund(ctx, OrderRefund{ID: ids.New(), OrderID: o.ID, UserID: o.UserID, CheckoutSessionID: p.SessionID,
			Provider: s.Payments.Name(), ProviderRefundID: res.ID, PaymentIntentID: p.PaymentIntentID, Currency: p.Currency,
			AmountCents: p.AmountCents, Reason: RefundReasonLate, CreatedAt: s.Now()}); err != nil {
			return err
		}
		return s.moveOrder(ctx, o, OutcomeRefunded, payments.Fact{})
	})
}

// fullAmount is what a full refund gives back: the order's total less its succeeded parts. A
// part still with the provider makes it refuse (Conflict): its outcome changes the amount.
func (r *Refunds) fullAmount(ctx context.Context, o Order) (int64, error) {
	if r.Store == nil {
		return o.TotalCents, nil
	}
	parts, err := r.Store.PartialRefunds(ctx, o.ID)
	if err != nil {
		return 0, err
	}
	left := o.TotalCents
	for _, p := range parts {
		switch p.Status {
		case PartPending:
			return 0, partError("order_id", KeyPartInProgress, MsgPartInProgress)
		case PartSucceeded:
			left -= p.AmountCents
		}
	}
	return max(left, 0), nil
}

// lastAmount is what the full refund of a refunded order gave back: its total less its
// succeeded parts (0 when the parts gave everything back; the total when the store cannot say).
func (r *Refunds) lastAmount(ctx context.Context, o Order) int64 {
	if r.Store == nil {
		return o.TotalCents
	}
	parts, err := r.Store.PartialRefunds(ctx, o.ID)
	if err != nil {
		return o.TotalCents
	}
	left := o.TotalCents
	for _, p := range parts {
		if p.Status == PartSucceeded {
			left -= p.AmountCents
		}
	}
	return max(left, 0)
}

func notPaid() error {
	return &apperr.Error{Code: apperr.Conflict, Message: MsgNotPaid, Fields: []apperr.FieldError{{Field: "order_id", Key: KeyNotPaid, Message: MsgNotPaid}}}
}

// Partial refunds (issue 31 item 7, F-AREA-03; docs/areas/accounting.md "Partial refunds").
const (
	PartPending   = "pending"
	PartSucceeded = "succeeded"
	PartFailed    = "failed"
	// ActionRefundPart is the audit action of a partial refund.
	ActionRefundPart = "order.refund_part"
	MaxKeyLen        = 100
	MaxPartLines     = 100
	MaxReasonLen     = 1000
	KeyPartReason    = "accounting.refund.reason_required"
	MsgPartReason    = "Give a reason for the refund (1 to 1000 characters)."

	KeyPartAmount     = "order.refund.amount"
	MsgPartAmount     = "Give an amount in cents or choose lines, not both."
	KeyPartTooMuch    = "order.refund.exceeds_remaining"
	MsgPartTooMuch    = "The amount is more than what is left to refund on this order."
	KeyPartLine       = "order.refund.line"
	MsgPartLine       = "A chosen line is not on this order, or was refunded already."
	KeyPartKey        = "order.refund.idempotency_key"
	MsgPartKey        = "An idempotency key (1 to 100 characters) is required."
	KeyPartKeyReused  = "order.refund.key_reused"
	MsgPartKeyReused  = "This idempotency key was used for a different refund of this order."
	KeyPartInProgress = "order.refund.in_progress"
	MsgPartInProgress = "Another refund of this order is in progress; try again in a moment."
)

// PartialRefund is one refund of a part of an order (order_partial_refunds). Its amount is
// reserved while pending: an order's pending and succeeded parts never sum past its total.
// PointsShare and VendorShareCents are the points and co-pay vendor share in proportion to the
// part (PartShares); they are given back with the refund that completes the order.
type PartialRefund struct {
	ID, OrderID, UserID, Key, Status string
	Currency                         string
	AmountCents                      int64
	LineIDs                          []string
	PointsShare, VendorShareCents    int64
	Provider, ProviderRefundID       string
	PaymentIntentID, Reason, ActorID string
	CreatedAt, UpdatedAt             time.Time
}

// RefundStore is what partial refunds need of the database besides checkout's Store, on the
// caller's transaction (ctx). SavePartialRefund writes a succeeded part's refund entry in the money
// record.
type RefundStore interface {
	PartialRefunds(ctx context.Context, orderID string) ([]PartialRefund, error)
	InsertPartialRefund(ctx context.Context, p PartialRefund) error
	SavePartialRefund(ctx context.Context, p PartialRefund) error
}

// PartRequest asks to refund a part of an order: AmountCents (integer cents of the order's
// currency) or LineIDs (the lines' cash totals), with a reason and the caller's idempotency key.
type PartRequest struct {
	OrderID     string
	AmountCents int64
	LineIDs     []string
	Reason, Key string
}

// Refundable is what is left to refund of an order: its cash total less its pending and
// succeeded parts (and nothing once refunded), with the lines a part may still name.
type Refundable struct {
	Order           Order
	Lines           []OrderItem
	RefundedLineIDs []string
	Parts           []PartialRefund
	RemainingCents  int64
}

// PartOutcome is what a partial refund did. Replayed: the same key answered before.
type PartOutcome struct {
	Part     PartialRefund
	Order    Order
	Replayed bool
	// Completed: this part brought the remaining to zero, so the order is refunded (its points
	// and co-pay shares given back).
	Completed bool
}

// RemainingOf is an order's cash total less its parts that hold money (pending or succeeded).
func RemainingOf(o Order, parts []PartialRefund) int64 {
	if o.Status != Paid {
		return 0
	}
	left := o.TotalCents
	for _, p := range parts {
		if p.Status != PartFailed {
			left -= p.AmountCents
		}
	}
	return max(left, 0)
}

// PartShares is the rule for the points and co-pay shares of a part (docs/areas/accounting.md):
// in proportion to the cash refunded, rounded down, except that the part which completes the
// refund takes whatever is left, so the shares of all parts add up exactly to the order's.
// given* are the shares of the order's earlier parts.
func PartShares(totalCents, refundedBefore, amount, points, vendorShare, givenPoints, givenVendor int64) (int64, int64) {
	if totalCents <= 0 {
		return 0, 0
	}
	if refundedBefore+amount >= totalCents {
		return points - givenPoints, vendorShare - givenVendor
	}
	return points * amount / totalCents, vendorShare * amount / totalCents
}

// Refundable reads what is left to refund of an order.
func (r *Refunds) Refundable(ctx context.Context, orderID string) (Refundable, error) {
	s := r.Checkout
	o, err := s.Store.OrderByID(ctx, orderID)
	if err != nil {
		return Refundable{}, err
	}
	items, err := s.Store.OrderItems(ctx, o.ID)
	if err != nil {
		return Refundable{}, err
	}
	var parts []PartialRefund
	if r.Store != nil {
		if parts, err = r.Store.PartialRefunds(ctx, o.ID); err != nil {
			return Refundable{}, err
		}
	}
	return Refundable{Order: o, Lines: items, RefundedLineIDs: refundedLines(parts), Parts: parts, RemainingCents: RemainingOf(o, parts)}, nil
}

func refundedLines(parts []PartialRefund) []string {
	out := []string{}
	for _, p := range parts {
		if p.Status != PartFailed {
			out = append(out, p.LineIDs...)
		}
	}
	return out
}

func partError(field, key, msg string) error {
	return &apperr.Error{Code: apperr.Conflict, Message: msg, Fields: []apperr.FieldError{{Field: field, Key: key, Message: msg}}}
}

// checkPart validates a request's shape.
func checkPart(req *PartRequest) error {
	req.Key = strings.TrimSpace(req.Key)
	if req.Key == "" || utf8.RuneCountInString(req.Key) > MaxKeyLen {
		return apperr.Field("idempotency_key", KeyPartKey, MsgPartKey)
	}
	if (req.AmountCents > 0) == (len(req.LineIDs) > 0) || req.AmountCents < 0 || len(req.LineIDs) > MaxPartLines {
		return apperr.Field("amount_cents", KeyPartAmount, MsgPartAmount)
	}
	req.Reason = strings.TrimSpace(req.Reason)
	if req.Reason == "" || utf8.RuneCountInString(req.Reason) > MaxReasonLen {
		return apperr.Field("reason", KeyPartReason, MsgPartReason)
	}
	slices.Sort(req.LineIDs)
	req.LineIDs = slices.Compact(req.LineIDs)
	return nil
}

// RefundPart refunds a part of a paid order (issue 31 item 7). Three steps, the provider never
// inside a transaction: (1) under the order's lock the part is reserved (a pending row; the
// order's pending and succeeded parts never exceed its total, so racing parts cannot refund more
// than was paid, on either engine); (2) the provider refunds the part's amount with the part's
// id as idempotency key; (3) one transaction marks the part succeeded, writes its refund entry
// in the money record and its audit entry, and, when nothing is left to refund, moves the order
// to refunded (its points and co-pay shares given back, as a full refund does). A failure at
// the provider marks the part failed, freeing its amount. The same key for the same order
// answers the same part (a pending one is carried on); another request under it is refused.
func (r *Refunds) RefundPart(ctx context.Context, actor audit.Actor, req PartRequest) (PartOutcome, error) {
	if err := checkPart(&req); err != nil {
		return PartOutcome{}, err
	}
	if r.Store == nil {
		return PartOutcome{}, apperr.New(apperr.Unavailable, "partial refunds are not available")
	}
	s := r.Checkout
	var part PartialRefund
	var order Order
	done := false
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		o, parts, err := r.lockParts(ctx, req.OrderID)
		if err != nil {
			return err
		}
		order = *o
		if i := slices.IndexFunc(parts, func(p PartialRefund) bool { return p.Key == req.Key }); i >= 0 {
			part = parts[i]
			if (req.AmountCents > 0 && part.AmountCents != req.AmountCents) || !slices.Equal(req.LineIDs, part.LineIDs) {
				return partError("idempotency_key", KeyPartKeyReused, MsgPartKeyReused)
			}
			switch part.Status {
			case PartSucceeded:
				done = true
				return nil
			case PartPending:
				return nil
			}
			// A failed part is tried again: its amount is reserved anew below.
			parts = slices.Delete(parts, i, i+1)
		}
		if o.Status != Paid {
			if o.Status == Refunded {
				return partError("order_id", KeyPartTooMuch, MsgPartTooMuch)
			}
			return notPaid()
		}
		amount := req.AmountCents
		if len(req.LineIDs) > 0 {
			if amount, err = r.linesAmount(ctx, *o, parts, req.LineIDs); err != nil {
				return err
			}
		}
		left := RemainingOf(*o, parts)
		if amount <= 0 || amount > left {
			return partError("amount_cents", KeyPartTooMuch, MsgPartTooMuch)
		}
		items, err := s.Store.OrderItems(ctx, o.ID)
		if err != nil {
			return err
		}
		var vendorShare, givenPoints, givenVendor int64
		for _, it := range items {
			vendorShare += it.VendorShareCents
		}
		for _, p := range parts {
			if p.Status != PartFailed {
				givenPoints, givenVendor = givenPoints+p.PointsShare, givenVendor+p.VendorShareCents
			}
		}
		pts, vend := PartShares(o.TotalCents, o.TotalCents-left, amount, o.PointsUsed, vendorShare, givenPoints, givenVendor)
		now := s.Now()
		fresh := part.ID == ""
		if fresh {
			part = PartialRefund{ID: ids.New(), OrderID: o.ID, UserID: o.UserID, Key: req.Key, Currency: o.Currency, LineIDs: req.LineIDs,
				Provider: o.Provider, PaymentIntentID: o.PaymentIntentID, CreatedAt: now}
		}
		part.Status, part.AmountCents, part.PointsShare, part.VendorShareCents = PartPending, amount, pts, vend
		part.Reason, part.ActorID, part.UpdatedAt = req.Reason, actor.UserID, now
		if fresh {
			return r.Store.InsertPartialRefund(ctx, part)
		}
		return r.Store.SavePartialRefund(ctx, part)
	})
	if err != nil {
		return PartOutcome{}, err
	}
	if done {
		return PartOutcome{Part: part, Order: order, Replayed: true}, nil
	}
	refundID := ""
	if part.PaymentIntentID != "" {
		if s.Payments == nil {
			return PartOutcome{}, ErrNoProvider
		}
		res, perr := s.Payments.Refund(ctx, payments.RefundRequest{PaymentIntentID: part.PaymentIntentID, AmountCents: part.AmountCents,
			Currency: part.Currency, Key: "refund-part-" + part.ID, Reason: "requested_by_customer"})
		if perr != nil {
			if ferr := r.finishPart(ctx, actor, part.ID, order.ID, "", false, nil); ferr != nil {
				return PartOutcome{}, errors.Join(perr, ferr)
			}
			return PartOutcome{}, fmt.Errorf("refund part of order %s at the provider: %w", order.ID, perr)
		}
		refundID = res.ID
	}
	var out PartOutcome
	err = r.finishPart(ctx, actor, part.ID, order.ID, refundID, true, &out)
	return out, err
}

// lockParts takes the checkout lock of the order's buyer and the order's row, and reads its
// parts, in ctx's transaction.
func (r *Refunds) lockParts(ctx context.Context, orderID string) (*Order, []PartialRefund, error) {
	s := r.Checkout
	peek, err := s.Store.OrderByID(ctx, orderID)
	if err != nil {
		return nil, nil, err
	}
	o, err := s.lockOrder(ctx, peek.UserID, orderID)
	if err != nil {
		return nil, nil, err
	}
	if o == nil {
		return nil, nil, apperr.New(apperr.NotFound, "order not found")
	}
	parts, err := r.Store.PartialRefunds(ctx, o.ID)
	return o, parts, err
}

// linesAmount is the cash of the chosen lines, each on the order and in no other live part.
func (r *Refunds) linesAmount(ctx context.Context, o Order, parts []PartialRefund, lineIDs []string) (int64, error) {
	items, err := r.Checkout.Store.OrderItems(ctx, o.ID)
	if err != nil {
		return 0, err
	}
	taken := refundedLines(parts)
	var sum int64
	for _, id := range lineIDs {
		i := slices.IndexFunc(items, func(it OrderItem) bool { return it.ID == id })
		if i < 0 || slices.Contains(taken, id) {
			return 0, partError("line_ids", KeyPartLine, MsgPartLine)
		}
		sum += items[i].LineTotalCents
	}
	return sum, nil
}

// finishPart records the provider's answer for a pending part: succeeded (its money entry, its
// audit entry, and the order refunded when nothing is left) or failed.
func (r *Refunds) finishPart(ctx context.Context, actor audit.Actor, partID, orderID, refundID string, ok bool, out *PartOutcome) error {
	s := r.Checkout
	return s.Store.InTx(ctx, func(ctx context.Context) error {
		o, parts, err := r.lockParts(ctx, orderID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(parts, func(p PartialRefund) bool { return p.ID == partID })
		if i < 0 {
			return apperr.New(apperr.NotFound, "partial refund not found")
		}
		p := &parts[i]
		if p.Status != PartPending { // a concurrent retry of the same key finished it
			if out != nil {
				*out = PartOutcome{Part: *p, Order: *o, Replayed: true}
			}
			return nil
		}
		p.UpdatedAt = s.Now()
		if !ok {
			p.Status = PartFailed
			return r.Store.SavePartialRefund(ctx, *p)
		}
		p.Status, p.ProviderRefundID = PartSucceeded, refundID
		if err := r.Store.SavePartialRefund(ctx, *p); err != nil {
			return err
		}
		var refunded int64
		pending := false
		for _, q := range parts {
			switch q.Status {
			case PartSucceeded:
				refunded += q.AmountCents
			case PartPending:
				pending = true
			}
		}
		completed := o.Status == Paid && !pending && refunded >= o.TotalCents
		before := o.Status
		if completed {
			if err := s.moveOrder(ctx, o, OutcomeRefunded, payments.Fact{}); err != nil {
				return err
			}
		}
		rec, err := audit.New(actor, ActionRefundPart, AuditKindOrder, o.ID,
			map[string]any{"status": before, "refunded_cents": refunded - p.AmountCents, "total_cents": o.TotalCents, "currency": o.Currency},
			map[string]any{"status": o.Status, "refunded_cents": refunded, "part_id": p.ID, "amount_cents": p.AmountCents, "line_ids": p.LineIDs,
				"refund_id": refundID, "reason": p.Reason, "points_share": p.PointsShare, "vendor_share_cents": p.VendorShareCents})
		if err != nil {
			return err
		}
		rec.At = s.Now()
		if err := s.Store.AppendAudit(ctx, rec); err != nil {
			return err
		}
		if out != nil {
			*out = PartOutcome{Part: *p, Order: *o, Completed: completed}
		}
		return nil
	})
}
