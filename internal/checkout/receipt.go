package checkout

import (
	"fmt"
	"time"

	"circle/internal/cart"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// The receipt rules (issue 26 item 4): what an order's receipt says about its total, what it
// saved, how it was paid and why it was refunded is decided here, next to the order it
// describes, so the handlers of every answer that carries an order (create-checkout, the
// orders list, one order, a payment page's status) only show it.

// Receipt is what the agent's receipt shows.
type Receipt struct {
	Number        string     `json:"number"`
	PaidAt        *time.Time `json:"paid_at"`
	PaymentMethod string     `json:"payment_method"`
	TestMode      bool       `json:"test_mode" doc:"Paid on the built-in page: no real payment"`
	TaxNote       string     `json:"tax_note"`
	RefundNote    string     `json:"refund_note,omitempty"`
}

// Receipt refund notes.
const (
	MsgRefunded            = "Refunded. Refunds reach the original payment method in 3-5 business days."
	MsgLatePaymentRefunded = "This payment arrived after the checkout had ended, so it was refunded automatically. Refunds reach the original payment method in 3-5 business days."
)

// Receipted is an order's receipt with its total and savings in the order's currency, the
// amounts displayed in lang.
type Receipted struct {
	Total, Savings pricing.Money
	Receipt        Receipt
}

// ReceiptOf is an order's receipt: the charged total, the savings against retail (Savings), the
// payment method (points, the built-in page's test card, or Stripe) and the refund note.
func ReceiptOf(o Order, lang string) Receipted {
	cur := pricing.Currency(o.Currency)
	money := func(c, usd int64) pricing.Money {
		return pricing.Money{Cents: c, Currency: cur, USDCents: usd, Display: pricing.Display(c, cur, lang), Approximate: cur == pricing.CAD}
	}
	savedCur, saved := Savings(o)
	r := Receipt{Number: o.Number, PaidAt: o.PaidAt, TestMode: o.Provider == payments.NameBuiltIn, TaxNote: cart.TaxNote}
	switch {
	case o.Provider == payments.NameBuiltIn && o.CardLast4 != "":
		r.PaymentMethod = "Test card ending in " + o.CardLast4 + " (test mode: no real payment)"
	case o.Provider == payments.NameBuiltIn:
		r.PaymentMethod = "Test mode: no real payment"
	default:
		r.PaymentMethod = "Card (Stripe)"
	}
	if pts, _ := PointsPaid(o); pts > 0 {
		r.PaymentMethod = fmt.Sprintf("%d Agent Points; %s", pts, r.PaymentMethod)
		if o.TotalCents == 0 {
			r.PaymentMethod = fmt.Sprintf("%d Agent Points", pts)
		}
	}
	switch {
	case o.Status == Refunded && o.PaidAt == nil:
		// A payment that arrived after its checkout had ended (issue 14): never a paid order.
		r.RefundNote = MsgLatePaymentRefunded
	case o.Status == Refunded:
		r.RefundNote = MsgRefunded
	}
	return Receipted{Total: money(o.TotalCents, o.TotalUSDCents), Savings: money(savedCur, saved), Receipt: r}
}
