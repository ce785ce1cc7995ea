package detail

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"circle/internal/marketplace"
)

// syntheticPool is a pool of n services with every score term varied and many exact ties
// (equal prices, ratings and flags), so groups and tie-breaks by id are exercised.
func syntheticPool(n int, seed uint64) []Candidate {
	rng := rand.New(rand.NewPCG(seed, 17))
	cats := []string{"Photography", "CRM", "SEO", "Gifts", ""}
	vendors := []*marketplace.VendorSummary{nil, {ID: "v1", IsVerified: true}, {ID: "v2"}, {ID: "v3", IsVerified: true}}
	prices := []int64{0, 99, 100, 4900, 19999, 20000, 30000, 50000, 50001, 90000}
	pool := make([]Candidate, n)
	for i := range pool {
		c := marketplace.Card{ID: fmt.Sprintf("svc-%05d", rng.IntN(n*10)) + fmt.Sprintf("-%d", i), Category: cats[rng.IntN(len(cats))],
			IsFeatured: rng.IntN(3) == 0, IsTopPick: rng.IntN(5) == 0, IsVerified: rng.IntN(2) == 0, CopayAllowed: rng.IntN(2) == 0,
			Vendor: vendors[rng.IntN(len(vendors))]}
		switch p := prices[rng.IntN(len(prices))]; {
		case p == 0:
		case rng.IntN(4) == 0:
			c.ProPriceCents = &p
		default:
			c.RetailPriceCents = &p
		}
		if rng.IntN(3) > 0 {
			c.Rating = marketplace.Rating{ServiceID: c.ID, AverageRating: float64(rng.IntN(41)+10) / 10, TotalReviews: 1 + rng.IntN(9)}
		}
		roi := []float64{0, 0, 2, 3, 2.5, 10}[rng.IntN(6)]
		pool[i] = Candidate{Card: &c, ROI: roi}
	}
	return pool
}

// SameJSON fails t when got, the answer of source (the code under test), and want, the
// reference, marshal to different JSON; the detail_test tests use it too.
func SameJSON(t *testing.T, what, source string, got, want any) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Fatalf("%s differs\n%-9s %.600s\nreference %.600s", what, source, g, w)
	}
}

// F-CAT-12: Related answers exactly what ranking the whole pool per request answered, for
// every service of a varied pool, for a service outside the pool and, asked twice, from its
// kept list.
func TestF_CAT_12_RelatedEqualsThePerRequestRanking(t *testing.T) {
	for _, n := range []int{1, 2, 5, 40, 1500} {
		pool := syntheticPool(n, uint64(n))
		rel := NewRelated(pool)
		for round := 0; round < 2; round++ {
			for _, cur := range pool {
				SameJSON(t, fmt.Sprintf("n=%d suggestions of %s", n, cur.Card.ID), "related", rel.Suggest(cur), referenceSuggest(cur, pool))
				SameJSON(t, fmt.Sprintf("n=%d bundles of %s", n, cur.Card.ID), "related", rel.Bundles(cur), referenceBundles(cur, pool))
			}
		}
		outside := syntheticPool(20, 99)
		for _, cur := range outside {
			cur.Card.ID = "outside-" + cur.Card.ID
			SameJSON(t, "suggestions outside", "related", rel.Suggest(cur), referenceSuggest(cur, pool))
			SameJSON(t, "bundles outside", "related", rel.Bundles(cur), referenceBundles(cur, pool))
		}
	}
}

func TestF_CAT_12_JitterIsFNV(t *testing.T) {
	for _, p := range [][2]string{{"", ""}, {"a", "b"}, {"svc-1", "svc-2"}, {"zeta", "alpha"}, {"café", "naïve"}} {
		if got, want := SeededJitter(p[0], p[1]), referenceJitter(p[0], p[1]); got != want {
			t.Fatalf("jitter(%q, %q) = %v, hash/fnv gives %v", p[0], p[1], got, want)
		}
	}
	if !reflect.DeepEqual(NewRelated(nil).Suggest(Candidate{Card: &marketplace.Card{}}), []marketplace.Card{}) {
		t.Fatal("empty pool suggests something")
	}
}
