package demo

import (
	"time"

	"circle/internal/billing"
	"circle/internal/payments"
)

// MembershipID is the id of pro@demo.test's Circle Pro membership.
const MembershipID = "sub-demo-pro"

// BuildMembership is pro@demo.test's Circle Pro membership (issue 15 item 8): a monthly
// single-seat membership with the built-in provider, started a month and ten days before now,
// so /billing shows it active with a renewal date twenty-odd days ahead, two paid invoices and
// the management actions. Without it the account was Pro by its flag alone and /billing said
// it had no membership. The current period ends after now, so the built-in renewal job has
// nothing due when the demo loads.
func BuildMembership(now time.Time) (billing.Subscription, []billing.Invoice) {
	now = now.UTC().Truncate(time.Second)
	started := now.AddDate(0, -1, -10)
	second := billing.AddInterval(started, billing.IntervalMonth)
	end := billing.AddInterval(second, billing.IntervalMonth)
	price := billing.Price(billing.IntervalMonth, 1)
	sub := billing.Subscription{ID: MembershipID, UserID: userPro, Plan: billing.PlanID, Interval: billing.IntervalMonth, Seats: 1,
		Status: billing.StatusActive, Currency: "USD", AmountCents: price, AmountUSDCents: price, Provider: payments.NameBuiltIn,
		ProviderCustomerID: payments.BuiltInCustomerID(userPro), ProviderSubscriptionID: payments.BuiltInSubscriptionID(MembershipID),
		StartedAt: &started, CurrentPeriodStart: &second, CurrentPeriodEnd: &end, CreatedAt: started, UpdatedAt: second}
	invoice := func(start, end time.Time) billing.Invoice {
		return billing.Invoice{ID: "in-demo-pro-" + start.Format("20060102"), UserID: userPro, SubscriptionID: MembershipID,
			Provider: payments.NameBuiltIn, Status: billing.InvoicePaid, Currency: "USD", AmountCents: price, AmountUSDCents: price,
			Description: billing.InvoiceDescription(1, billing.IntervalMonth, 0), PeriodStart: start, PeriodEnd: end, CreatedAt: start}
	}
	return sub, []billing.Invoice{invoice(started, second), invoice(second, end)}
}
