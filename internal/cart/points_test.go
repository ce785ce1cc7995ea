package cart

import (
	"testing"

	"circle/internal/pricing"
)

// TestF_PAY_07_PointsOptionRule: the "OR use points / Pay with Agent Points" option of the
// pricing-choice dialog is decided on the server. Spec 02-catalogue-and-buying.md line 150 ("use
// points needs Pro, points above 0 and enough points"), line 169 (points usable: the price
// rounded up; capped at the split limit, default 50, for a vendor that is not a settlement
// provider; offered with enough points or when the compliance calculation covers the full
// amount; non-Pro users see 1000+ Points) and line 245 (payment dialog messages: Not eligible;
// Insufficient Balance; Insufficient Points; Pro Member Required).
func TestF_PAY_07_PointsOptionRule(t *testing.T) {
	conv := pricing.NewConverter(pricing.Auto, "", 0, "en")
	p := func(v int64) *int64 { return &v }
	never := func(int64, int64) bool { return false }
	always := func(int64, int64) bool { return true }
	for _, c := range []struct {
		name     string
		viewer   OfferViewer
		terms    PointsTerms
		retail   *int64
		pro      *int64
		eligible bool
		locked   string
		needed   int64
	}{
		{"line 169: non-Pro sees 1000+ Points (Pro Member Required)", OfferViewer{SignedIn: true, Points: 5000}, PointsTerms{SettlementProvider: true, CanCoverFull: always}, p(300_00), p(250_00), false, LockedProOnly, 0},
		{"line 150: visitor, Pro Member Required", OfferViewer{}, PointsTerms{}, p(300_00), nil, false, LockedProOnly, 0},
		{"line 169: SSP, enough points for the whole Pro price", OfferViewer{SignedIn: true, Pro: true, Points: 250}, PointsTerms{SettlementProvider: true, CanCoverFull: never}, p(300_00), p(249_50), true, "", 250},
		{"line 150: points above 0 (Insufficient Balance)", OfferViewer{SignedIn: true, Pro: true, Points: 0}, PointsTerms{SettlementProvider: true, CanCoverFull: always}, p(300_00), p(250_00), false, LockedInsufficientBalance, 250},
		{"line 169: some points, not enough (Insufficient Points)", OfferViewer{SignedIn: true, Pro: true, Points: 100}, PointsTerms{SettlementProvider: true, CanCoverFull: never}, p(300_00), p(250_00), false, LockedInsufficientPoints, 250},
		{"line 169: not enough, but the compliance calculation covers the full amount", OfferViewer{SignedIn: true, Pro: true, Points: 100}, PointsTerms{SettlementProvider: true, CanCoverFull: always}, p(300_00), p(250_00), true, "", 250},
		{"line 169: non-SSP capped at the default 50% of the Pro price", OfferViewer{SignedIn: true, Pro: true, Points: 125}, PointsTerms{CanCoverFull: never}, p(300_00), p(250_00), true, "", 125},
		{"line 169: non-SSP capped at the service's split limit", OfferViewer{SignedIn: true, Pro: true, Points: 99}, PointsTerms{SplitLimitPercent: 40, CanCoverFull: never}, p(300_00), p(250_00), false, LockedInsufficientPoints, 100},
		{"line 169: no Pro price: the retail price", OfferViewer{SignedIn: true, Pro: true, Points: 300}, PointsTerms{SettlementProvider: true, CanCoverFull: never}, p(300_00), nil, true, "", 300},
		{"line 245: nothing to pay with points (Not eligible)", OfferViewer{SignedIn: true, Pro: true, Points: 300}, PointsTerms{SettlementProvider: true, CanCoverFull: never}, nil, nil, false, LockedNotEligible, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			offers := []PurchaseOffer{{CoverageOptions: ChoiceOptions(c.viewer, c.retail, c.pro, false, conv)}}
			ApplyPointsRule(offers, c.viewer, c.terms)
			opts := offers[0].CoverageOptions
			got := opts[len(opts)-1]
			if got.Coverage != ChoicePoints || got.Eligible != c.eligible || got.LockedReason != c.locked || got.PointsNeeded != c.needed {
				t.Fatalf("points option %+v, want eligible %v locked %q needed %d", got, c.eligible, c.locked, c.needed)
			}
		})
	}
}
