package checkout

import (
	"fmt"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// HeldBack is a cart line checkout did not charge, with the reason.
type HeldBack struct {
	ItemID, Title, Reason, Explanation string
}

// Priced is an order priced from the catalogue, ready to store (its payment page is made from
// the stored lines: OrderLineItems).
type Priced struct {
	Order    Order
	Items    []OrderItem
	HeldBack []HeldBack
}

// PriceOrder prices a checkout of the cart (02§7, 03§5): every line needs a coverage; lines that
// need a consultation are held back; each line is priced from the catalogue for its coverage,
// whatever price the client sent earlier. order carries the id, number, user, currency, rate
// and provider; PriceOrder fills the totals. A points line records the points it uses and what
// they pay; its line total, and the order's totals, are the cash share only.
//
// Each line is priced once (issue 26 item 4): by the cart's own pass (cart.PriceLines), whose
// view says which lines may be paid and whose offer and charge checkout charges.
func PriceOrder(order Order, items []cart.Item, lines map[string]cart.Line, conv pricing.Converter, pro bool) (Priced, error) {
	priced := cart.PriceLines(items, lines, conv, pro)
	var missing []apperr.FieldError
	out := Priced{HeldBack: []HeldBack{}}
	for _, p := range priced {
		iv := p.View
		switch iv.Checkout {
		case cart.CheckoutHoldConsultation:
			out.HeldBack = append(out.HeldBack, HeldBack{ItemID: iv.ID, Title: iv.Title, Reason: HeldBackReason, Explanation: HeldBackExplanation})
		case cart.CheckoutHoldCoPay:
			// Waiting for the vendor's answer: stays in the cart with its request (issue 28 item 2).
			out.HeldBack = append(out.HeldBack, HeldBack{ItemID: iv.ID, Title: iv.Title, Reason: HeldBackCoPay, Explanation: HeldBackCoPayExplanation})
		case cart.CheckoutBlocked:
			if !iv.Available {
				missing = append(missing, apperr.FieldError{Field: "items." + iv.ID, Key: cart.KeyServiceInactive, Message: cart.MsgServiceInactive})
			} else {
				missing = append(missing, apperr.FieldError{Field: "items." + iv.ID + ".coverage", Key: cart.KeyCoverageRequired, Message: cart.MsgCoverageRequired})
			}
		}
	}
	if len(missing) > 0 {
		return Priced{}, &apperr.Error{Code: apperr.Invalid, Message: missing[0].Message, Fields: missing}
	}
	for _, p := range priced {
		it, line, offer := p.Item, p.Line, p.Offer
		switch p.View.Checkout {
		case cart.CheckoutRelease:
			out.Items = append(out.Items, consultationLine(it, line))
			continue
		case cart.CheckoutPay:
		default:
			continue
		}
		if !p.Resolved || cart.NeedsConsultation(offer) || it.PriceKind == "quote" {
			continue
		}
		if (it.Coverage == cart.CoveragePro || it.Coverage == cart.CoveragePoints) && !pro {
			return Priced{}, cart.ProRequired()
		}
		// The server's price for the coverage, never the stored or sent one.
		unitUSD, copay, ok := chargeOf(it, offer)
		if !ok {
			return Priced{}, apperr.Field("items."+it.ID, cart.KeyPricingError, cart.MsgPricingError)
		}
		retailUSD, _ := offer.Options.Price(pricing.Retail, it.Yearly)
		unit := conv.Convert(unitUSD)
		title, vendor := lineNames(it, line)
		oi := OrderItem{CartItemID: it.ID, ServiceID: it.ServiceID, PackageID: it.PackageID, Title: title, VendorName: vendor,
			Coverage: string(it.Coverage), Yearly: it.Yearly, Period: OfferPeriod(offer, line.Service, it.Yearly), Quantity: it.Quantity, UnitPriceCents: unit, UnitPriceUSDCents: unitUSD,
			RetailUnitPriceUSDCts: max(retailUSD, unitUSD), LineTotalCents: unit * int64(it.Quantity)}
		oi.AgentShareCents, oi.VendorShareCents, oi.CoPayRequestID = oi.LineTotalCents, conv.Convert(copay.vendorUSD)*int64(it.Quantity), copay.requestID
		if it.Coverage == cart.CoveragePoints {
			// The points share and the cash share of the line, as the cart showed them.
			oi.LineTotalCents, oi.PointsUsed, oi.PointsUSDCents = p.Charge.Total, p.Charge.PointsUsed, p.Charge.PointsUSD
			order.PointsUsed += oi.PointsUsed
		}
		out.Items = append(out.Items, oi)
		order.TotalCents += oi.LineTotalCents
		order.TotalUSDCents += unitUSD*int64(it.Quantity) - oi.PointsUSDCents
		order.RetailTotalUSDCents += oi.RetailUnitPriceUSDCts * int64(it.Quantity)
	}
	if len(out.Items) == 0 {
		for _, h := range out.HeldBack {
			if h.Reason == HeldBackCoPay {
				// Nothing is ready: every line left waits (a co-pay answer, or a consultation).
				return Priced{}, apperr.Field("items."+h.ItemID+".coverage", cart.KeyCoPayPending, cart.MsgCoPayPending)
			}
		}
		return Priced{}, apperr.Field("cart", "checkout.consultation_only", MsgOnlyConsultations)
	}
	out.Order = order
	return out, nil
}

// CoverageConsultation is the coverage of an order line released by its booked consultation
// (the cart consultation flow, 03§4): nothing is charged for it now; the vendor prices it at
// the meeting. The line leaves the cart with the order and keeps the booking in /consultations.
const CoverageConsultation = "consultation"

// lineNames are an order line's title (the service's, with its package) and vendor name.
func lineNames(it cart.Item, line cart.Line) (title, vendor string) {
	title, vendor = line.Service.Title, "Unknown Vendor"
	if it.PackageName != "" {
		title += " - " + it.PackageName + " Package"
	}
	if line.Vendor != nil && line.Vendor.Name != "" {
		vendor = line.Vendor.Name
	}
	return title, vendor
}

// consultationLine is a released consultation line: quantity 1, no charge.
func consultationLine(it cart.Item, line cart.Line) OrderItem {
	title, vendor := lineNames(it, line)
	return OrderItem{CartItemID: it.ID, ServiceID: it.ServiceID, PackageID: it.PackageID, Title: title, VendorName: vendor,
		Coverage: CoverageConsultation, Quantity: 1}
}

// OrderLineItems are a stored order's lines as the payment provider shows them, named in the
// buyer's language (the page is created after the order is stored, possibly by a job in
// another process): a recurring line says only its first period is charged.
func OrderLineItems(items []*OrderItem, lang string) []payments.LineItem {
	out := make([]payments.LineItem, 0, len(items))
	for _, it := range items {
		if it.Coverage == CoverageConsultation {
			// Priced by the vendor after the meeting: not on the payment page.
			continue
		}
		unit, qty, name := it.UnitPriceCents, int64(it.Quantity), PeriodLineName(it.Title, it.Coverage, it.Period, lang)
		if it.PointsUSDCents > 0 && qty > 0 {
			// A line points paid part of charges its cash share only (one line for all its units
			// when the share does not divide evenly); a line points paid in full is not charged.
			if it.LineTotalCents <= 0 {
				continue
			}
			unit = it.LineTotalCents / qty
			if unit*qty != it.LineTotalCents {
				unit, name, qty = it.LineTotalCents, fmt.Sprintf("%s x %d", name, qty), 1
			}
		}
		out = append(out, payments.LineItem{Name: name, UnitAmountCents: unit, Quantity: qty})
	}
	return out
}

// LineName is a line's name on the payment page.
func LineName(title, coverage string) string {
	if coverage == string(cart.CoveragePro) {
		return title + " (Circle Pro price)"
	}
	return title
}
