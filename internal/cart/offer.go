package cart

import (
	"strings"

	"circle/internal/points"
	"circle/internal/pricing"
)

// The ways to pay a purchase dialog offers (02§2 pricing-choice dialog). Co-pay and points are
// shown but not payable until the co-pay (F-PAY-05) and wallet (F-PAY-07) features arrive.
const (
	ChoiceRetail = "retail"
	ChoicePro    = "pro"
	ChoiceCoPay  = "copay"
	ChoicePoints = "points"
)

// Why a purchase-dialog option is locked (02§4-5); the web app shows each as a badge.
const (
	LockedSignInRequired     = "sign_in_required"
	LockedProOnly            = "pro_only"
	LockedNotEligible        = "not_eligible"
	LockedInsufficientPoints = "insufficient_points"
	LockedNoPrice            = "no_price"
)

// OfferService is the service a purchase request names, with the prices its card shows.
type OfferService struct {
	ID                              string
	RetailPriceCents, ProPriceCents *int64
	CopayAllowed, RequiresQuote     bool
}

// OfferPackage is one package card of the service detail (its own packages or the default
// ones), as a purchase request may name it.
type OfferPackage struct {
	ID, Name                                    string
	PriceCents, ProPriceCents, YearlyPriceCents *int64
	// ProYearlyPriceCents is the yearly Pro price (the quote's: the monthly Pro discount kept).
	ProYearlyPriceCents *int64
	RequestPricing      bool
}

// OfferViewer is who is buying: the options' eligibility depends on it.
type OfferViewer struct {
	SignedIn, Pro bool
	// Points is the viewer's points balance (1 point = US$1).
	Points int64
}

// OfferOption is one way to pay an offer, as the pricing-choice and purchase dialogs show it.
type OfferOption struct {
	Coverage     string         `json:"coverage" enum:"retail,pro,copay,points"`
	PriceCents   *int64         `json:"price_cents" doc:"The price this option charges (US cents); null when it has none"`
	Price        *pricing.Money `json:"price" doc:"price_cents in the viewer's currency, when positive"`
	PointsNeeded int64          `json:"points_needed" doc:"Points option: points the price costs (1 point per dollar, rounded up); 0 without a price"`
	Eligible     bool           `json:"eligible" doc:"The viewer can choose this option now"`
	PointsLimit  *PointsLimit   `json:"points_limit,omitempty" doc:"Points option, for a Pro member: the 02§5 cap on what points pay (not for a settlement provider's service)"`
	LockedReason string         `json:"locked_reason,omitempty" enum:"sign_in_required,pro_only,not_eligible,insufficient_points,insufficient_balance,no_price" doc:"Why the option is locked"`
}

// PurchaseOffer is what a purchase request (Add to Cart, Buy Now, Select Package) buys: the
// service itself, one of its packages (monthly or yearly) or a sales-page tier, with the options
// its dialogs show. The web app adds it to the cart at one of these prices and computes none.
type PurchaseOffer struct {
	ServiceID string `json:"service_id"`
	PackageID string `json:"package_id" doc:"The package or sales-page tier (retail, pro, copay) to add; empty for the service itself"`
	// RequestNames resolves a request's packageName without a price rule in the client.
	RequestNames     []string      `json:"request_names" doc:"Trimmed, lower-cased package names and ids a purchase request names this offer by; each belongs to one package, a yearly offer shares its package's. The service itself answers to the empty name and to names no other offer has."`
	Yearly           bool          `json:"yearly" doc:"The package's yearly price: a request that showed retail_price_cents gets this offer instead of the monthly one"`
	Quote            bool          `json:"quote" doc:"Priced after a consultation: added without a price and held back from payment"`
	RetailPriceCents *int64        `json:"retail_price_cents" doc:"The price sent when adding at retail coverage (US cents)"`
	ProPriceCents    *int64        `json:"pro_price_cents" doc:"The price sent when adding at Pro coverage (US cents)"`
	DefaultCoverage  string        `json:"default_coverage" enum:",retail,pro" doc:"The purchase dialog's preselected option: retail when eligible, else Pro when eligible; empty when nothing can be bought"`
	CoverageOptions  []OfferOption `json:"coverage_options" doc:"The pricing-choice dialog's options in order, hidden ones left out; the purchase dialog shows all but points"`
}

// PurchaseOffers lists every offer a purchase request for the service can resolve to, in the
// order a request's package name is matched (02§9): the service itself; each package (by name,
// case-insensitively, or id; the first one wins) with, when its yearly price differs from the
// monthly one, its yearly offer; then the sales-page tiers by name (Standard, Circle Pro,
// Co-Pay), which are the service itself at one of its prices.
func PurchaseOffers(svc OfferService, pkgs []OfferPackage, viewer OfferViewer, conv pricing.Converter) []PurchaseOffer {
	base := offerAt(svc.ID, "", false, svc.RetailPriceCents, svc.ProPriceCents, svc.CopayAllowed, svc.RequiresQuote, viewer, conv)
	base.RequestNames = []string{""}
	out := []PurchaseOffer{base}
	claimed := map[string]bool{"": true}
	claim := func(names ...string) []string {
		got := []string{}
		for _, n := range names {
			if key := requestName(n); !claimed[key] {
				claimed[key] = true
				got = append(got, key)
			}
		}
		return got
	}
	for _, p := range pkgs {
		names := claim(p.Name, p.ID)
		if len(names) == 0 {
			continue
		}
		quote := p.RequestPricing || (p.PriceCents == nil && p.YearlyPriceCents == nil)
		monthly := offerAt(svc.ID, p.ID, false, p.PriceCents, p.ProPriceCents, svc.CopayAllowed, quote, viewer, conv)
		monthly.RequestNames = names
		out = append(out, monthly)
		if y := p.YearlyPriceCents; y != nil && (p.PriceCents == nil || *y != *p.PriceCents) {
			// The yearly period at its own Pro price, the one the cart charges (quote.Quote.ProYearly).
			yearly := offerAt(svc.ID, p.ID, true, y, p.ProYearlyPriceCents, svc.CopayAllowed, p.RequestPricing, viewer, conv)
			yearly.RequestNames = names
			out = append(out, yearly)
		}
	}
	for _, tier := range pricing.SalesTiers {
		names := claim(tier.Name)
		if len(names) == 0 {
			continue
		}
		t := offerAt(svc.ID, tier.ID, false, svc.RetailPriceCents, svc.ProPriceCents, svc.CopayAllowed, svc.RequiresQuote, viewer, conv)
		t.RequestNames = names
		out = append(out, t)
	}
	return out
}

// requestName is how a purchase request's package name is compared: trimmed, lower case.
func requestName(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func offerAt(serviceID, packageID string, yearly bool, retail, pro *int64, copay, quote bool, viewer OfferViewer, conv pricing.Converter) PurchaseOffer {
	o := PurchaseOffer{ServiceID: serviceID, PackageID: packageID, Yearly: yearly, Quote: quote, RetailPriceCents: retail, ProPriceCents: pro,
		CoverageOptions: ChoiceOptions(viewer, retail, pro, copay, conv)}
	for _, want := range []string{ChoiceRetail, ChoicePro} {
		for _, opt := range o.CoverageOptions {
			if opt.Coverage == want && opt.Eligible && o.DefaultCoverage == "" {
				o.DefaultCoverage = want
			}
		}
	}
	return o
}

// ChoiceOptions are the pricing-choice dialog's options in the spec's order, hidden ones left
// out (02§2, 02§4-5):
//   - Pay Retail Price needs sign-in and a price; it is shown to non-Pro members, and to Pro
//     members when there is no Pro price.
//   - Pay Circle Pro Price needs Pro; non-members see it locked Pro Only.
//   - Get Vendor Help (Co-Pay) is shown for co-pay services: Pro Only for non-members; for
//     members it opens the partner picker when the offer has a retail price to share.
//   - Pay with Agent Points is Pro Only for non-members; for members it needs points above 0 and
//     enough of them for the Pro (else retail) price, and is not yet eligible (F-PAY-07).
func ChoiceOptions(viewer OfferViewer, retail, pro *int64, copay bool, conv pricing.Converter) []OfferOption {
	option := func(coverage string, price *int64, locked string) OfferOption {
		o := OfferOption{Coverage: coverage, PriceCents: price, Eligible: locked == "", LockedReason: locked}
		if price != nil && *price > 0 {
			m := conv.Money(*price)
			o.Price = &m
		}
		return o
	}
	out := []OfferOption{}
	hasPro := isPositive(pro)
	if !viewer.Pro || !hasPro {
		switch {
		case !viewer.SignedIn:
			out = append(out, option(ChoiceRetail, retail, LockedSignInRequired))
		case !isPositive(retail):
			out = append(out, option(ChoiceRetail, retail, LockedNoPrice))
		default:
			out = append(out, option(ChoiceRetail, retail, ""))
		}
	}
	if hasPro {
		locked := ""
		if !viewer.SignedIn || !viewer.Pro {
			locked = LockedProOnly
		}
		out = append(out, option(ChoicePro, pro, locked))
	}
	if copay {
		// Pro members open the Select Co-Pay Partner dialog (F-PAY-05); co-pay shares retail.
		locked := LockedProOnly
		if viewer.Pro {
			locked = ""
			if !isPositive(retail) {
				locked = LockedNoPrice
			}
		}
		out = append(out, option(ChoiceCoPay, nil, locked))
	}
	pointsPrice := retail
	if hasPro && viewer.Pro {
		pointsPrice = pro
	}
	pts := option(ChoicePoints, pointsPrice, "")
	if isPositive(pointsPrice) {
		pts.PointsNeeded = points.Needed(*pointsPrice)
	}
	pts.Eligible = false
	switch {
	case !viewer.Pro:
		pts.LockedReason = LockedProOnly
	case !isPositive(pointsPrice) || viewer.Points <= 0 || viewer.Points < pts.PointsNeeded:
		pts.LockedReason = LockedInsufficientPoints
	default:
		pts.LockedReason = LockedNotEligible
	}
	return append(out, pts)
}

func isPositive(p *int64) bool { return p != nil && *p > 0 }
