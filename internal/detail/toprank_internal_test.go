package detail

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// F-CAT-12: keeping the k best as they come gives exactly the first k of the full sort (score
// descending, ties by id), whatever the order offered, for every k.
func TestF_CAT_12_TopRankedEqualsSortingAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for round := range 200 {
		n := rng.IntN(60)
		all := make([]rankedEntry, n)
		for i := range all {
			// Few distinct scores, so ties are common.
			all[i] = rankedEntry{index: i, score: float64(rng.IntN(6)), id: fmt.Sprintf("svc-%03d", rng.IntN(1000))}
		}
		sorted := slices.Clone(all)
		sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].before(sorted[j]) })
		for _, k := range []int{0, 1, 3, 12, n + 1} {
			top := topRanked{k: k}
			for _, e := range all {
				top.offer(e)
			}
			want := sorted[:min(k, n)]
			if !slices.EqualFunc(top.entries, want, func(a, b rankedEntry) bool { return a.score == b.score && a.id == b.id }) {
				t.Fatalf("round %d, k=%d:\ntop  %v\nsort %v", round, k, top.entries, want)
			}
		}
	}
}
