// Package pointspay is paying with points (issue 15 items 4-6, spec 02§4-5, 02§7, 02§9): the
// points side of checkout (spend when the order is made, final when it is paid, given back
// when it ends unpaid or is refunded), the vendors' charges for the points of their
// allocations (process_real_time_charge, process-point-charge), the automatic co-pay
// (process_automatic_copay) and the Pro Savings Guarantee credit.
package pointspay

import (
	"strconv"
	"time"
)

// Vendor charge statuses.
const (
	ChargePending  = "pending"
	ChargeCharged  = "charged"
	ChargeFailed   = "failed"
	ChargeCanceled = "canceled"
	ChargeRefunded = "refunded"
)

// Jobs of this package.
const (
	// ChargeKind charges one vendor charge at the payment provider (process-point-charge).
	ChargeKind = "points.charge_vendor"
	// RefundChargeKind gives a vendor back a charge whose points went back to the agent.
	RefundChargeKind = "points.refund_vendor_charge"
	// GuaranteeKind is the daily Pro Savings Guarantee job.
	GuaranteeKind = "points.pro_guarantee"
	// SaveCardKind saves the card a completed Stripe setup page put on file (cards.go).
	SaveCardKind = "points.save_vendor_card"
	// DetachCardKind takes a replaced or removed card off the vendor's customer at the provider.
	DetachCardKind = "points.detach_vendor_card"
)

// VendorCharge is what a vendor pays for the points of one of its allocations an agent used
// (vendor_point_charges): one per spend and allocation, 1 point = US$1.
type VendorCharge struct {
	ID                    string `bun:"id,pk" json:"id"`
	VendorID              string `bun:"vendor_id,notnull" json:"vendor_id"`
	AgentID               string `bun:"agent_id,notnull" json:"-"`
	SpendID               string `bun:"spend_id,notnull" json:"spend_id"`
	AllocationID          string `bun:"allocation_id,notnull" json:"allocation_id"`
	OrderID               string `bun:"order_id,notnull" json:"order_id"`
	Points                int64  `bun:"points,notnull" json:"points"`
	AmountCents           int64  `bun:"amount_cents,notnull" json:"amount_cents"`
	Currency              string `bun:"currency,notnull" json:"currency"`
	Status                string `bun:"status,notnull" json:"status" enum:"pending,charged,failed,canceled,refunded"`
	Provider              string `bun:"provider,notnull" json:"provider"`
	ProviderChargeID      string `bun:"provider_charge_id,notnull" json:"charge_id"`
	StripeCustomerID      string `bun:"stripe_customer_id,notnull" json:"-"`
	StripePaymentMethodID string `bun:"stripe_payment_method_id,notnull" json:"-"`
	Failure               string `bun:"failure,notnull" json:"failure,omitempty"`
	Attempts              int    `bun:"attempts,notnull" json:"attempts"`
	// Declines counts the provider's declines of the card; the charge's key moves on with each
	// (ProviderKey).
	Declines  int       `bun:"declines,notnull" json:"-"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt time.Time `bun:"updated_at,notnull" json:"updated_at"`
}

// VendorBilling is how a vendor pays for the points it funds (vendor_billing): the customer
// and the card saved at the provider (cards.go). The payment method is empty when no card is
// on file (never saved, or removed); the customer stays for the next card.
type VendorBilling struct {
	VendorID              string    `bun:"vendor_id,pk"`
	Provider              string    `bun:"provider,notnull"`
	StripeCustomerID      string    `bun:"stripe_customer_id,notnull"`
	StripePaymentMethodID string    `bun:"stripe_payment_method_id,notnull"`
	CardBrand             string    `bun:"card_brand,notnull"`
	CardLast4             string    `bun:"card_last4,notnull"`
	CardExpMonth          int       `bun:"card_exp_month,notnull"`
	CardExpYear           int       `bun:"card_exp_year,notnull"`
	UpdatedBy             string    `bun:"updated_by,notnull"`
	UpdatedAt             time.Time `bun:"updated_at,notnull"`
}

// GuaranteeCredit is one membership year's Pro Savings Guarantee (pro_guarantee_credits).
type GuaranteeCredit struct {
	ID                 string    `bun:"id,pk" json:"id"`
	UserID             string    `bun:"user_id,notnull" json:"-"`
	SubscriptionID     string    `bun:"subscription_id,notnull" json:"-"`
	YearStart          time.Time `bun:"year_start,notnull" json:"year_start"`
	YearEnd            time.Time `bun:"year_end,notnull" json:"year_end"`
	FeeUSDCents        int64     `bun:"fee_usd_cents,notnull" json:"fee_usd_cents"`
	ProSavingsUSDCents int64     `bun:"pro_savings_usd_cents,notnull" json:"pro_savings_usd_cents"`
	PointsUSDCents     int64     `bun:"points_usd_cents,notnull" json:"points_usd_cents"`
	CoverageUSDCents   int64     `bun:"coverage_usd_cents,notnull" json:"coverage_usd_cents"`
	ShortfallUSDCents  int64     `bun:"shortfall_usd_cents,notnull" json:"shortfall_usd_cents"`
	Points             int64     `bun:"points,notnull" json:"points"`
	CreatedAt          time.Time `bun:"created_at,notnull" json:"created_at"`
}

// ReasonGuarantee is the points ledger reason of a Pro Savings Guarantee credit.
const ReasonGuarantee = "pro_guarantee"

// ProviderKey is the charge's idempotency key at the payment provider: its id, then its id and
// its declines once the card was declined. A retry after a decline is a new payment; a retry
// after an error without an answer (the payment may have gone through) sends the same key, so
// the provider answers that payment instead of charging again.
func (c VendorCharge) ProviderKey() string {
	if c.Declines == 0 {
		return c.ID
	}
	return c.ID + "-after-" + strconv.Itoa(c.Declines) + "-declines"
}
