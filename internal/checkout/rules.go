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
	case Canceled:
		o.CanceledAt = &now
	case Refunded:
		o.RefundedAt = &now
	}
	return true
}

// OutcomeOf is what a payment page's event means for its order: paid, or failed (expired or
// declined).
func OutcomeOf(f payments.Fact) Outcome {
	if f.Outcome == payments.OutcomePaid {
		return OutcomePaid
	}
	return OutcomeFailed
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
}

// PaidEffects are the effects of an order becoming paid: its lines leave the cart (by their
// cart line ids) and each counts as a purchase of its service.
func PaidEffects(items []OrderItem) (cartItemIDs []string, purchases []Purchase) {
	for _, it := range items {
		if it.CartItemID != "" {
			cartItemIDs = append(cartItemIDs, it.CartItemID)
		}
		purchases = append(purchases, Purchase{ServiceID: it.ServiceID, RevenueUSDCents: it.UnitPriceUSDCents * int64(it.Quantity)})
	}
	return cartItemIDs, purchases
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
