package detail

import (
	"sort"
	"sync"

	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// Related answers one service's suggestions and bundles from a pool of active services without
// scanning the pool: it is built once per pool version (one pass over the pool) and shared by
// every detail request of that version. Its answers equal ranking the whole pool (Score, the
// bundle rules) as the detail page did per request before, which cost O(catalogue) each time.
//
// Suggestions: candidates are grouped by everything Score compares but prices, ratings, ROI and
// the jitter (category and the yes/no facts), so a group's best possible score for a service is
// known without scoring its members. Groups are scored best bound first and the rest skipped
// once twelve suggestions beat every remaining bound; a service's list is kept for the
// version's lifetime. Bundles: the few best candidates of each kind (per category for
// category-complete) are picked when the index is built.
type Related struct {
	pool    []Candidate
	pos     map[string]int32
	buckets []suggestBucket

	// Bundle candidates, best first: one more than a bundle takes, so one left out (the current
	// service) still leaves enough.
	byCategory       map[string][]int32
	starter, premium []int32

	// vendorRatings are the review sums over each vendor's active services (VendorRatings).
	vendorRatings map[string]marketplace.RatingSum

	mu   sync.Mutex
	memo map[string][]int32 // service id -> its suggestions (pool positions), best first

	// parts caches the services' page rows for this pool version (Service.partsOf).
	partsMu sync.Mutex
	parts   map[string]*pageParts
}

// SetVendorRatings sums the review ratings of the pool's services by vendor: the vendor
// rating of the detail page, as Store.VendorRating counts it (reviews of the vendor's active
// services), without a query over the vendor's services per request.
func (r *Related) SetVendorRatings(pool []marketplace.PoolCard) {
	sums := map[string]marketplace.RatingSum{}
	for _, pc := range pool {
		if pc.VendorID != "" && pc.Rating.N > 0 {
			s := sums[pc.VendorID]
			s.Sum, s.N = s.Sum+pc.Rating.Sum, s.N+pc.Rating.N
			sums[pc.VendorID] = s
		}
	}
	r.vendorRatings = sums
}

// VendorRating is the review-weighted average (one decimal) and count over the vendor's
// active services.
func (r *Related) VendorRating(vendorID string) marketplace.Rating {
	rt := r.vendorRatings[vendorID].Rating("")
	rt.ServiceID = ""
	return rt
}

// suggestBucket is a group of candidates equal in every score term that does not depend on a
// price, rating, ROI or the pair's jitter.
type suggestBucket struct {
	key bucketKey
	// members by price (priceOf), with their prices: a service's price closeness falls as a
	// member's price moves away from it, so members are scored nearest price first.
	members []int32
	prices  []float64
}

type bucketKey struct {
	category                       string
	static                         float64 // featured 15 + verified vendor 10 + top pick 25
	copay, priced, rated, roiKnown bool
}

func keyOf(c Candidate) bucketKey {
	k := bucketKey{category: c.Card.Category, copay: c.Card.CopayAllowed, priced: priceOf(c.Card) != nil,
		rated: c.Card.Rating.TotalReviews > 0, roiKnown: c.ROI > 0}
	if c.Card.IsFeatured {
		k.static += 15
	}
	if vendorVerified(c.Card) {
		k.static += 10
	}
	if c.Card.IsTopPick {
		k.static += 25
	}
	return k
}

// bound is the highest Score any member of a bucket with key k can reach against cur, but
// for the price term (at most 20, added by the caller), with the jitter at most 5 and a margin
// for rounding (terms are added in another order).
func (k bucketKey) bound(cur Candidate, curKey bucketKey) float64 {
	b := k.static + maxJitter + 1e-9
	if curKey.category != "" && curKey.category == k.category {
		b += 50
	}
	if curKey.rated && k.rated {
		b += 25
	}
	if curKey.copay && k.copay {
		b += 15
	}
	if cur.ROI > 0 && k.roiKnown {
		b += 10
	}
	return b
}

// NewRelated indexes a pool (ids unique). The pool is kept as given: do not change it after.
func NewRelated(pool []Candidate) *Related {
	r := &Related{pool: pool, pos: make(map[string]int32, len(pool)), byCategory: map[string][]int32{}, memo: map[string][]int32{},
		parts: map[string]*pageParts{}}
	bucketOf := map[bucketKey]int{}
	vendorSum, vendorN := map[string]float64{}, map[string]int{}
	for i, c := range pool {
		r.pos[c.Card.ID] = int32(i)
		k := keyOf(c)
		b, ok := bucketOf[k]
		if !ok {
			b = len(r.buckets)
			bucketOf[k] = b
			r.buckets = append(r.buckets, suggestBucket{key: k})
		}
		r.buckets[b].members = append(r.buckets[b].members, int32(i))
		if c.Card.Vendor != nil {
			vendorSum[c.Card.Vendor.ID] += c.Card.Rating.AverageRating * float64(c.Card.Rating.TotalReviews)
			vendorN[c.Card.Vendor.ID] += c.Card.Rating.TotalReviews
		}
	}
	for b := range r.buckets {
		bk := &r.buckets[b]
		if bk.key.priced {
			sort.SliceStable(bk.members, func(i, j int) bool {
				return *priceOf(pool[bk.members[i]].Card) < *priceOf(pool[bk.members[j]].Card)
			})
			bk.prices = make([]float64, len(bk.members))
			for i, m := range bk.members {
				bk.prices[i] = float64(*priceOf(pool[m].Card))
			}
		}
	}
	vendorRating := func(c *Candidate) float64 {
		if c.Card.Vendor == nil || vendorN[c.Card.Vendor.ID] == 0 {
			return 0
		}
		return vendorSum[c.Card.Vendor.ID] / float64(vendorN[c.Card.Vendor.ID])
	}
	const keep = BundleSize + 1
	cats := map[string]*topRanked{}
	starter, premium := topRanked{k: keep}, topRanked{k: keep}
	for i := range pool {
		c := &pool[i]
		if !bundlePriced(c.Card) {
			continue
		}
		if cat := c.Card.Category; cat != "" {
			t := cats[cat]
			if t == nil {
				t = &topRanked{k: keep}
				cats[cat] = t
			}
			t.offer(rankedEntry{index: i, score: c.Card.Rating.AverageRating, id: c.Card.ID})
		}
		if starterQualifies(c.Card) {
			starter.offer(rankedEntry{index: i, score: vendorRating(c), id: c.Card.ID})
		}
		if premiumQualifies(c.Card) {
			premium.offer(rankedEntry{index: i, score: c.Card.Rating.AverageRating, id: c.Card.ID})
		}
	}
	for cat, t := range cats {
		r.byCategory[cat] = positions(t.entries)
	}
	r.starter, r.premium = positions(starter.entries), positions(premium.entries)
	return r
}

func positions(es []rankedEntry) []int32 {
	out := make([]int32, len(es))
	for i, e := range es {
		out[i] = int32(e.index)
	}
	return out
}

// Candidate returns the pool's candidate of a service, if the pool holds it.
func (r *Related) Candidate(id string) (Candidate, bool) {
	i, ok := r.pos[id]
	if !ok {
		return Candidate{}, false
	}
	return r.pool[i], true
}

// Suggest returns up to 12 cards similar to cur, best first (ties by id), never cur itself: the
// pool's best by Score. A service of the pool (cur as the pool has it) is ranked once per Related.
func (r *Related) Suggest(cur Candidate) []marketplace.Card {
	var picks []int32
	i, inPool := r.pos[cur.Card.ID]
	memo := inPool && r.pool[i].ROI == cur.ROI
	if memo {
		r.mu.Lock()
		picks = r.memo[cur.Card.ID]
		r.mu.Unlock()
	}
	if picks == nil {
		picks = r.rank(cur)
		if memo {
			r.mu.Lock()
			r.memo[cur.Card.ID] = picks
			r.mu.Unlock()
		}
	}
	out := make([]marketplace.Card, len(picks))
	for j, p := range picks {
		out[j] = *r.pool[p].Card
	}
	return out
}

// rank scores the buckets that can still place, best bound first, and in each bucket the
// members nearest cur's price first, until no member left can beat the twelfth kept.
func (r *Related) rank(cur Candidate) []int32 {
	curKey := keyOf(cur)
	var curPrice float64
	if curKey.priced {
		curPrice = float64(*priceOf(cur.Card))
	}
	type bounded struct {
		bucket int
		bound  float64 // without the price term
		near   int     // with a price term: the first member priced at or above cur
		best   float64 // the bound with the nearest member's price term
	}
	order := make([]bounded, len(r.buckets))
	for b := range r.buckets {
		bk := &r.buckets[b]
		o := bounded{bucket: b, bound: bk.key.bound(cur, curKey)}
		o.best = o.bound
		if curKey.priced && bk.key.priced {
			o.near = sort.SearchFloat64s(bk.prices, curPrice)
			c := 0.0
			if o.near < len(bk.prices) {
				c = closeness(curPrice, bk.prices[o.near])
			}
			if o.near > 0 {
				c = max(c, closeness(curPrice, bk.prices[o.near-1]))
			}
			o.best += 20 * c
		}
		order[b] = o
	}
	sort.Slice(order, func(a, b int) bool { return order[a].best > order[b].best })
	top := topRanked{k: SuggestionsRanked}
	// beaten: a candidate bound cannot place (a tie with the worst kept could still win on id).
	beaten := func(bound float64) bool {
		return len(top.entries) == top.k && bound < top.entries[len(top.entries)-1].score
	}
	consider := func(m int32) {
		c := &r.pool[m]
		if c.Card.ID == cur.Card.ID {
			return
		}
		base := scoreBase(cur, *c)
		if beaten(base + maxJitter + 1e-9) {
			return
		}
		top.offer(rankedEntry{index: int(m), score: base + SeededJitter(cur.Card.ID, c.Card.ID), id: c.Card.ID})
	}
	for _, o := range order {
		if beaten(o.best) {
			break
		}
		bk := &r.buckets[o.bucket]
		if !(curKey.priced && bk.key.priced) {
			for _, m := range bk.members {
				consider(m)
			}
			continue
		}
		// Outward from cur's price, the nearer side first: closeness only falls.
		lo, hi := o.near-1, o.near
		for lo >= 0 || hi < len(bk.members) {
			cl, ch := -1.0, -1.0
			if lo >= 0 {
				cl = closeness(curPrice, bk.prices[lo])
			}
			if hi < len(bk.members) {
				ch = closeness(curPrice, bk.prices[hi])
			}
			next, c := lo, cl
			if ch > cl {
				next, c = hi, ch
			}
			if beaten(o.bound + 20*c) {
				break
			}
			consider(bk.members[next])
			if next == lo {
				lo--
			} else {
				hi++
			}
		}
	}
	return positions(top.entries)
}

// bundlePriced: only services with a retail price can be bundled.
func bundlePriced(c *marketplace.Card) bool {
	return c.RetailPriceCents != nil && *c.RetailPriceCents > 0
}

// starterQualifies: priced $1-$500 (a priced card).
func starterQualifies(c *marketplace.Card) bool {
	return *c.RetailPriceCents >= starterMinCents && *c.RetailPriceCents <= starterMaxCents
}

// premiumQualifies: verified vendor, featured, priced $200 or more (a priced card).
func premiumQualifies(c *marketplace.Card) bool {
	return vendorVerified(c) && c.IsFeatured && *c.RetailPriceCents >= premiumMinCents
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
func (r *Related) Bundles(cur Candidate) []Bundle {
	build := func(kind, key string, discount int, curQualifies bool, best []int32) (Bundle, bool) {
		picked := make([]marketplace.Card, 0, BundleSize)
		if bundlePriced(cur.Card) && curQualifies {
			picked = append(picked, *cur.Card)
		}
		for _, p := range best {
			if len(picked) == BundleSize {
				break
			}
			if r.pool[p].Card.ID != cur.Card.ID {
				picked = append(picked, *r.pool[p].Card)
			}
		}
		if len(picked) < BundleMinSize {
			return Bundle{}, false
		}
		return newBundle(kind, key, discount, picked), true
	}
	priced := bundlePriced(cur.Card)
	out := []Bundle{}
	if cat := cur.Card.Category; cat != "" {
		if b, ok := build(BundleCategoryComplete, "detail.bundles.category_complete", discountCategory, true, r.byCategory[cat]); ok {
			b.Category = cat
			out = append(out, b)
		}
	}
	if b, ok := build(BundleStarter, "detail.bundles.starter", discountStarter, priced && starterQualifies(cur.Card), r.starter); ok {
		out = append(out, b)
	}
	if b, ok := build(BundlePremium, "detail.bundles.premium", discountPremium, priced && premiumQualifies(cur.Card), r.premium); ok {
		out = append(out, b)
	}
	if len(out) > BundlesMax {
		out = out[:BundlesMax]
	}
	return out
}

// newBundle prices the picked services (retail prices, the first one names the bundle) at the
// kind's discount.
func newBundle(kind, key string, discount int, picked []marketplace.Card) Bundle {
	b := Bundle{ID: kind + ":" + picked[0].ID, Kind: kind, TitleKey: key, DiscountPercent: discount, Services: picked}
	for _, c := range picked {
		b.OriginalPriceCents += *c.RetailPriceCents
	}
	b.BundlePriceCents = pricing.PercentOf(b.OriginalPriceCents, 100-discount)
	b.SavingsCents = b.OriginalPriceCents - b.BundlePriceCents
	b.SavingsPercentage = marketplace.SavingsPercent(&b.OriginalPriceCents, &b.BundlePriceCents)
	return b
}

// maxJitter is SeededJitter's largest value (5000/1000).
const maxJitter = 5.0
