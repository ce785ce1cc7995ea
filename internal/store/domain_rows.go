package store

import (
	"github.com/uptrace/bun"

	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/consultations"
	"circle/internal/copay"
	"circle/internal/jobs"
	"circle/internal/pointspay"
)

// The tables whose rows are a domain type column for column: each row type names the table and
// its alias (the ones the SQL here uses) and embeds a pointer to the domain value, so a query on
// &xRow{X: &v} reads into or writes from v itself. The domain packages stay free of bun; their
// fields keep the bun column tags, which are plain strings.

type cartItemRow struct {
	bun.BaseModel `bun:"table:cart_items,alias:ci"`
	*cart.Item
}

func (r cartItemRow) domain() cart.Item { return *r.Item }

type checkoutOrderRefundRow struct {
	bun.BaseModel `bun:"table:order_refunds,alias:order_refund"`
	*checkout.OrderRefund
}

func (r checkoutOrderRefundRow) domain() checkout.OrderRefund { return *r.OrderRefund }

type checkoutPaymentSessionRow struct {
	bun.BaseModel `bun:"table:checkout_sessions,alias:payment_session"`
	*checkout.PaymentSession
}

func (r checkoutPaymentSessionRow) domain() checkout.PaymentSession { return *r.PaymentSession }

type checkoutOrderRow struct {
	bun.BaseModel `bun:"table:orders,alias:o"`
	*checkout.Order
}

func (r checkoutOrderRow) domain() checkout.Order { return *r.Order }

type checkoutOrderItemRow struct {
	bun.BaseModel `bun:"table:order_items,alias:order_item"`
	*checkout.OrderItem
}

func (r checkoutOrderItemRow) domain() checkout.OrderItem { return *r.OrderItem }

type billingSubscriptionRow struct {
	bun.BaseModel `bun:"table:subscriptions,alias:subscription"`
	*billing.Subscription
}

func (r billingSubscriptionRow) domain() billing.Subscription { return *r.Subscription }

type billingOfferRow struct {
	bun.BaseModel `bun:"table:subscription_offers,alias:offer"`
	*billing.Offer
}

func (r billingOfferRow) domain() billing.Offer { return *r.Offer }

type billingInvoiceRow struct {
	bun.BaseModel `bun:"table:billing_invoices,alias:invoice"`
	*billing.Invoice
}

func (r billingInvoiceRow) domain() billing.Invoice { return *r.Invoice }

type copayRequestRow struct {
	bun.BaseModel `bun:"table:co_pay_requests,alias:request"`
	*copay.Request
}

func (r copayRequestRow) domain() copay.Request { return *r.Request }

type copayEventRow struct {
	bun.BaseModel `bun:"table:co_pay_request_events,alias:event"`
	*copay.Event
}

func (r copayEventRow) domain() copay.Event { return *r.Event }

type pointspayAutomaticCoPayRow struct {
	bun.BaseModel `bun:"table:automatic_copays,alias:automatic_co_pay"`
	*pointspay.AutomaticCoPay
}

func (r pointspayAutomaticCoPayRow) domain() pointspay.AutomaticCoPay { return *r.AutomaticCoPay }

type pointspayVendorChargeRow struct {
	bun.BaseModel `bun:"table:vendor_point_charges,alias:vendor_charge"`
	*pointspay.VendorCharge
}

func (r pointspayVendorChargeRow) domain() pointspay.VendorCharge { return *r.VendorCharge }

type pointspayVendorBillingRow struct {
	bun.BaseModel `bun:"table:vendor_billing,alias:vendor_billing"`
	*pointspay.VendorBilling
}

func (r pointspayVendorBillingRow) domain() pointspay.VendorBilling { return *r.VendorBilling }

type pointspayGuaranteeCreditRow struct {
	bun.BaseModel `bun:"table:pro_guarantee_credits,alias:guarantee_credit"`
	*pointspay.GuaranteeCredit
}

func (r pointspayGuaranteeCreditRow) domain() pointspay.GuaranteeCredit { return *r.GuaranteeCredit }

type consultationsBookingRow struct {
	bun.BaseModel `bun:"table:consultation_bookings,alias:booking"`
	*consultations.Booking
}

func (r consultationsBookingRow) domain() consultations.Booking { return *r.Booking }

type consultationsBookingIntegrationRow struct {
	bun.BaseModel `bun:"table:consultation_integrations,alias:booking_integration"`
	*consultations.BookingIntegration
}

func (r consultationsBookingIntegrationRow) domain() consultations.BookingIntegration {
	return *r.BookingIntegration
}

type consultationsCRMContactRow struct {
	bun.BaseModel `bun:"table:crm_contacts,alias:crm_contact"`
	*consultations.CRMContact
}

func (r consultationsCRMContactRow) domain() consultations.CRMContact { return *r.CRMContact }

type consultationsVendorSettingsRow struct {
	bun.BaseModel `bun:"table:vendor_consultation_settings,alias:vendor_settings"`
	*consultations.VendorSettings
}

func (r consultationsVendorSettingsRow) domain() consultations.VendorSettings {
	return *r.VendorSettings
}

type consultationsBlockedSlotRow struct {
	bun.BaseModel `bun:"table:vendor_blocked_slots,alias:blocked_slot"`
	*consultations.BlockedSlot
}

func (r consultationsBlockedSlotRow) domain() consultations.BlockedSlot { return *r.BlockedSlot }

type jobsJobRow struct {
	bun.BaseModel `bun:"table:jobs,alias:job"`
	*jobs.Job
}

func (r jobsJobRow) domain() jobs.Job { return *r.Job }
