package points

// NonProPointsLabel is what non-Pro users see in place of a points price (02§5 points usable).
const NonProPointsLabel = "1000+ Points"

// DefaultSplitLimitPercent caps points for a vendor that is not a settlement service provider
// when the service sets no split limit (02§5 points usable, "default 50").
const DefaultSplitLimitPercent = 50

// UsableInput is what the points-usable rule reads.
type UsableInput struct {
	Pro bool
	// PriceCents is the price the points pay (the Pro price for members).
	PriceCents int64
	// SettlementProvider: the vendor is a settlement service provider (SSP).
	SettlementProvider bool
	// SplitLimitPercent is the service's respa_split_limit; 0 means the default 50.
	SplitLimitPercent int
	// Balance is the agent's available points.
	Balance int64
	// CanCoverFullAmount is calculate_respa_compliant_usage's can_cover_full_amount.
	CanCoverFullAmount bool
}

// UsableResult is the rule's answer: the points the purchase needs and whether paying with
// points is offered.
type UsableResult struct {
	PointsNeeded int64
	Offered      bool
}

// Usable is the points-usable rule of 02§5: "for Pro, points needed equal the price (rounded
// up); when the vendor is not a settlement provider, capped at the split-limit percent (default
// 50) of the Pro price. Points payment is offered only when the agent has enough points or the
// compliance calculation says the full amount can be covered. Non-Pro users see 1000+ Points."
// Non-Pro users get no number and no offer (the label is NonProPointsLabel).
func Usable(in UsableInput) UsableResult {
	if !in.Pro || in.PriceCents <= 0 {
		return UsableResult{}
	}
	needed := Needed(in.PriceCents)
	if !in.SettlementProvider {
		limit := int64(in.SplitLimitPercent)
		if limit <= 0 || limit > 100 {
			limit = DefaultSplitLimitPercent
		}
		needed = min(needed, ceilDiv(in.PriceCents*limit, 100*CentsPerPoint))
	}
	return UsableResult{PointsNeeded: needed, Offered: in.Balance >= needed || in.CanCoverFullAmount}
}

// Needed is what a price costs in whole points: one point per dollar, rounded up (02§5).
func Needed(priceCents int64) int64 { return ceilDiv(max(priceCents, 0), CentsPerPoint) }

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// Limit is the cap of the points-usable rule on one price (02§5: "when the vendor is not a
// settlement provider, capped at the split-limit percent (default 50) of the Pro price"), as the
// payment-option dialog and the cart line explain it (issue 28 item 7): the percent and the most
// the points pay of the price in US cents (whole points, never above the price). ok is false when
// nothing caps the points: a settlement provider's service, a price of 0, or a cap that leaves
// the whole price to points.
func Limit(in UsableInput) (percent int, cents int64, ok bool) {
	if !in.Pro || in.PriceCents <= 0 || in.SettlementProvider {
		return 0, 0, false
	}
	percent = in.SplitLimitPercent
	if percent <= 0 || percent > 100 {
		percent = DefaultSplitLimitPercent
	}
	needed := Usable(in).PointsNeeded
	if needed >= Needed(in.PriceCents) {
		return 0, 0, false
	}
	return percent, min(needed*CentsPerPoint, in.PriceCents), true
}
