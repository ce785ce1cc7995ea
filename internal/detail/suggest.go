package detail

import (
	"hash/fnv"
	"math"
	"sort"

	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// Suggestion limits (02§9): up to 6 shown, twice that many ranked; the web app pages 4 at a time.
const (
	SuggestionsMax    = 6
	SuggestionsRanked = 2 * SuggestionsMax
)

// Candidate is a service as suggestion scoring and bundles see it.
type Candidate struct {
	Card marketplace.Card
	// ROI is the estimated ROI as a multiple; 0 when unknown.
	ROI float64
}

// NewCandidate builds the candidate of a service and its card.
func NewCandidate(s catalog.Service, c marketplace.Card) Candidate {
	return Candidate{Card: c, ROI: catalog.EstimatedROIMultiple(s)}
}

// priceOf is the price scoring and bundles compare: retail, else the Pro price.
func priceOf(c marketplace.Card) *int64 {
	if c.RetailPriceCents != nil {
		return c.RetailPriceCents
	}
	return c.ProPriceCents
}

// vendorVerified is the vendor's verified flag (the service's when it has no vendor).
func vendorVerified(c marketplace.Card) bool {
	if c.Vendor != nil {
		return c.Vendor.IsVerified
	}
	return c.IsVerified
}

// closeness is 1 for equal values, falling to 0 as one reaches zero or the other doubles past it.
func closeness(a, b float64) float64 {
	hi := math.Max(a, b)
	if hi <= 0 {
		return 1
	}
	return math.Max(0, 1-math.Abs(a-b)/hi)
}

// SeededJitter is the random 0-5 part of the score, seeded by the pair of service ids so the
// same pair always scores the same (in either order).
func SeededJitter(a, b string) float64 {
	if b < a {
		a, b = b, a
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(a))
	_, _ = h.Write([]byte{0})
	_, _ = h.Write([]byte(b))
	return float64(h.Sum64()%5001) / 1000
}

// Score rates how similar c is to the current service (02§9): same category 50; price
// closeness up to 20; rating closeness 5 per point (5 x (5 - the difference), both rated);
// featured 15; verified vendor 10; top pick 25; both co-pay allowed 15; ROI closeness up to 10
// (both known); plus the seeded random 0-5.
func Score(cur, c Candidate) float64 {
	s := 0.0
	if cur.Card.Category != "" && cur.Card.Category == c.Card.Category {
		s += 50
	}
	if p1, p2 := priceOf(cur.Card), priceOf(c.Card); p1 != nil && p2 != nil {
		s += 20 * closeness(float64(*p1), float64(*p2))
	}
	if cur.Card.Rating.TotalReviews > 0 && c.Card.Rating.TotalReviews > 0 {
		s += 5 * math.Max(0, 5-math.Abs(cur.Card.Rating.AverageRating-c.Card.Rating.AverageRating))
	}
	if c.Card.IsFeatured {
		s += 15
	}
	if vendorVerified(c.Card) {
		s += 10
	}
	if c.Card.IsTopPick {
		s += 25
	}
	if cur.Card.CopayAllowed && c.Card.CopayAllowed {
		s += 15
	}
	if cur.ROI > 0 && c.ROI > 0 {
		s += 10 * closeness(cur.ROI, c.ROI)
	}
	return s + SeededJitter(cur.Card.ID, c.Card.ID)
}

// Suggest ranks the pool against the current service and returns up to 12 cards, best first
// (ties by id); the current service is never suggested.
func Suggest(cur Candidate, pool []Candidate) []marketplace.Card {
	top := topRanked{k: SuggestionsRanked}
	for i := range pool {
		if pool[i].Card.ID != cur.Card.ID {
			top.offer(rankedEntry{index: i, score: Score(cur, pool[i]), id: pool[i].Card.ID})
		}
	}
	out := make([]marketplace.Card, 0, len(top.entries))
	for _, e := range top.entries {
		out = append(out, pool[e.index].Card)
	}
	return out
}

// rankedEntry is a pool position with its score; higher scores rank first, ties by id.
type rankedEntry struct {
	index int
	score float64
	id    string
}

func (e rankedEntry) before(o rankedEntry) bool {
	if e.score != o.score {
		return e.score > o.score
	}
	return e.id < o.id
}

// topRanked keeps the k best entries offered, best first: the same as sorting them all and
// taking k, without sorting (or copying) a whole catalogue of cards for a dozen of them.
type topRanked struct {
	k       int
	entries []rankedEntry
}

func (t *topRanked) offer(e rankedEntry) {
	if t.k <= 0 || len(t.entries) == t.k && !e.before(t.entries[len(t.entries)-1]) {
		return
	}
	at := sort.Search(len(t.entries), func(j int) bool { return e.before(t.entries[j]) })
	if len(t.entries) < t.k {
		t.entries = append(t.entries, rankedEntry{})
	}
	copy(t.entries[at+1:], t.entries[at:len(t.entries)-1])
	t.entries[at] = e
}

// Bundle kinds and their discounts (02§9).
const (
	BundleCategoryComplete = "category_complete"
	BundleStarter          = "starter"
	BundlePremium          = "premium"

	BundlesMax       = 3
	BundleSize       = 3
	BundleMinSize    = 2
	starterMinCents  = 100
	starterMaxCents  = 50000
	premiumMinCents  = 20000
	discountCategory = 15
	discountStarter  = 20
	discountPremium  = 10
)

// Bundle is a set of services sold together at a discount.
type Bundle struct {
	ID   string `json:"id"`
	Kind string `json:"kind" enum:"category_complete,starter,premium"`
	// TitleKey names the bundle's title and description in the web app's messages.
	TitleKey           string             `json:"title_key"`
	Category           string             `json:"category" doc:"The shared category of a category_complete bundle"`
	DiscountPercent    int                `json:"discount_percent"`
	Services           []marketplace.Card `json:"services"`
	OriginalPriceCents int64              `json:"original_price_cents"`
	BundlePriceCents   int64              `json:"bundle_price_cents"`
	SavingsCents       int64              `json:"savings_cents"`
	SavingsPercentage  int                `json:"savings_percentage"`
}

// Bundles builds up to 3 bundles (02§9), one of each kind, each anchored on the current
// service when it qualifies (it comes first) and filled from the pool:
//   - category complete, 15% off: up to 3 services of the current service's category, best
//     rated first;
//   - starter, 20% off: services priced $1-$500, up to 3, by vendor rating;
//   - premium, 10% off: verified and featured services priced $200 or more, up to 3, best rated
//     first.
//
// Only services with a retail price can be bundled, and a bundle needs at least 2 services.
func Bundles(cur Candidate, pool []Candidate) []Bundle {
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
		if priced(cur.Card) && qualifies(cur.Card) {
			picked = append(picked, cur.Card)
		}
		top := topRanked{k: BundleSize - len(picked)}
		for i := range pool {
			c := &pool[i].Card
			if c.ID != cur.Card.ID && priced(*c) && qualifies(*c) {
				top.offer(rankedEntry{index: i, score: rank(*c), id: c.ID})
			}
		}
		for _, e := range top.entries {
			picked = append(picked, pool[e.index].Card)
		}
		if len(picked) < BundleMinSize {
			return Bundle{}, false
		}
		b := Bundle{ID: kind + ":" + picked[0].ID, Kind: kind, TitleKey: key, DiscountPercent: discount, Services: picked}
		for _, c := range picked {
			b.OriginalPriceCents += *c.RetailPriceCents
		}
		b.BundlePriceCents = pricing.PercentOf(b.OriginalPriceCents, 100-discount)
		b.SavingsCents = b.OriginalPriceCents - b.BundlePriceCents
		b.SavingsPercentage = marketplace.SavingsPercent(&b.OriginalPriceCents, &b.BundlePriceCents)
		return b, true
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
		return vendorVerified(c) && c.IsFeatured && *c.RetailPriceCents >= premiumMinCents
	}, serviceRating); ok {
		out = append(out, b)
	}
	if len(out) > BundlesMax {
		out = out[:BundlesMax]
	}
	return out
}
