// Package checkout owns orders and payment sessions (02§7 create-checkout, 03§7): an order is
// created from server prices when the agent checks out, paid through a hosted payment page (the
// built-in one or Stripe Checkout), and its status follows the payment provider's events
// exactly once, whatever order they arrive in.
package checkout

import (
	"time"
)

// Status of an order.
type Status string

// Order statuses: pending until the payment page reports (a cart has at most one pending
// order); paid, canceled (the payment failed), expired (the page expired, was replaced by a
// checkout of a changed cart, or never got created) or refunded after.
const (
	Pending  Status = "pending"
	Paid     Status = "paid"
	Canceled Status = "canceled"
	Expired  Status = "expired"
	Refunded Status = "refunded"
)

// Ended reports an attempt that ended unpaid (canceled or expired): /orders hides these unless
// asked, and a payment that still arrives for one is refunded.
func (st Status) Ended() bool { return st == Canceled || st == Expired }

// Outcome is what a payment event says about an order's payment.
type Outcome string

// Payment outcomes.
const (
	OutcomePaid     Outcome = "paid"
	OutcomeFailed   Outcome = "failed"
	OutcomeExpired  Outcome = "expired"
	OutcomeRefunded Outcome = "refunded"
)

// Transition is the order state machine. It is safe against events that arrive late or twice:
//   - pending -> paid, canceled (failed), expired or refunded;
//   - canceled or expired -> refunded; a payment that still arrives for one does not move it:
//     the service refunds that payment (the cart may have been paid by another attempt), and
//     the refund moves it to refunded;
//   - paid -> refunded; a late expiry or failure never un-pays an order;
//   - refunded is final.
//
// changed is false when the event does not move the order.
func Transition(from Status, o Outcome) (to Status, changed bool) {
	switch {
	case from == Pending && o == OutcomePaid:
		return Paid, true
	case from == Pending && o == OutcomeFailed:
		return Canceled, true
	case from == Pending && o == OutcomeExpired:
		return Expired, true
	case (from == Pending || from == Paid || from.Ended()) && o == OutcomeRefunded:
		return Refunded, true
	}
	return from, false
}

// Session kinds: what a payment session pays for.
const (
	KindOrder        = "order"
	KindSubscription = "subscription"
)

// Session statuses.
const (
	SessionOpen     = "open"
	SessionComplete = "complete"
	SessionExpired  = "expired"
)

// SessionTTL is how long a payment page can be paid (Stripe's default is 24 hours); a pending
// order older than that is expired by the sweeper (AbandonedKind).
const SessionTTL = 24 * time.Hour

// SessionlessTimeout is how long an order may wait for its payment page (the create-session
// job retries meanwhile) before the sweeper expires it.
const SessionlessTimeout = 30 * time.Minute

// Background jobs of checkout (internal/jobs, registered by RegisterJobs).
const (
	// CreateSessionKind creates an order's payment page at the provider. It is written in the
	// order's transaction, so an order whose process died before its page existed still gets
	// one; the request runs it inline right after the commit.
	CreateSessionKind = "checkout.create_session"
	// ExpireSessionKind expires at the provider a payment page the app expired (replaced by a
	// newer checkout of the cart, or another page of the cart was paid).
	ExpireSessionKind = "checkout.expire_session"
	// RefundKind refunds a payment that arrived for an ended attempt.
	RefundKind = "checkout.refund"
	// AbandonedKind is the recurring sweeper of pending orders that never got a page or whose
	// page is past its time.
	AbandonedKind = "checkout.expire_abandoned"
	// AbandonedEvery is how often the sweeper runs.
	AbandonedEvery = 5 * time.Minute
)

// RefundReasonLate is why the app refunds a payment by itself: it arrived for a payment page
// that had expired or had been replaced by a newer checkout of the cart.
const RefundReasonLate = "late_payment"

// OrderRefund records a refund the app made (order_refunds), one per payment page.
type OrderRefund struct {
	ID                string    `bun:"id,pk"`
	OrderID           string    `bun:"order_id,notnull"`
	UserID            string    `bun:"user_id,notnull"`
	CheckoutSessionID string    `bun:"checkout_session_id,notnull"`
	Provider          string    `bun:"provider,notnull"`
	ProviderRefundID  string    `bun:"provider_refund_id,notnull"`
	PaymentIntentID   string    `bun:"payment_intent_id,notnull"`
	Currency          string    `bun:"currency,notnull"`
	AmountCents       int64     `bun:"amount_cents,notnull"`
	Reason            string    `bun:"reason,notnull"`
	CreatedAt         time.Time `bun:"created_at,notnull"`
}

// PaymentSession is one hosted payment page (checkout_sessions), for an order or a subscription.
type PaymentSession struct {
	ID             string    `bun:"id,pk"`
	Provider       string    `bun:"provider,notnull"`
	Kind           string    `bun:"kind,notnull"`
	UserID         string    `bun:"user_id,notnull"`
	OrderID        *string   `bun:"order_id"`
	SubscriptionID *string   `bun:"subscription_id"`
	Status         string    `bun:"status,notnull"`
	Currency       string    `bun:"currency,notnull"`
	AmountCents    int64     `bun:"amount_cents,notnull"`
	URL            string    `bun:"url,notnull"`
	ExpiresAt      time.Time `bun:"expires_at,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
	UpdatedAt      time.Time `bun:"updated_at,notnull"`
}

// Order is one checkout of the cart (orders). Amounts are integer cents of Currency; the US
// amounts and the rate are recorded too (docs/decisions: Canadian prices).
type Order struct {
	ID                  string       `bun:"id,pk"`
	Number              string       `bun:"number,notnull"`
	UserID              string       `bun:"user_id,notnull"`
	Status              Status       `bun:"status,notnull"`
	Currency            string       `bun:"currency,notnull"`
	USDToCADRateE4      int          `bun:"usd_to_cad_rate_e4,notnull"`
	TotalCents          int64        `bun:"total_cents,notnull"`
	TotalUSDCents       int64        `bun:"total_usd_cents,notnull"`
	RetailTotalUSDCents int64        `bun:"retail_total_usd_cents,notnull"`
	Provider            string       `bun:"provider,notnull"`
	CheckoutSessionID   string       `bun:"checkout_session_id,notnull"`
	PaymentIntentID     string       `bun:"payment_intent_id,notnull"`
	CardLast4           string       `bun:"card_last4,notnull"`
	PaidAt              *time.Time   `bun:"paid_at"`
	CanceledAt          *time.Time   `bun:"canceled_at"`
	RefundedAt          *time.Time   `bun:"refunded_at"`
	CreatedAt           time.Time    `bun:"created_at,notnull"`
	UpdatedAt           time.Time    `bun:"updated_at,notnull"`
	Items               []*OrderItem `bun:"rel:has-many,join:id=order_id"`
	// PointsUsed and PointsSpendID: the points the order's points lines spent (points.go).
	PointsUsed    int64  `bun:"points_used,notnull"`
	PointsSpendID string `bun:"points_spend_id,notnull"`
}

// OrderItem is one line of an order, priced by the server at checkout.
type OrderItem struct {
	ID                    string `bun:"id,pk"`
	OrderID               string `bun:"order_id,notnull"`
	CartItemID            string `bun:"cart_item_id,notnull"`
	ServiceID             string `bun:"service_id,notnull"`
	PackageID             string `bun:"package_id,notnull"`
	Title                 string `bun:"title,notnull"`
	VendorName            string `bun:"vendor_name,notnull"`
	Coverage              string `bun:"coverage,notnull"`
	Yearly                bool   `bun:"yearly,notnull"`
	Period                string `bun:"period,notnull"` // one_time, month or year (recurring.go); "" before it was kept
	Quantity              int    `bun:"quantity,notnull"`
	UnitPriceCents        int64  `bun:"unit_price_cents,notnull"`
	UnitPriceUSDCents     int64  `bun:"unit_price_usd_cents,notnull"`
	RetailUnitPriceUSDCts int64  `bun:"retail_unit_price_usd_cents,notnull"`
	LineTotalCents        int64  `bun:"line_total_cents,notnull"`
	SortOrder             int    `bun:"sort_order,notnull"`
	// Co-pay (migration 0020): what the agent pays (the line total) and what the partner covers,
	// in the order's currency, and the approved request that priced the line.
	AgentShareCents  int64  `bun:"agent_share_cents,notnull"`
	VendorShareCents int64  `bun:"vendor_share_cents,notnull"`
	CoPayRequestID   string `bun:"co_pay_request_id,notnull"`
	// PointsUsed and PointsUSDCents: what points paid of a points line (points.go); the line's
	// LineTotalCents is then the cash share only.
	PointsUsed     int64 `bun:"points_used,notnull"`
	PointsUSDCents int64 `bun:"points_usd_cents,notnull"`
	// PointsCoPayID is the automatic co-pay whose points paid part of the line.
	PointsCoPayID string `bun:"points_copay_id,notnull"`
}

// Held-back explanation for lines that need a consultation (03§5: checkout with consultation
// or quote items opens the consultation flow).
const (
	HeldBackReason           = "consultation_required"
	HeldBackCoPay            = "copay_pending"
	HeldBackCoPayExplanation = "Pending Vendor Approval: this service waits for the vendor's answer to your co-pay request, so it stays in your cart and is not charged now."
	HeldBackExplanation      = "Consultation Required: this service is priced after a consultation with the vendor, so it stays in your cart and is not charged now. Book the consultation to continue."
)

// Messages of checkout.
const (
	MsgCheckoutError     = "Failed to process checkout. Please try again."
	MsgEmptyCart         = "Your cart is empty."
	MsgOnlyConsultations = "Every service in your cart needs a consultation first, so there is nothing to pay for now. Book the consultations to continue."
)
