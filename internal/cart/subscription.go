package cart

import (
	"strings"

	"circle/internal/apperr"
)

// Subscriptions in the cart (issue 28 item 13). A subscription is a line billed by the month or
// the year: the yearly price was chosen, or the offer's duration (the service's when the package
// has none) names a month or a year ("monthly", "per month", "yearly", "annual"). "one time",
// "TBD", "30 days" and an empty duration are not subscriptions (the card's price suffix shows
// /mo for anything that is not one-time; that is a display fallback, not a billing period the
// vendor stated). One agent holds one of a subscription: it is in the cart once, at quantity 1,
// and adding it again is answered "already in your cart" (409) instead of making it x 2.

// Messages of a subscription already in the cart.
const (
	KeyAlreadyInCart        = "cart.already_in_cart"
	MsgAlreadyInCart        = "Already in your cart: this subscription is billed by the month or year, so it is in your cart once."
	KeySubscriptionQuantity = "cart.subscription_quantity"
	MsgSubscriptionQuantity = "A subscription is bought once: its quantity stays 1."
)

// Subscription reports a line billed by the month or the year (see above).
func Subscription(duration string, yearly bool) bool {
	if yearly {
		return true
	}
	d := strings.ToLower(duration)
	return strings.Contains(d, "month") || strings.Contains(d, "year") || strings.Contains(d, "annual")
}

// lineDuration is the duration a line's offer is billed by: its own, else its service's.
func lineDuration(line Line, offer Offer) string {
	if offer.Duration != "" {
		return offer.Duration
	}
	return line.Service.PriceDuration
}

// checkSubscription refuses a second unit of a subscription: a quantity above 1, or a line
// already in the cart (the same service, package and billing period).
func checkSubscription(current []Item, add Item) error {
	if add.Quantity != 1 {
		return apperr.Field("quantity", KeySubscriptionQuantity, MsgSubscriptionQuantity)
	}
	for _, c := range current {
		if c.ServiceID == add.ServiceID && c.PackageID == add.PackageID && c.Yearly == add.Yearly {
			return &apperr.Error{Code: apperr.Conflict, Message: MsgAlreadyInCart,
				Fields: []apperr.FieldError{{Field: "service_id", Key: KeyAlreadyInCart, Message: MsgAlreadyInCart}}}
		}
	}
	return nil
}
