package detail

import (
	"hash/fnv"

	"circle/internal/marketplace"
)

// The per-request algorithm the detail page ran before Related (issue 17), kept as the
// reference Related must equal: it scores the whole pool for every request.

func referenceJitter(a, b string) float64 {
	if b < a {
		a, b = b, a
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(a))
	_, _ = h.Write([]byte{0})
	_, _ = h.Write([]byte(b))
	return float64(h.Sum64()%5001) / 1000
}

// referenceScore is Score with the jitter from hash/fnv itself (the rules' own tests are in
// detail_test.go).
func referenceScore(cur, c Candidate) float64 {
	return scoreBase(cur, c) + referenceJitter(cur.Card.ID, c.Card.ID)
}

func referenceSuggest(cur Candidate, pool []Candidate) []marketplace.Card {
	top := topRanked{k: SuggestionsRanked}
	for i := range pool {
		if pool[i].Card.ID != cur.Card.ID {
			top.offer(rankedEntry{index: i, score: referenceScore(cur, pool[i]), id: pool[i].Card.ID})
		}
	}
	out := make([]marketplace.Card, 0, len(top.entries))
	for _, e := range top.entries {
		out = append(out, *pool[e.index].Card)
	}
	return out
}

func referenceBundles(cur Candidate, pool []Candidate) []Bundle {
	vendorSum, vendorN := map[string]float64{}, map[string]int{}
	for _, c := range pool {
		if c.Card.Vendor != nil {
			vendorSum[c.Card.Vendor.ID] += c.Card.Rating.AverageRating * float64(c.Card.Rating.TotalReviews)
			vendorN[c.Card.Vendor.ID] += c.Card.Rating.TotalReviews
		}
	}
	vendorRating := func(c marketplace.Card) float64 {
		if c.Vendor == nil || vendorN[c.Vendor.ID] == 0 {
			return 0
		}
		return vendorSum[c.Vendor.ID] / float64(vendorN[c.Vendor.ID])
	}
	serviceRating := func(c marketplace.Card) float64 { return c.Rating.AverageRating }
	priced := func(c marketplace.Card) bool { return c.RetailPriceCents != nil && *c.RetailPriceCents > 0 }

	build := func(kind, key string, discount int, qualifies func(marketplace.Card) bool, rank func(marketplace.Card) float64) (Bundle, bool) {
		var picked []marketplace.Card
		if priced(*cur.Card) && qualifies(*cur.Card) {
			picked = append(picked, *cur.Card)
		}
		top := topRanked{k: BundleSize - len(picked)}
		for i := range pool {
			c := pool[i].Card
			if c.ID != cur.Card.ID && priced(*c) && qualifies(*c) {
				top.offer(rankedEntry{index: i, score: rank(*c), id: c.ID})
			}
		}
		for _, e := range top.entries {
			picked = append(picked, *pool[e.index].Card)
		}
		if len(picked) < BundleMinSize {
			return Bundle{}, false
		}
		return newBundle(kind, key, discount, picked), true
	}

	out := []Bundle{}
	if cat := cur.Card.Category; cat != "" {
		if b, ok := build(BundleCategoryComplete, "detail.bundles.category_complete", discountCategory,
			func(c marketplace.Card) bool { return c.Category == cat }, serviceRating); ok {
			b.Category = cat
			out = append(out, b)
		}
	}
	if b, ok := build(BundleStarter, "detail.bundles.starter", discountStarter, func(c marketplace.Card) bool {
		return *c.RetailPriceCents >= starterMinCents && *c.RetailPriceCents <= starterMaxCents
	}, vendorRating); ok {
		out = append(out, b)
	}
	if b, ok := build(BundlePremium, "detail.bundles.premium", discountPremium, func(c marketplace.Card) bool {
		return vendorVerified(&c) && c.IsFeatured && *c.RetailPriceCents >= premiumMinCents
	}, serviceRating); ok {
		out = append(out, b)
	}
	if len(out) > BundlesMax {
		out = out[:BundlesMax]
	}
	return out
}

// Suggest and Bundles rank a pool as a fresh Related does (the rule tests call them).
func Suggest(cur Candidate, pool []Candidate) []marketplace.Card {
	return NewRelated(pool).Suggest(cur)
}

func Bundles(cur Candidate, pool []Candidate) []Bundle { return NewRelated(pool).Bundles(cur) }

// ReferenceSuggest and ReferenceBundles are the per-request algorithm, for the store tests.
var (
	ReferenceSuggest = referenceSuggest
	ReferenceBundles = referenceBundles
)
