package marketplace

import (
	"slices"
	"testing"
)

// F-CAT-05 (issue 14): trending needs TrendingMinViewers distinct viewers; then signed-in viewers
// weigh SignedInViewWeight, visitor networks and clickers one each. A service with many clicks
// from few viewers does not trend; bestsellers are ranked by sales alone.
func TestF_CAT_05_TrendingNeedsDistinctViewers(t *testing.T) {
	eng := map[string]Engagement{
		"svc-few-viewers":  {SignedInViewers: 2, VisitorNetworks: 2, Clickers: 400},
		"svc-visitors":     {VisitorNetworks: 5},
		"svc-signed-in":    {SignedInViewers: 5},
		"svc-mixed":        {SignedInViewers: 3, VisitorNetworks: 2, Clickers: 1},
		"svc-sold":         {Sales: 3},
		"svc-sold-viewers": {VisitorNetworks: 5, Sales: 1},
	}
	active := map[string]bool{}
	for id := range eng {
		active[id] = true
	}
	scores := rankScores(eng, trendingParams.score)
	want := map[string]int{"svc-visitors": 5, "svc-signed-in": 15, "svc-mixed": 12, "svc-sold-viewers": 5}
	if len(scores) != len(want) {
		t.Fatalf("trending scores %v, want %v", scores, want)
	}
	for id, n := range want {
		if scores[id] != n {
			t.Fatalf("trending scores %v, want %v", scores, want)
		}
	}
	got := TopByCount(scores, active, len(active), trendingParams.topShare, trendingParams.minCount, trendingParams.maxCount)
	if !slices.Equal(got, []string{"svc-signed-in", "svc-mixed", "svc-sold-viewers", "svc-visitors"}) {
		t.Fatalf("trending %v", got)
	}
	best := TopByCount(rankScores(eng, bestsellerParams.score), active, len(active), bestsellerParams.topShare, bestsellerParams.minCount, bestsellerParams.maxCount)
	if !slices.Equal(best, []string{"svc-sold", "svc-sold-viewers"}) {
		t.Fatalf("bestsellers %v", best)
	}
}
