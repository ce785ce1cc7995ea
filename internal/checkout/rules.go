package checkout

import (
	"strings"
	"time"

	"circle/internal/ids"
	"circle/internal/payments"
)

// ApplyOutcome moves an order through the state machine (Transition) and stamps what the move
// means: a paid order records when and how it was paid, a canceled or refunded one when. It
// reports whether the order moved; an order that just became paid also has its effects to apply
// (PaidEffects).
func ApplyOutcome(o *Order, outcome Outcome, f payments.Fact, now time.Time) bool {
	to, changed := Transition(o.Status, outcome)
	if !changed {
		return false
	}
	o.Status, o.UpdatedAt = to, now
	switch to {
	case Paid:
		o.PaidAt = &now
		if f.PaymentIntentID != "" {
			o.PaymentIntentID = f.PaymentIntentID
		}
		if f.CardLast4 != "" {
			o.CardLast4 = f.CardLast4
		}
	case Canceled, Expired:
		o.CanceledAt = &now
	case Refunded:
		o.RefundedAt = &now
	}
	return true
}

// OutcomeOf is what a payment page's event means for its order: paid, expired (the page's
// time ran out or it was given up), or failed (declined).
func OutcomeOf(f payments.Fact) Outcome {
	switch {
	case f.Outcome == payments.OutcomePaid:
		return OutcomePaid
	case f.Type == "checkout.session.expired":
		return OutcomeExpired
	}
	return OutcomeFailed
}

// LatePayment reports a payment for an order whose attempt had already ended (its page expired
// or a newer checkout of the cart replaced it): the money goes back.
func LatePayment(o Order, outcome Outcome) bool {
	return outcome == OutcomePaid && o.Status.Ended()
}

// SameCheckout reports whether the open order was priced exactly as the cart prices now (same
// currency, total and lines), so a second Checkout can hand out its payment page again instead
// of a new one.
func SameCheckout(open Order, openItems []OrderItem, now Priced) bool {
	if open.Currency != now.Order.Currency || open.TotalCents != now.Order.TotalCents || len(openItems) != len(now.Items) {
		return false
	}
	for i, a := range openItems {
		b := now.Items[i]
		if a.CartItemID != b.CartItemID || a.ServiceID != b.ServiceID || a.PackageID != b.PackageID || a.Coverage != b.Coverage ||
			a.Yearly != b.Yearly || a.Quantity != b.Quantity || a.UnitPriceCents != b.UnitPriceCents || a.Title != b.Title {
			return false
		}
	}
	return true
}

// SessionStatusAfter is a payment page's status after an event reports paid or failed: paid
// completes it; a failure expires a page still open. relevant is false for events that say
// neither, which change nothing.
func SessionStatusAfter(status string, f payments.Fact) (next string, relevant bool) {
	switch f.Outcome {
	case payments.OutcomePaid:
		return SessionComplete, true
	case payments.OutcomeFailed:
		if status == SessionOpen {
			return SessionExpired, true
		}
		return status, true
	}
	return status, false
}

// Purchase is one purchase a paid order line counts for its service (a tracking event with the
// revenue it brought, in US cents).
type Purchase struct {
	ServiceID       string
	RevenueUSDCents int64
	// OrderItemID and PaidUSDCents: the line, and the cash its buyer paid for it in US cents
	// (the line's price less what points paid); the vendor's service_purchase activity
	// (vendor analytics) is keyed by the line and counts this amount as revenue.
	OrderItemID  string
	PaidUSDCents int64
}

// PaidEffects are the effects of an order becoming paid: the paid quantity of each line leaves
// the cart (by cart line id; units added after checkout stay) and each line counts as a
// purchase of its service.
func PaidEffects(items []OrderItem) (paidQty map[string]int, purchases []Purchase) {
	for _, it := range items {
		if it.CartItemID != "" {
			if paidQty == nil {
				paidQty = map[string]int{}
			}
			paidQty[it.CartItemID] += it.Quantity
		}
		if it.Coverage == CoverageConsultation {
			// Nothing was bought yet: the vendor prices the service at the meeting.
			continue
		}
		price := it.UnitPriceUSDCents * int64(it.Quantity)
		purchases = append(purchases, Purchase{ServiceID: it.ServiceID, RevenueUSDCents: price, OrderItemID: it.ID, PaidUSDCents: max(price-it.PointsUSDCents, 0)})
	}
	return paidQty, purchases
}

// OrderNumber is a short receipt number: CIR- and 10 random characters.
func OrderNumber() string {
	t := strings.ToUpper(strings.NewReplacer("-", "", "_", "").Replace(ids.Token(12)))
	return "CIR-" + t[:10]
}

// SessionRef is the order or subscription id a payment page pays for.
func SessionRef(s PaymentSession) string {
	if s.OrderID != nil {
		return *s.OrderID
	}
	if s.SubscriptionID != nil {
		return *s.SubscriptionID
	}
	return ""
}
