package cart

import (
	"circle/internal/catalog"
	"circle/internal/points"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// CoveragePoints pays a line with the agent's points (02§2 "OR use points / Pay with Agent
// Points", 02§5 points usable): the line is priced at the Pro price (retail when the service
// has none); checkout spends the points the 02§5 rule asks for and charges the rest in cash.
const CoveragePoints Coverage = "points"

// LockedInsufficientBalance: a Pro member without any points (02§8 "Insufficient Balance").
const LockedInsufficientBalance = "insufficient_balance"

// pointsUnitPrice is the price a points line pays: the Pro price, else retail.
func pointsUnitPrice(offer Offer, yearly bool) (int64, bool) {
	if p, ok := offer.Options.Price(pricing.Pro, yearly); ok {
		return p, true
	}
	return offer.Options.Price(pricing.Retail, yearly)
}

// PointsLimit is the 02§5 points rule's cap on a price, as the payment-option dialog and the
// cart line explain it (issue 28 item 7): "Points can pay up to 50% of the Pro price ($95) for
// this service". Absent when nothing caps the points (a settlement provider's service).
type PointsLimit struct {
	Percent int    `json:"percent" doc:"The most points pay, in percent of the price: the service's split limit, default 50"`
	Cents   int64  `json:"cents" doc:"The most points pay of one unit, in US cents (whole points)"`
	Base    string `json:"base" enum:"pro,retail" doc:"The price the percent is of: the Pro price, or retail when the service has none"`
	// Amount is Cents in the viewer's currency, as the explanation shows it.
	Amount pricing.Money `json:"amount"`
}

// pointsLimitOf is the cap on a unit price, nil when nothing caps the points.
func pointsLimitOf(in points.UsableInput, base string, conv pricing.Converter) *PointsLimit {
	pct, cents, ok := points.Limit(in)
	if !ok {
		return nil
	}
	return &PointsLimit{Percent: pct, Cents: cents, Base: base, Amount: conv.Money(cents)}
}

// PointsTerms are what the points-usable rule of 02§5 reads of a service besides its price.
type PointsTerms struct {
	// SettlementProvider: the service's vendor is a settlement service provider.
	SettlementProvider bool
	// SplitLimitPercent is the service's respa_split_limit (0: the default 50).
	SplitLimitPercent int
	// Money shows the points limit's amount in the viewer's currency (USD when zero).
	Money pricing.Converter
	// CanCoverFull reports calculate_respa_compliant_usage's can_cover_full_amount for a price
	// and the agent's points.
	CanCoverFull func(priceCents, points int64) bool
}

// PointsTermsOf reads the points terms of a service and its vendor: the compliance
// calculation asks whether the vendor's compliant share, paid in the agent's points, covers the
// whole price (respa.CompliantUsage at the largest split the rules allow).
func PointsTermsOf(svc catalog.Service, vendor *catalog.Vendor) PointsTerms {
	kind := respa.NonSSP
	if vendor != nil {
		kind = respa.KindOf(vendor.VendorType)
	}
	t := PointsTerms{SettlementProvider: kind == respa.SSP}
	if svc.RespaSplitLimit != nil {
		t.SplitLimitPercent = *svc.RespaSplitLimit
	}
	terms := respa.TermsOf(svc)
	name := ""
	if vendor != nil {
		name = vendor.Name
	}
	t.CanCoverFull = func(price, pts int64) bool {
		return respa.CompliantUsage(respa.Usage{Terms: terms, TotalCents: price, PartnerName: name, PartnerKind: kind,
			RequestedSplit: 100, PointsAvailable: pts}).CanCoverFullAmount
	}
	return t
}

// ApplyPointsRule decides, on the server, the "Pay with Agent Points" option of every offer by
// the 02§5 rule (points.Usable): Pro only; the points needed are the price rounded up to whole
// points, capped at the split-limit percent for a vendor that is not a settlement provider;
// offered when the agent has enough points or the compliance calculation covers the full
// amount. The locked reasons are the spec's messages (02§8 payment dialog): Pro Member Required
// (pro_only; the price shows "1000+ Points"), Insufficient Balance (no points at all),
// Insufficient Points (some, not enough) and Not eligible (nothing to pay with points).
func ApplyPointsRule(offers []PurchaseOffer, viewer OfferViewer, t PointsTerms) {
	for i := range offers {
		for j := range offers[i].CoverageOptions {
			o := &offers[i].CoverageOptions[j]
			if o.Coverage != ChoicePoints {
				continue
			}
			*o = pointsOption(*o, viewer, t)
			if o.Coverage == ChoicePoints && o.PriceCents != nil && viewer.SignedIn && viewer.Pro {
				base := "retail"
				if p := offers[i].ProPriceCents; p != nil && *p == *o.PriceCents {
					base = "pro"
				}
				o.PointsLimit = pointsLimitOf(points.UsableInput{Pro: true, PriceCents: *o.PriceCents,
					SettlementProvider: t.SettlementProvider, SplitLimitPercent: t.SplitLimitPercent}, base, t.Money)
			}
		}
	}
}

func pointsOption(o OfferOption, viewer OfferViewer, t PointsTerms) OfferOption {
	o.Eligible, o.LockedReason, o.PointsNeeded = false, "", 0
	price := int64(0)
	if o.PriceCents != nil {
		price = *o.PriceCents
	}
	if !viewer.SignedIn || !viewer.Pro {
		o.LockedReason = LockedProOnly
		return o
	}
	full := false
	if t.CanCoverFull != nil && price > 0 {
		full = t.CanCoverFull(price, viewer.Points)
	}
	res := points.Usable(points.UsableInput{Pro: true, PriceCents: price, SettlementProvider: t.SettlementProvider,
		SplitLimitPercent: t.SplitLimitPercent, Balance: viewer.Points, CanCoverFullAmount: full})
	o.PointsNeeded = res.PointsNeeded
	switch {
	case price <= 0 || res.PointsNeeded <= 0:
		o.LockedReason = LockedNotEligible
	case res.Offered && viewer.Points > 0:
		o.Eligible = true
	case viewer.Points <= 0:
		o.LockedReason = LockedInsufficientBalance
	default:
		o.LockedReason = LockedInsufficientPoints
	}
	return o
}
