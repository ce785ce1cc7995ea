package checkout

import (
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/lang"
	"circle/internal/marketplace"
)

// Recurring services (docs/decisions.md, Hardening (issue 14), Recurring services): a monthly
// or yearly service is charged once at checkout, for its first period; the renewal is arranged
// with the vendor. Every place the line appears says so: the line sent to the payment provider,
// the built-in payment page, the order in /orders and the cart.

// Billing periods of an order line (order_items.period; "" on orders made before it was kept).
const (
	PeriodOneTime = "one_time"
	PeriodMonth   = "month"
	PeriodYear    = "year"
)

// LinePeriod is a line's billing period by the card's price suffix rule (02§4): yearly when the
// yearly price was chosen or the duration says year or annual, one-time when it says one time
// or once, monthly otherwise.
func LinePeriod(duration string, yearly bool) string {
	switch marketplace.PriceSuffix(duration, yearly) {
	case "/yr":
		return PeriodYear
	case "":
		return PeriodOneTime
	default:
		return PeriodMonth
	}
}

// OfferPeriod is the billing period of a cart line's offer: its duration, or the service's when
// the offer has none (as the cart shows the line's price suffix).
func OfferPeriod(offer cart.Offer, svc catalog.Service, yearly bool) string {
	duration := offer.Duration
	if duration == "" {
		duration = svc.PriceDuration
	}
	return LinePeriod(duration, yearly)
}

// Recurring reports a monthly or yearly line.
func Recurring(period string) bool { return period == PeriodMonth || period == PeriodYear }

// firstPeriodText is what a recurring line's name adds, by language and period.
var firstPeriodText = map[string]map[string]string{
	"en": {PeriodMonth: "first month only; renews with the vendor", PeriodYear: "first year only; renews with the vendor"},
	"es": {PeriodMonth: "solo el primer mes; se renueva con el proveedor", PeriodYear: "solo el primer año; se renueva con el proveedor"},
	"fr": {PeriodMonth: "premier mois uniquement ; renouvellement auprès du fournisseur", PeriodYear: "première année uniquement ; renouvellement auprès du fournisseur"},
}

// RenewalNote is the note under a payment page or receipt with a recurring line.
var RenewalNote = map[string]string{
	"en": "Monthly and yearly services renew with the vendor: Circle charges the first month or year only.",
	"es": "Los servicios mensuales y anuales se renuevan con el proveedor: Circle cobra solo el primer mes o año.",
	"fr": "Les services mensuels et annuels se renouvellent auprès du fournisseur : Circle ne facture que le premier mois ou la première année.",
}

// PeriodLineName is a line's name on the payment page and at the payment provider: LineName,
// and for a monthly or yearly line that only the first period is charged and the renewal is
// with the vendor, in the buyer's language.
func PeriodLineName(title, coverage, period, language string) string {
	name := LineName(title, coverage)
	if Recurring(period) {
		name += " - " + firstPeriodText[lang.Base(language)][period]
	}
	return name
}
