package cart

import (
	"circle/internal/apperr"
	"circle/internal/pricing"
)

// CoverageCoPay: a partner vendor is asked to pay a share of the line (issue 15, 02§2). The
// line is linked to its co-pay request (cart_items.co_pay_request_id); what the line shows and
// costs is read from that request every time the cart is read (CoPayState), so the vendor's
// decision, the expiry job and the agent's cancel change the cart without touching it.
const CoverageCoPay Coverage = "copay"

// Request statuses as the cart reads them (the values of co_pay_requests.status; the copay
// package owns the request, the cart only reads its state).
const (
	CoPayPending  = "pending"
	CoPayApproved = "approved"
)

// Messages about co-pay lines.
const (
	KeyCoPayPending   = "checkout.copay_pending"
	MsgCoPayPending   = "Pending Vendor Approval: a co-pay request in your cart is waiting for the vendor's answer. Wait for it, cancel the request, or choose another payment option for that service."
	KeyCoPayQuantity  = "cart.copay_quantity"
	MsgCoPayQuantity  = "A co-pay request covers one unit: the quantity of a co-pay line can't be changed."
	KeyCoPayInCart    = "cart.copay_in_cart"
	MsgCoPayInCart    = "This service is in your cart with a co-pay request. Remove it or choose another payment option first."
	KeyCoPayNotChosen = "cart.copay_by_request"
	MsgCoPayNotChosen = "Co-pay is chosen by sending a co-pay request to a partner vendor."
)

// CoPayLink is the state of the co-pay request a line is linked to, read with the line.
type CoPayLink struct {
	RequestID    string
	Status       string
	VendorName   string
	SplitPercent int
	// AgentShareCents and VendorShareCents are per unit, in US cents (the request's).
	AgentShareCents  int64
	VendorShareCents int64
	// PointsCents is what the partner's points already paid of its share (a remainder request
	// of an automatic co-pay): checkout takes it off the line as that co-pay's points credit.
	PointsCents  int64
	DecisionNote string
}

// CoPayView is what the cart line shows about its co-pay request.
type CoPayView struct {
	RequestID    string        `json:"request_id"`
	Status       string        `json:"status" enum:"pending,approved,declined,expired,canceled,used,missing" doc:"The request's status; missing when the request is gone"`
	VendorName   string        `json:"vendor_name" doc:"The partner vendor asked to pay"`
	SplitPercent int           `json:"split_percent"`
	AgentShare   pricing.Money `json:"agent_share" doc:"What the agent pays per unit"`
	VendorShare  pricing.Money `json:"vendor_share" doc:"What the partner covers per unit"`
	DecisionNote string        `json:"decision_note" doc:"The vendor's note with a decision"`
	// Active: pending or approved; otherwise the line is back to Needs Coverage Selection.
	Active bool `json:"active"`
	// PayNow is what paying the line now instead costs (the request withdrawn): set while the
	// request is pending (issue 28 item 2).
	PayNow *WithdrawView `json:"pay_now,omitempty" doc:"While pending: the coverage and price checkout charges if the agent pays the line now and withdraws the request (create-checkout withdraw_copay)"`
}

// coPayItem applies a co-pay line's request to its view (called by priceItem once the offer
// prices are known): pending waits for the vendor (Pending Vendor Approval), approved costs the
// agent's share (Vendor Approved), anything else is no coverage (Needs Coverage Selection) with
// the outcome shown.
func coPayItem(iv *CartItemView, it Item, conv pricing.Converter) (unit int64, handled bool) {
	if it.Coverage != CoverageCoPay {
		return 0, false
	}
	iv.QuantityEditable = false
	l := it.CoPay
	if l == nil {
		l = &CoPayLink{RequestID: it.CoPayRequestID, Status: "missing"}
	}
	v := &CoPayView{RequestID: l.RequestID, Status: l.Status, VendorName: l.VendorName, SplitPercent: l.SplitPercent,
		AgentShare: conv.Money(l.AgentShareCents), VendorShare: conv.Money(l.VendorShareCents), DecisionNote: l.DecisionNote}
	iv.CoPay = v
	switch l.Status {
	case CoPayPending:
		v.Active = true
		iv.CoverageStatus = StatusPendingApproval
		iv.Badges = append([]string{BadgePendingVendor}, iv.Badges...)
		return l.AgentShareCents, true
	case CoPayApproved:
		v.Active = true
		iv.CoverageStatus = StatusApproved
		iv.Badges = append([]string{BadgeVendorOK}, iv.Badges...)
		return l.AgentShareCents, true
	}
	// Declined, expired, canceled, used or gone: treated as no coverage.
	iv.Coverage = CoverageNone
	iv.QuantityEditable = !iv.RequiresConsultation && !iv.Subscription
	iv.CoverageStatus = StatusPendingSelection
	iv.Badges = append([]string{BadgeNeedsCoverage}, iv.Badges...)
	return 0, false
}

// CoPayCharge is what checkout prices a co-pay line at: the agent's share per unit (US cents)
// and the partner's cash share, from an approved request; ok is false for any other line. A
// remainder request (points already paid part of the partner's share) prices the line at the
// agent's share plus those points: checkout then takes the automatic co-pay's points credit
// off the line (checkout.applyCoPays), so the agent pays its share once.
func CoPayCharge(it Item) (agentUSD, vendorUSD int64, requestID string, ok bool) {
	if it.Coverage != CoverageCoPay || it.CoPay == nil || it.CoPay.Status != CoPayApproved {
		return 0, 0, "", false
	}
	return it.CoPay.AgentShareCents + it.CoPay.PointsCents, it.CoPay.VendorShareCents, it.CoPay.RequestID, true
}

// coPayUpdate checks a change of a co-pay line: its quantity stays (one request covers one
// unit); co-pay is never chosen here (a request is sent instead); another coverage unlinks the
// request (the service cancels it when still pending).
func coPayUpdate(it *Item, req UpdateRequest) error {
	if req.Coverage == CoverageCoPay {
		return apperr.Field("coverage", KeyCoPayNotChosen, MsgCoPayNotChosen)
	}
	if it.Coverage == CoverageCoPay && req.Quantity != nil && *req.Quantity != it.Quantity && coPayActive(it) {
		return apperr.Field("quantity", KeyCoPayQuantity, MsgCoPayQuantity)
	}
	return nil
}

func coPayActive(it *Item) bool {
	return it.CoPay != nil && (it.CoPay.Status == CoPayPending || it.CoPay.Status == CoPayApproved)
}

// Checkout and a line waiting for the vendor (issue 28 item 2). A pending co-pay request never
// stops the rest of the cart: checkout pays the lines that are ready and leaves a waiting line
// in the cart with its request (CheckoutAction). If the agent prefers, checkout pays a waiting
// line now instead (WithdrawCoPay): at the Pro price (the retail price when the agent has no Pro
// price for it), and the request is withdrawn.

// What checkout does with a line (CartItemView.Checkout), decided here for the cart's view and
// checkout's order alike.
const (
	// CheckoutPay: charged now.
	CheckoutPay = "pay"
	// CheckoutRelease: a consultation line released by its booked consultation (on the order,
	// not charged).
	CheckoutRelease = "release"
	// CheckoutHoldConsultation: needs a consultation first; stays in the cart.
	CheckoutHoldConsultation = "hold_consultation"
	// CheckoutHoldCoPay: waiting for the vendor's answer to its co-pay request; stays in the cart.
	CheckoutHoldCoPay = "hold_copay"
	// CheckoutBlocked: no coverage chosen, or no longer offered: checkout refuses until it is fixed.
	CheckoutBlocked = "blocked"
)

// CheckoutAction is what checkout does with a priced line.
func CheckoutAction(iv CartItemView) string {
	switch {
	case iv.RequiresConsultation && iv.ConsultationBooked:
		return CheckoutRelease
	case iv.RequiresConsultation:
		return CheckoutHoldConsultation
	case !iv.Available || iv.Coverage == CoverageNone:
		return CheckoutBlocked
	case iv.CoverageStatus == StatusPendingApproval:
		return CheckoutHoldCoPay
	}
	return CheckoutPay
}

// Messages of paying a waiting line now.
const (
	KeyWithdrawNotPending   = "checkout.withdraw_not_pending"
	MsgWithdrawNotPending   = "This line is not waiting for a co-pay answer any more. Refresh your cart and try again."
	NoteWithdrawnAtCheckout = "The agent paid for the service at checkout instead."
)

// withdrawCoverage is the coverage a waiting line is paid at when the agent withdraws its
// request: the Pro price for a Pro member when the line has one, else retail.
func withdrawCoverage(offer Offer, yearly, pro bool) (Coverage, int64, bool) {
	if pro {
		if p, ok := UnitPrice(offer, CoveragePro, yearly); ok {
			return CoveragePro, p, true
		}
	}
	p, ok := UnitPrice(offer, CoverageRetail, yearly)
	return CoverageRetail, p, ok
}

// WithdrawCoPay turns a line waiting for the vendor into a line paid now (withdrawCoverage) and
// returns the request to cancel. A line that is not waiting any more is refused (field name:
// field), so the agent never pays a line whose request was answered meanwhile without seeing it.
func WithdrawCoPay(it *Item, line Line, pro bool, field string) (requestID string, err error) {
	if it.Coverage != CoverageCoPay || it.CoPay == nil || it.CoPay.Status != CoPayPending {
		return "", apperr.Field(field, KeyWithdrawNotPending, MsgWithdrawNotPending)
	}
	offer, err := ResolveOffer(line.Service, line.Packages, it.PackageID)
	if err != nil || !line.Service.IsActive {
		return "", apperr.Field(field, KeyServiceInactive, MsgServiceInactive)
	}
	cov, price, ok := withdrawCoverage(offer, it.Yearly, pro)
	if !ok {
		return "", apperr.Field(field, KeyPricingError, MsgPricingError)
	}
	requestID = it.CoPayRequestID
	it.Coverage, it.PriceKind, it.UnitPriceCents, it.CoPayRequestID, it.CoPay = cov, string(cov), price, "", nil
	return requestID, nil
}

// WithdrawView is what paying a waiting line now would cost: its coverage and unit price.
type WithdrawView struct {
	Coverage  Coverage      `json:"coverage" enum:"retail,pro" doc:"pro for a Pro member when the line has a Pro price, else retail"`
	UnitPrice pricing.Money `json:"unit_price"`
	LineTotal pricing.Money `json:"line_total"`
}
