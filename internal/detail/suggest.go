package detail

import (
	"math"
	"sort"

	"circle/internal/catalog"
	"circle/internal/marketplace"
)

// Suggestion limits (02§9): up to 6 shown, twice that many ranked; the web app pages 4 at a time.
const (
	SuggestionsMax    = 6
	SuggestionsRanked = 2 * SuggestionsMax
)

// Candidate is a service as suggestion scoring and bundles see it.
type Candidate struct {
	// Card is shared with the marketplace index (PoolCard.Card): read only.
	Card *marketplace.Card
	// ROI is the estimated ROI as a multiple; 0 when unknown.
	ROI float64
}

// NewCandidate builds the candidate of a service and its card.
func NewCandidate(s catalog.Service, c marketplace.Card) Candidate {
	return Candidate{Card: &c, ROI: catalog.EstimatedROIMultiple(s)}
}

// priceOf is the price scoring and bundles compare: retail, else the Pro price.
func priceOf(c *marketplace.Card) *int64 {
	if c.RetailPriceCents != nil {
		return c.RetailPriceCents
	}
	return c.ProPriceCents
}

// vendorVerified is the vendor's verified flag (the service's when it has no vendor).
func vendorVerified(c *marketplace.Card) bool {
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
	// FNV-1a over a, a zero byte and b, written out: hash/fnv allocates a hasher per call,
	// and a ranking hashes thousands of pairs.
	h := uint64(fnvOffset)
	for i := 0; i < len(a); i++ {
		h = (h ^ uint64(a[i])) * fnvPrime
	}
	h *= fnvPrime // the zero byte: h ^ 0 == h
	for i := 0; i < len(b); i++ {
		h = (h ^ uint64(b[i])) * fnvPrime
	}
	return float64(h%5001) / 1000
}

// FNV-1a 64-bit parameters (hash/fnv).
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// Score rates how similar c is to the current service (02§9): same category 50; price
// closeness up to 20; rating closeness 5 per point (5 x (5 - the difference), both rated);
// featured 15; verified vendor 10; top pick 25; both co-pay allowed 15; ROI closeness up to 10
// (both known); plus the seeded random 0-5.
func Score(cur, c Candidate) float64 {
	return scoreBase(cur, c) + SeededJitter(cur.Card.ID, c.Card.ID)
}

// scoreBase is Score without the jitter.
func scoreBase(cur, c Candidate) float64 {
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
	return s
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
