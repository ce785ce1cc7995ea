package marketplace

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"circle/internal/catalog"
)

// SnapshotTTL is how long a snapshot counts as fresh (02§9: marketplace data stale after 5 minutes).
const SnapshotTTL = 5 * time.Minute

// SnapshotVendors is how many vendors the first paint carries (02§9: 20 in the loader).
const SnapshotVendors = 20

// CacheKey is the marketplace_cache row of the snapshot.
const CacheKey = "marketplace_data"

// BlockCount is a category block with its live count.
type BlockCount struct {
	catalog.CategoryBlock
	Count int `json:"count"`
}

// LobbyCount is a lobby category with its count.
type LobbyCount struct {
	catalog.LobbyCategory
	Count int `json:"count"`
}

// ProductCount is a product category with its provider count.
type ProductCount struct {
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Snapshot is everything the marketplace page needs for its first paint.
type Snapshot struct {
	GeneratedAt       time.Time      `json:"generated_at"`
	ExpiresAt         time.Time      `json:"expires_at"`
	ServicesCount     int            `json:"services_count"`
	VendorsCount      int            `json:"vendors_count"`
	CategoryBlocks    []BlockCount   `json:"category_blocks"`
	LobbyCategories   []LobbyCount   `json:"lobby_categories"`
	ProductCategories []ProductCount `json:"product_categories"`
	TopDeals          []Card         `json:"top_deals"`
	TrendingIDs       []string       `json:"trending_ids"`
	BestsellerIDs     []string       `json:"bestseller_ids"`
	PriceRange        PriceRange     `json:"price_range"`
	FirstPage         Page           `json:"first_page" doc:"Page 1 of the ranked services, 50 per page"`
	Vendors           []VendorCard   `json:"vendors"`
}

// SnapshotStore keeps the snapshot in the marketplace_cache table and lists vendors.
type SnapshotStore interface {
	ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error)
	SaveMarketplaceCache(ctx context.Context, key string, data []byte, expires time.Time) error
	DeleteMarketplaceCache(ctx context.Context, key string) error
	MarketplaceCacheMeta(ctx context.Context, key string) (CacheMeta, error)
}

// CacheMeta describes the snapshot's cache row without its data.
type CacheMeta struct {
	Exists    bool
	ExpiresAt time.Time
	UpdatedAt time.Time
	Bytes     int
}

// Built is a serialised snapshot ready to serve.
type Built struct {
	Snapshot Snapshot
	// JSON is the snapshot with every language (what the cache table keeps); viewers get
	// ForLang's encoding.
	JSON        []byte
	Fingerprint string
	// changes is Snapshots.changes when the build started reading: it includes every catalogue
	// change counted until then.
	changes uint64
	// langs are the encodings per viewer language (ForLang), made on first use.
	langs [len(langOrder)]langEncoding
}

// langOrder lists the languages of ForLang's encodings.
var langOrder = [...]string{"en", "es", "fr"}

type langEncoding struct {
	once sync.Once
	page *EncodedPage
	err  error
}

// ForLang is the snapshot as a viewer of language l (lang.Base) gets it: its Top Deals and
// first-page cards in l only (Card.Localized), encoded, gzipped and hashed once per snapshot
// and language. An unknown language is English.
func (b *Built) ForLang(l string) (*EncodedPage, error) {
	i := 0
	for j, x := range langOrder {
		if x == l {
			i = j
		}
	}
	e := &b.langs[i]
	e.once.Do(func() {
		snap := b.Snapshot
		deals := make([]Card, len(snap.TopDeals))
		for k, c := range snap.TopDeals {
			deals[k] = c.Localized(langOrder[i])
		}
		snap.TopDeals, snap.FirstPage = deals, snap.FirstPage.Localized(langOrder[i])
		raw, err := json.Marshal(snap)
		if err != nil {
			e.err = fmt.Errorf("marshal snapshot: %w", err)
			return
		}
		e.page = encodePage(raw, gzip.BestCompression)
	})
	return e.page, e.err
}

// encodePage gzips raw at level and names it by a strong ETag (a hash of raw).
func encodePage(raw []byte, level int) *EncodedPage {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, level)
	_, _ = w.Write(raw)
	_ = w.Close()
	sum := sha256.Sum256(raw)
	return &EncodedPage{JSON: raw, Gzip: gz.Bytes(), ETag: `"` + hex.EncodeToString(sum[:12]) + `"`}
}

// Snapshots builds and caches the snapshot. A stale snapshot is served while a fresh one is
// built in the background; a change of the catalogue fingerprint rebuilds it early.
type Snapshots struct {
	Service *Service
	Store   SnapshotStore
	Logger  *slog.Logger

	mu       sync.Mutex
	current  *Built
	building chan struct{}
	// cleared counts Clear calls: a build that saw it change read the catalogue before the
	// clear, so its result is not kept.
	cleared uint64
	// changes counts CatalogChanged calls (changes.go).
	changes uint64
	// warmed is set once Warm has built the index and the snapshot (warm.go).
	warmed atomic.Bool
}

// Get returns the current snapshot, building it when there is none and starting a rebuild in
// the background when it is stale.
func (s *Snapshots) Get(ctx context.Context) (*Built, error) {
	s.mu.Lock()
	cur := s.current
	s.mu.Unlock()
	if cur == nil {
		return s.ensure(ctx)
	}
	if !s.Service.Now().Before(cur.Snapshot.ExpiresAt) {
		s.rebuildAsync()
	}
	return cur, nil
}

// Current returns the snapshot without building one (nil when there is none).
func (s *Snapshots) Current() *Built {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.current
}

func (s *Snapshots) rebuildAsync() {
	s.mu.Lock()
	if s.building != nil {
		s.mu.Unlock()
		return
	}
	done := s.claimBuild()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := s.buildClaimed(ctx, done); err != nil {
			s.Logger.Error("marketplace snapshot rebuild failed", "err", err)
		}
	}()
}

// ensure returns the current snapshot, building it only when there is none. Callers that
// arrive while a build runs wait for it and share its result: after a restart or a cleared
// cache, a crowd of first requests costs one build, not one each in turn.
func (s *Snapshots) ensure(ctx context.Context) (*Built, error) {
	for {
		s.mu.Lock()
		if cur := s.current; cur != nil {
			s.mu.Unlock()
			return cur, nil
		}
		if b := s.building; b != nil {
			s.mu.Unlock()
			if err := waitFor(ctx, b); err != nil {
				return nil, err
			}
			continue // the build may have failed: look again
		}
		done := s.claimBuild()
		return s.buildClaimed(ctx, done)
	}
}

// Refresh builds a new snapshot now, after any build already under way.
func (s *Snapshots) Refresh(ctx context.Context) (*Built, error) {
	for {
		s.mu.Lock()
		b := s.building
		if b == nil {
			break
		}
		s.mu.Unlock()
		if err := waitFor(ctx, b); err != nil {
			return nil, err
		}
	}
	done := s.claimBuild()
	return s.buildClaimed(ctx, done)
}

// claimBuild marks a build as under way; s.mu is held on entry and released on return.
func (s *Snapshots) claimBuild() chan struct{} {
	done := make(chan struct{})
	s.building = done
	s.mu.Unlock()
	return done
}

// buildClaimed builds and then releases the claim taken by claimBuild.
func (s *Snapshots) buildClaimed(ctx context.Context, done chan struct{}) (*Built, error) {
	defer func() {
		s.mu.Lock()
		s.building = nil
		s.mu.Unlock()
		close(done)
	}()
	return s.build(ctx)
}

func waitFor(ctx context.Context, done <-chan struct{}) error {
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Clear drops the snapshot from memory and from the cache table.
func (s *Snapshots) Clear(ctx context.Context) error {
	s.mu.Lock()
	s.current = nil
	s.cleared++
	s.mu.Unlock()
	s.Service.Invalidate()
	s.Service.InvalidateRanks()
	return s.Store.DeleteMarketplaceCache(ctx, CacheKey)
}

// CheckFingerprint starts a rebuild when the catalogue fingerprint no longer matches the
// snapshot's, so changes made on this or another replica show before the snapshot expires.
// Every replica runs it on an interval for its own snapshot (a local job, see internal/jobs).
func (s *Snapshots) CheckFingerprint(ctx context.Context) error {
	cur := s.Current()
	if cur == nil {
		return nil
	}
	fp, err := s.Service.Store.CatalogFingerprint(ctx)
	if err != nil {
		return fmt.Errorf("marketplace fingerprint: %w", err)
	}
	if fp != cur.Fingerprint {
		s.Service.InvalidateRanks()
		s.rebuildAsync()
	}
	return nil
}

// clearedRebuilds bounds how often one build starts over because the cache was cleared
// while it ran.
const clearedRebuilds = 3

// build computes, saves and keeps a snapshot. When the cache is cleared while it runs, it
// starts over: otherwise the snapshot read before the clear would come back right after it.
func (s *Snapshots) build(ctx context.Context) (*Built, error) {
	for attempt := 0; ; attempt++ {
		s.mu.Lock()
		cleared := s.cleared
		s.mu.Unlock()
		clearedSince := func() bool {
			s.mu.Lock()
			defer s.mu.Unlock()
			return s.cleared != cleared
		}
		b, err := s.compute(ctx)
		if err != nil {
			return nil, err
		}
		if !clearedSince() {
			if err := s.Store.SaveMarketplaceCache(ctx, CacheKey, b.JSON, b.Snapshot.ExpiresAt); err != nil {
				return nil, err
			}
			s.mu.Lock()
			kept := s.cleared == cleared
			if kept {
				s.current = b
			}
			s.mu.Unlock()
			if kept {
				return b, nil
			}
		}
		// Cleared while building (or saving): build again from what the clear left, and
		// after a few tries answer this caller without keeping the result.
		if attempt == clearedRebuilds {
			return b, nil
		}
	}
}

// compute builds and serialises a snapshot.
func (s *Snapshots) compute(ctx context.Context) (*Built, error) {
	s.mu.Lock()
	changes := s.changes
	s.mu.Unlock()
	fp, err := s.Service.Store.CatalogFingerprint(ctx)
	if err != nil {
		return nil, err
	}
	snap, err := s.Service.BuildSnapshot(ctx, s.Store)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(snap)
	if err != nil {
		return nil, fmt.Errorf("marshal snapshot: %w", err)
	}
	b := &Built{Snapshot: snap, JSON: raw, Fingerprint: fp, changes: changes}
	// English ahead of time: most first paints are in it.
	if _, err := b.ForLang("en"); err != nil {
		return nil, err
	}
	return b, nil
}

// BuildSnapshot computes the snapshot from the search index (the services, their cards, tags,
// lobby and product counts and price bounds) and the listed vendors: it reads no service row
// of its own, so after a change it costs one pass over the index, not a read of the catalogue.
func (s *Service) BuildSnapshot(ctx context.Context, store SnapshotStore) (Snapshot, error) {
	now := s.Now().UTC()
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return Snapshot{}, err
	}
	trending, bestseller, err := s.Ranks(ctx)
	if err != nil {
		return Snapshot{}, err
	}
	trendSet, bestSet, err := s.rankSets(ctx)
	if err != nil {
		return Snapshot{}, err
	}
	vendors, err := store.ListedVendors(ctx, 0)
	if err != nil {
		return Snapshot{}, err
	}
	ranked := d.rankedEntries()
	cardOf := func(e *indexEntry) Card { return e.cardFor(trendSet[e.svc.ID], bestSet[e.svc.ID]) }

	// Top Deals: picked on the cards without badges (the score does not read them), then
	// shown with them.
	var eligible []Card
	byID := map[string]*indexEntry{}
	lobby := map[string]int{}
	var lo, hi *int64
	for _, e := range ranked {
		lobby[e.svc.LobbyCategory]++
		if r := e.svc.RetailPriceCents; r != nil {
			if lo == nil || *r < *lo {
				lo = r
			}
			if hi == nil || *r > *hi {
				hi = r
			}
		}
		if TopDealEligible(e.card) {
			eligible = append(eligible, e.card)
			byID[e.svc.ID] = e
		}
	}
	deals := TopDeals(eligible)
	for i := range deals {
		deals[i] = cardOf(byID[deals[i].ID])
	}
	var loCents, hiCents int64
	if lo != nil {
		loCents, hiCents = *lo, *hi
	}
	snap := Snapshot{
		GeneratedAt: now, ExpiresAt: now.Add(SnapshotTTL), ServicesCount: len(ranked), VendorsCount: len(vendors),
		TrendingIDs: nonNil(trending), BestsellerIDs: nonNil(bestseller), PriceRange: SliderRange(loCents, hiCents), TopDeals: deals,
	}
	for _, b := range catalog.CategoryBlocks {
		snap.CategoryBlocks = append(snap.CategoryBlocks, BlockCount{CategoryBlock: b, Count: d.tags[b.Tag].count()})
	}
	for _, l := range catalog.LobbyCategories {
		snap.LobbyCategories = append(snap.LobbyCategories, LobbyCount{LobbyCategory: l, Count: lobby[l.Slug]})
	}
	for _, pc := range ProductCategories {
		snap.ProductCategories = append(snap.ProductCategories, ProductCount{Slug: pc.Slug, Name: pc.Name, Count: d.products[pc.Slug].count()})
	}
	first := make([]Card, 0, min(len(ranked), DefaultPageSize))
	for _, e := range ranked[:min(len(ranked), DefaultPageSize)] {
		first = append(first, cardOf(e))
	}
	total := int64(len(ranked))
	snap.FirstPage = Page{Services: first, Total: total, Page: 1, PageSize: DefaultPageSize, Pages: Query{PageSize: DefaultPageSize}.Pages(total)}
	vc := vendorCardsFromIndex(vendors, ranked)
	if len(vc) > SnapshotVendors {
		vc = vc[:SnapshotVendors]
	}
	snap.Vendors = vc
	return snap, nil
}

// vendorCardsFromIndex is VendorCards over the index's entries.
func vendorCardsFromIndex(vendors []catalog.Vendor, entries []*indexEntry) []VendorCard {
	ratings := vendorRatings{}
	for _, e := range entries {
		ratings.add(e.svc.VendorID, e.card.Rating)
	}
	return ratings.cards(vendors)
}

// VendorCards builds vendor cards with ratings over each vendor's services.
func VendorCards(vendors []catalog.Vendor, services []catalog.Service, cards []Card) []VendorCard {
	ratings := vendorRatings{}
	for i, s := range services {
		ratings.add(s.VendorID, cards[i].Rating)
	}
	return ratings.cards(vendors)
}

// vendorRatings adds up the ratings of each vendor's services, by vendor id: a vendor card's
// rating is the review-weighted average over its services.
type vendorRatings map[string]*vendorRating

type vendorRating struct {
	sum      float64 // each service's average times its review count
	reviews  int
	services int
}

// add counts a service of vendor vendorID (none: nil) with rating r.
func (m vendorRatings) add(vendorID *string, r Rating) {
	if vendorID == nil {
		return
	}
	a := m[*vendorID]
	if a == nil {
		a = &vendorRating{}
		m[*vendorID] = a
	}
	a.services++
	a.sum += r.AverageRating * float64(r.TotalReviews)
	a.reviews += r.TotalReviews
}

// cards builds the vendors' cards, in order, with the ratings added up.
func (m vendorRatings) cards(vendors []catalog.Vendor) []VendorCard {
	out := make([]VendorCard, 0, len(vendors))
	for _, v := range vendors {
		a := m[v.ID]
		if a == nil {
			a = &vendorRating{}
		}
		out = append(out, BuildVendorCard(v, a.sum, a.reviews, a.services))
	}
	return out
}
