package marketplace

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"circle/internal/catalog"
	"circle/internal/quote"
	"circle/internal/ratelimit"
)

// Store is what browsing reads, and the engagement it records (views, sponsored events,
// discount interest, ranking positions).
type Store interface {
	SearchServices(ctx context.Context, q Query) ([]catalog.Service, int64, error)
	ActiveServices(ctx context.Context) ([]catalog.Service, error)
	ServiceRatings(ctx context.Context, ids []string) (map[string]Rating, error)
	ServiceRatingSums(ctx context.Context) (map[string]RatingSum, error)
	TagsOf(ctx context.Context, ids []string) (map[string][]string, error)
	VendorsByID(ctx context.Context, ids []string) (map[string]catalog.Vendor, error)
	TagCounts(ctx context.Context) (map[string]int, error)
	PriceBounds(ctx context.Context) (minCents, maxCents int64, err error)
	Engagement(ctx context.Context, since time.Time) (map[string]Engagement, error)
	CatalogFingerprint(ctx context.Context) (string, error)

	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	RecordView(ctx context.Context, v catalog.ServiceView, window time.Duration, visitorsPerNetwork int) (bool, error)
	Secret(ctx context.Context, name string, gen func() string) (string, error)
	RecordTrackingEvent(ctx context.Context, e catalog.TrackingEvent, dedupe time.Duration) (bool, error)
	AddDiscountInterest(ctx context.Context, serviceID, agentID string) error
	DiscountInterest(ctx context.Context, serviceID, agentID string) (int, bool, error)
	SetSortOrders(ctx context.Context, orderedIDs []string) error
	SpikeStore
}

// Trending and bestseller parameters (02§7); what each counts is in ranking.go.
type rankParams struct {
	topShare float64
	minCount int
	maxCount int
	score    func(Engagement) int
}

// RankPeriod is the period trending and bestseller lists count over (p_period, 7 days).
const RankPeriod = 7 * 24 * time.Hour

var (
	trendingParams   = rankParams{topShare: 0.15, minCount: 8, maxCount: 40, score: trendingScore}
	bestsellerParams = rankParams{topShare: 0.10, minCount: 5, maxCount: 25, score: func(e Engagement) int { return e.Sales }}
)

// RankCacheTTL is how long trending and bestseller lists are kept (02§9).
const RankCacheTTL = 15 * time.Minute

// Service answers browsing questions.
type Service struct {
	Store Store
	Now   func() time.Time
	// OnChange, when set, is called by Invalidate (ids nil: anything may have changed) and
	// by Changed (the services changed): it tells every replica's caches, this one's
	// included, that the catalogue changed (internal/broadcast, wired in internal/app).
	OnChange func(ids []string)

	indexOnce sync.Once
	index     Index

	mu         sync.Mutex
	ranksAt    time.Time
	trending   map[string]bool
	bestseller map[string]bool
	trendIDs   []string
	bestIDs    []string
	// ranksGen counts the changes of the trending and bestseller lists (PoolVersion).
	ranksGen uint64
	// selfApplied counts the changes Changed applied here and then published through
	// OnChange, by their ids: the bus delivers them back to this process (CatalogChanged),
	// which must not apply them (and query the trending lists) a second time.
	selfApplied map[string]int

	// ViewLimiter limits view posts per address (NewViewLimiter); nil does not limit.
	// pages holds encoded search pages per version of the pool (pagecache.go).
	pages pageCache

	ViewLimiter *ratelimit.Limiter
	Logger      *slog.Logger
	viewMu      sync.Mutex
	viewKey     []byte
}

// Page is one page of search results.
type Page struct {
	Services []Card `json:"services"`
	Total    int64  `json:"total"`
	Page     int    `json:"page"`
	PageSize int    `json:"page_size"`
	Pages    int    `json:"pages"`
	// Lang is the language of the cards' title and description.
	Lang string `json:"lang" enum:"en,es,fr" doc:"The language of the cards' title and description: the viewer's (?lang=, default en), English where a service has no text in it"`
}

// SearchIndex returns the in-memory search index over s.Store (see Index for freshness).
func (s *Service) SearchIndex() *Index {
	s.indexOnce.Do(func() { s.index.Store = s.Store })
	return &s.index
}

// Invalidate makes the next search see this process's own catalogue writes: call it after
// changing services, vendors, tags or reviews. Through OnChange the other replicas drop their
// copies too (without it they see the change within about IndexCheckInterval).
func (s *Service) Invalidate() {
	s.SearchIndex().Invalidate()
	if s.OnChange != nil {
		s.OnChange(nil)
	}
}

// Changed makes this process's search see a change of the services ids (their rows, tags or
// reviews) at once, applied to the index without a rebuild (Index.Apply), and tells the other
// replicas through OnChange. Call it after the change is committed. An error applying the
// change is logged and turns into a rebuild: the write itself succeeded.
func (s *Service) Changed(ctx context.Context, ids ...string) {
	s.applyChange(ctx, ids)
	if s.OnChange != nil {
		key := strings.Join(ids, ",")
		s.mu.Lock()
		if s.selfApplied == nil || len(s.selfApplied) > 1000 { // a bus that never delivers back
			s.selfApplied = map[string]int{}
		}
		s.selfApplied[key]++
		s.mu.Unlock()
		s.OnChange(ids)
		// A bus that delivered back has taken the mark; one that did not must not leave it.
		s.takeSelfApplied(ids)
	}
}

// takeSelfApplied reports whether a change of ids was applied here by Changed, whose own
// publication is being delivered back, and forgets it.
func (s *Service) takeSelfApplied(ids []string) bool {
	key := strings.Join(ids, ",")
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.selfApplied[key] == 0 {
		return false
	}
	s.selfApplied[key]--
	if s.selfApplied[key] == 0 {
		delete(s.selfApplied, key)
	}
	return true
}

// applyChange applies a change of the services ids to the index, then recomputes the trending
// and bestseller lists here (a service that joined or left the marketplace changes who is in
// them), so no search waits for either.
func (s *Service) applyChange(ctx context.Context, ids []string) {
	if err := s.SearchIndex().Apply(ctx, ids); err != nil && s.Logger != nil {
		s.Logger.Error("search index: apply a catalogue change", "err", err)
	}
	s.InvalidateRanks()
	if _, _, err := s.Ranks(ctx); err != nil && s.Logger != nil {
		s.Logger.Error("trending lists after a catalogue change", "err", err)
	}
}

// Search runs a marketplace query on the in-memory index; the page's cards come from the
// index too, so a search reads nothing from the database but the throttled fingerprint check
// (and the trending lists every RankCacheTTL). Store.SearchServices followed by Cards is the
// reference it must equal.
func (s *Service) Search(ctx context.Context, q Query) (Page, error) {
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return Page{}, err
	}
	hits, total := d.search(q)
	trending, bestseller, err := s.rankSets(ctx)
	if err != nil {
		return Page{}, err
	}
	cards := make([]Card, len(hits))
	for i, e := range hits {
		cards[i] = e.cardFor(trending[e.svc.ID], bestseller[e.svc.ID]).Localized(q.Lang)
	}
	return Page{Services: cards, Total: total, Page: q.Page, PageSize: q.PageSize, Pages: q.Pages(total), Lang: langOf(q.Lang)}, nil
}

// Localized is the page as a viewer of language l sees it (Card.Localized).
func (p Page) Localized(l string) Page {
	cards := make([]Card, len(p.Services))
	for i, c := range p.Services {
		cards[i] = c.Localized(l)
	}
	p.Services, p.Lang = cards, langOf(l)
	return p
}

// PoolCard is an active service's card with its estimated ROI multiple (0 when unknown), its
// vendor id ("" without one) and the exact sum of its review ratings.
type PoolCard struct {
	// Card is the index's own card (shared: read only) unless a rank badge made a new one; the
	// detail page's related index keeps the pool, and a copy per service was 27 MB at 50,000.
	Card     *Card
	ROI      float64
	VendorID string
	Rating   RatingSum
}

// PoolVersion names one state of the active pool: the index build and the trending and
// bestseller lists its cards carry. Equal versions give equal pools, so what a caller derives
// from a pool (the detail page's suggestions and bundles) holds until the version changes.
type PoolVersion struct {
	index *indexData
	ranks uint64
}

// ActivePoolVersion returns the version ActivePool would answer now, without copying the pool.
func (s *Service) ActivePoolVersion(ctx context.Context) (PoolVersion, error) {
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return PoolVersion{}, err
	}
	if _, _, err := s.Ranks(ctx); err != nil {
		return PoolVersion{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return PoolVersion{index: d, ranks: s.ranksGen}, nil
}

// ActivePool returns every active service's card, with the trending and bestseller badges,
// from the in-memory index, and the pool's version: the pool the detail page's suggestions and
// bundles are drawn from, read without a database query. It copies every card: callers build
// what they need once per version (ActivePoolVersion), not once per request.
func (s *Service) ActivePool(ctx context.Context) ([]PoolCard, PoolVersion, error) {
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return nil, PoolVersion{}, err
	}
	if _, _, err := s.Ranks(ctx); err != nil {
		return nil, PoolVersion{}, err
	}
	s.mu.Lock()
	trending, bestseller, gen := s.trending, s.bestseller, s.ranksGen
	s.mu.Unlock()
	out := make([]PoolCard, 0, d.live)
	for _, e := range d.rankedEntries() {
		c := PoolCard{Card: e.cardRef(trending[e.svc.ID], bestseller[e.svc.ID]), ROI: e.roi, Rating: e.rating}
		if e.svc.VendorID != nil {
			c.VendorID = *e.svc.VendorID
		}
		out = append(out, c)
	}
	return out, PoolVersion{index: d, ranks: gen}, nil
}

// SearchJSON answers q like Search, as the JSON of its Page, writing the cards the index
// encoded when it was built instead of encoding them again (most of a search's cost).
func (s *Service) SearchJSON(ctx context.Context, q Query) ([]byte, error) {
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return nil, err
	}
	return s.searchJSON(ctx, d, q)
}

func (s *Service) searchJSON(ctx context.Context, d *indexData, q Query) ([]byte, error) {
	hits, total := d.search(q)
	trending, bestseller, err := s.rankSets(ctx)
	if err != nil {
		return nil, err
	}
	buf := bytes.NewBuffer(make([]byte, 0, 64+len(hits)*1600))
	buf.WriteString(`{"services":[`)
	for i, e := range hits {
		raw, err := e.cardJSONFor(trending[e.svc.ID], bestseller[e.svc.ID])
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		appendListCard(buf, raw, &e.card, q.Lang)
	}
	fmt.Fprintf(buf, `],"total":%d,"page":%d,"page_size":%d,"pages":%d,"lang":%q}`, total, q.Page, q.PageSize, q.Pages(total), langOf(q.Lang))
	return buf.Bytes(), nil
}

// rankSets returns the trending and bestseller sets (recomputed every RankCacheTTL).
func (s *Service) rankSets(ctx context.Context) (trending, bestseller map[string]bool, err error) {
	if _, _, err := s.Ranks(ctx); err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.trending, s.bestseller, nil
}

// Ranks returns the trending and bestseller service ids, recomputed every 15 minutes.
func (s *Service) Ranks(ctx context.Context) (trending, bestseller []string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.Now()
	if s.trending != nil && now.Sub(s.ranksAt) < RankCacheTTL {
		return s.trendIDs, s.bestIDs, nil
	}
	active, err := s.SearchIndex().ActiveIDs(ctx)
	if err != nil {
		return nil, nil, err
	}
	activeIDs := make(map[string]bool, len(active))
	for _, id := range active {
		activeIDs[id] = true
	}
	eng, err := s.Store.Engagement(ctx, now.Add(-RankPeriod))
	if err != nil {
		return nil, nil, err
	}
	rank := func(p rankParams) []string {
		return TopByCount(rankScores(eng, p.score), activeIDs, len(active), p.topShare, p.minCount, p.maxCount)
	}
	trend, best := rank(trendingParams), rank(bestsellerParams)
	if !slices.Equal(trend, s.trendIDs) || !slices.Equal(best, s.bestIDs) {
		s.ranksGen++
	}
	s.trendIDs, s.bestIDs = trend, best
	s.trending, s.bestseller = set(s.trendIDs), set(s.bestIDs)
	s.ranksAt = now
	return s.trendIDs, s.bestIDs, nil
}

// InvalidateRanks forces the next Ranks call to recompute.
func (s *Service) InvalidateRanks() {
	s.mu.Lock()
	s.trending = nil
	s.mu.Unlock()
}

func set(ids []string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// TopByCount takes the services with the most events: the top share of the catalogue,
// at least minCount and at most maxCount, only services with at least one event; ties go to
// the smaller id so the list is stable.
func TopByCount(counts map[string]int, active map[string]bool, catalogueSize int, share float64, minCount, maxCount int) []string {
	n := int(math.Round(float64(catalogueSize) * share))
	n = max(minCount, min(maxCount, n))
	ids := make([]string, 0, len(counts))
	for id, c := range counts {
		if c > 0 && active[id] {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		if counts[ids[i]] != counts[ids[j]] {
			return counts[ids[i]] > counts[ids[j]]
		}
		return ids[i] < ids[j]
	})
	if len(ids) > n {
		ids = ids[:n]
	}
	return ids
}

// Cards builds the cards of services: vendor, rating, tags, prices and badges, with four
// batched queries whatever the number of services.
func (s *Service) Cards(ctx context.Context, rows []catalog.Service) ([]Card, error) {
	ids := make([]string, len(rows))
	var vendorIDs []string
	seenVendor := map[string]bool{}
	for i, r := range rows {
		ids[i] = r.ID
		if r.VendorID != nil && !seenVendor[*r.VendorID] {
			seenVendor[*r.VendorID] = true
			vendorIDs = append(vendorIDs, *r.VendorID)
		}
	}
	ratings, err := s.Store.ServiceRatings(ctx, ids)
	if err != nil {
		return nil, err
	}
	tags, err := s.Store.TagsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	vendors, err := s.Store.VendorsByID(ctx, vendorIDs)
	if err != nil {
		return nil, err
	}
	trending, bestseller, err := s.rankSets(ctx)
	if err != nil {
		return nil, err
	}
	cards := make([]Card, len(rows))
	for i, r := range rows {
		var v *catalog.Vendor
		if r.VendorID != nil {
			if vv, ok := vendors[*r.VendorID]; ok {
				v = &vv
			}
		}
		cards[i] = BuildCard(r, v, tags[r.ID], ratings[r.ID], trending[r.ID], bestseller[r.ID])
	}
	return cards, nil
}

// BuildCard turns a service row into its card.
func BuildCard(r catalog.Service, v *catalog.Vendor, tags []string, rating Rating, trending, bestseller bool) Card {
	if tags == nil {
		tags = []string{}
	}
	rating.ServiceID = r.ID
	c := Card{
		ID: r.ID, Title: r.Title, TitleEs: r.TitleEs, TitleFr: r.TitleFr, Description: r.Description,
		DescriptionEs: r.DescriptionEs, DescriptionFr: r.DescriptionFr, Category: r.Category, LobbyCategory: r.LobbyCategory,
		Tags: tags, ImageURL: r.ImageURL, ProfileImageURL: r.ProfileImageURL, PriceText: r.PriceText,
		RetailPriceCents: r.RetailPriceCents, ProPriceCents: r.ProPriceCents, CoPayPriceCents: r.CoPayPriceCents,
		PriceDuration: r.PriceDuration, PriceSuffix: PriceSuffix(r.PriceDuration, false), ShowDuration: ShowDuration(r.PriceDuration),
		RespaSplitLimit: r.RespaSplitLimit, CopayAllowed: r.CopayAllowed, RequiresQuote: r.RequiresQuote,
		IsVerified: r.IsVerified, IsFeatured: r.IsFeatured, IsTopPick: r.IsTopPick, IsSponsored: r.IsSponsored,
		IsAffiliate: r.IsAffiliate, DiscountPercentage: r.DiscountPercentage, Rating: rating, SortOrder: r.SortOrder, CreatedAt: r.CreatedAt,
	}
	svc := quote.ServiceOf(r, v)
	pro := quote.Of(svc, quote.Self(r), quote.Viewer{SignedIn: true, Pro: true}, quote.Config{})
	c.Displayed = DisplayedOf(pro, r.CoPayPriceCents != nil)
	if c.Displayed.Kind != "retail" {
		c.SavingsPercent = SavingsPercent(r.RetailPriceCents, c.Displayed.Cents)
	}
	c.Offers = OffersOf(quote.Of(svc, quote.Self(r), quote.Viewer{SignedIn: true}, quote.Config{}), pro)
	c.SortPrice = SortPriceOf(&r)
	support247 := false
	if v != nil {
		c.Vendor = &VendorSummary{ID: v.ID, Name: v.Name, LogoURL: v.LogoURL, WebsiteURL: v.WebsiteURL, IsVerified: v.IsVerified, SupportHours: v.SupportHours}
		support247 = strings.Contains(v.SupportHours, "24/7")
	}
	c.Badges = Badges(r.IsFeatured, r.IsTopPick, trending, bestseller, support247, !r.RequiresQuote)
	return c
}

// TopDealsMax is how many Top Deals are shown (03§9).
const TopDealsMax = 12

// TopDealEligible: affiliate services, services with a split limit, and verified services
// with a Pro price (03§9).
func TopDealEligible(c Card) bool {
	return c.IsAffiliate || (c.RespaSplitLimit != nil && *c.RespaSplitLimit > 0) || (c.IsVerified && c.ProPriceCents != nil)
}

// TopDealScore: 0.3 per discount percent, 10 per average rating point, 20 if featured, 15 if
// co-pay allowed, 5 if sponsored, plus a small brand bonus (2 for a verified vendor).
func TopDealScore(c Card) float64 {
	score := 0.3*float64(c.DiscountPercentage) + 10*c.Rating.AverageRating
	if c.IsFeatured {
		score += 20
	}
	if c.CopayAllowed {
		score += 15
	}
	if c.IsSponsored {
		score += 5
	}
	if c.Vendor != nil && c.Vendor.IsVerified {
		score += 2
	}
	return score
}

// TopDeals picks the best-scoring eligible cards, at most 12.
func TopDeals(cards []Card) []Card {
	var out []Card
	for _, c := range cards {
		if TopDealEligible(c) {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		si, sj := TopDealScore(out[i]), TopDealScore(out[j])
		if si != sj {
			return si > sj
		}
		return out[i].ID < out[j].ID
	})
	if len(out) > TopDealsMax {
		// A copy, not a reslice: the snapshot keeps the deals, and a reslice kept every eligible
		// card's copy with them (12 MB at 50,000 services).
		out = slices.Clone(out[:TopDealsMax])
	}
	if out == nil {
		out = []Card{}
	}
	return out
}

// PriceRange is the price slider's bounds (03§9): the lowest price to the highest x 1.1
// rounded up, in whole dollars, step max(1, range/100); 0-5000 before there is data.
type PriceRange struct {
	Min  int64 `json:"min"`
	Max  int64 `json:"max"`
	Step int64 `json:"step"`
}

// SliderRange computes the price slider from the catalogue's price bounds in cents.
func SliderRange(minCents, maxCents int64) PriceRange {
	if maxCents <= 0 {
		return PriceRange{Min: 0, Max: 5000, Step: 50}
	}
	lo := minCents / 100
	hi := (maxCents*11 + 999) / 1000 // dollars x 1.1, rounded up
	if hi <= lo {
		hi = lo + 1
	}
	return PriceRange{Min: lo, Max: hi, Step: max(1, (hi-lo)/100)}
}

// langOf is l as lang.Base names it ("en" for an empty query language).
func langOf(l string) string {
	if l == "" {
		return "en"
	}
	return l
}
