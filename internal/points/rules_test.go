package points

import "testing"

// TestF_PAY_07_PointsUsableRule: spec 02-catalogue-and-buying.md §5, line 169 ("Points usable:
// for Pro, points needed equal the price (rounded up); when the vendor is not a settlement
// provider, capped at the split-limit percent (default 50) of the Pro price. Points payment is
// offered only when the agent has enough points or the compliance calculation says the full
// amount can be covered. Non-Pro users see 1000+ Points.").
func TestF_PAY_07_PointsUsableRule(t *testing.T) {
	for _, c := range []struct {
		name string
		in   UsableInput
		want UsableResult
	}{
		{"non-Pro: no number, no offer (they see 1000+ Points)", UsableInput{Pro: false, PriceCents: 30000, SettlementProvider: true, Balance: 5000}, UsableResult{}},
		{"SSP: the whole price, rounded up", UsableInput{Pro: true, PriceCents: 29950, SettlementProvider: true, Balance: 300}, UsableResult{300, true}},
		{"SSP: one cent over a dollar rounds up", UsableInput{Pro: true, PriceCents: 10001, SettlementProvider: true, Balance: 100}, UsableResult{101, false}},
		{"non-SSP: capped at the default 50%", UsableInput{Pro: true, PriceCents: 30000, Balance: 150}, UsableResult{150, true}},
		{"non-SSP: capped at the service's split limit", UsableInput{Pro: true, PriceCents: 30000, SplitLimitPercent: 40, Balance: 100}, UsableResult{120, false}},
		{"non-SSP: cap rounds up", UsableInput{Pro: true, PriceCents: 999, SplitLimitPercent: 50, Balance: 5}, UsableResult{5, true}},
		{"not enough points but compliance covers the full amount", UsableInput{Pro: true, PriceCents: 30000, SettlementProvider: true, Balance: 10, CanCoverFullAmount: true}, UsableResult{300, true}},
		{"not enough points", UsableInput{Pro: true, PriceCents: 30000, SettlementProvider: true, Balance: 299}, UsableResult{300, false}},
		{"no price", UsableInput{Pro: true, PriceCents: 0, Balance: 100}, UsableResult{}},
		{"out-of-range split limit means the default", UsableInput{Pro: true, PriceCents: 10000, SplitLimitPercent: 250, Balance: 0}, UsableResult{50, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Usable(c.in); got != c.want {
				t.Fatalf("Usable(%+v) = %+v, want %+v", c.in, got, c.want)
			}
		})
	}
}
