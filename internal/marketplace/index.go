package marketplace

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"time"

	"circle/internal/catalog"
)

// IndexCheckInterval is how often the search index compares the catalogue fingerprint with the
// one it was built from. A change made through this process is visible at once (Invalidate);
// a change made by another replica (or directly in the database) becomes visible within this
// interval plus the time of one rebuild.
const IndexCheckInterval = time.Second

// indexTermCacheMax bounds the per-index cache of search-term matches.
const indexTermCacheMax = 2048

// IndexStore is what the search index reads.
type IndexStore interface {
	ActiveServices(ctx context.Context) ([]catalog.Service, error)
	ServiceRatingSums(ctx context.Context) (map[string]RatingSum, error)
	TagsOf(ctx context.Context, ids []string) (map[string][]string, error)
	VendorsByID(ctx context.Context, ids []string) (map[string]catalog.Vendor, error)
	CatalogFingerprint(ctx context.Context) (string, error)
}

// RatingSum is the sum and count of a service's review ratings.
type RatingSum struct {
	Sum int64
	N   int64
}

// Rating is the card rating: the average to one decimal (rounded half up, in integers) and
// the count (get_service_ratings_bulk). A service without reviews has the zero Rating.
func (r RatingSum) Rating(serviceID string) Rating {
	if r.N <= 0 {
		return Rating{}
	}
	tenths := (r.Sum*10*2/r.N + 1) / 2
	return Rating{ServiceID: serviceID, AverageRating: float64(tenths) / 10, TotalReviews: int(r.N)}
}

// AtLeast reports whether the exact average is at least min, as SQL's AVG(rating) >= min: a
// service without reviews has no average and never qualifies.
func (r RatingSum) AtLeast(min int) bool {
	return r.N > 0 && r.Sum >= int64(min)*r.N
}

// Index answers marketplace searches from memory. It holds every active service with its
// tags, vendor and rating, stamped with the catalogue fingerprint it was read under, and
// answers a Query exactly as Store.SearchServices (the SQL reference) does: the same filters,
// the same order and tie-breaks, the same totals and paging.
//
// Freshness: at most once per IndexCheckInterval one caller starts a fingerprint check in the
// background (the others keep using the current index meanwhile) and the index is rebuilt when
// the fingerprint changed. Invalidate, called by this process after its own catalogue writes,
// makes the next search wait for a rebuild that started after the call, so a write here is
// visible at once; writes made elsewhere (another replica) are visible within about one second.
type Index struct {
	Store IndexStore
	// CheckEvery overrides IndexCheckInterval (tests); zero means IndexCheckInterval.
	CheckEvery time.Duration

	mu        sync.Mutex
	cur       *indexData
	checkedAt time.Time // monotonic; when cur was last confirmed against the fingerprint
	gen       uint64    // bumped by Invalidate
	flight    *indexFlight
	// builds and deltas count full builds and applied changes (Builds).
	builds, deltas uint64

	// applyMu orders Apply calls and the publication of a build (index_delta.go); pending
	// holds the services changed while a build ran, applied again to its result.
	applyMu sync.Mutex
	pending []string
}

// indexFlight is the one fingerprint check or rebuild under way.
type indexFlight struct {
	gen  uint64 // Invalidate generation when the flight started
	done chan struct{}
	err  error
}

// indexEntry is one active service as the index keeps it.
type indexEntry struct {
	svc    catalog.Service
	vendor *catalog.Vendor
	tags   []string
	rating RatingSum
	// card is the service's card without the trending and bestseller badges, which change
	// apart from the catalogue (every RankCacheTTL).
	card Card
	// cardJSON is card encoded once for every language without its title and description
	// (encodeListCard), so a search page is written without encoding its cards.
	cardJSON []byte
	// roi is the estimated ROI multiple (catalog.EstimatedROIMultiple), kept because the
	// funnel content it may come from is not.
	roi float64
	// priceKey is the price sorts' key (SortPriceKey), nil without a price.
	priceKey *int64
}

// cardJSONFor returns the entry's list card encoded without its title and description (see
// encodeListCard), with the trending and bestseller badges.
func (e *indexEntry) cardJSONFor(trending, bestseller bool) ([]byte, error) {
	if trending || bestseller {
		return encodeListCard(e.cardFor(trending, bestseller))
	}
	return e.cardJSON, nil
}

// encodeCard encodes a card as the API's JSON encoder does (without the trailing newline).
func encodeCard(c Card) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(c); err != nil {
		return nil, fmt.Errorf("encode card %s: %w", c.ID, err)
	}
	// A copy of exactly its length: the index keeps one per service, and the encoder's buffer
	// has up to twice that capacity (50,000 services: 63 MB kept, 35 MB of it needed).
	return bytes.Clone(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// emptyText is where a list card's JSON leaves its title and description to fill in.
const emptyText = `"","description":""`

// encodeListCard encodes a card as lists send it, once for every language: without the
// Spanish and French fields and with an empty title and description, which appendListCard
// fills in with the viewer's language (the JSON starts {"id":...,"title":"","description":"").
func encodeListCard(c Card) ([]byte, error) {
	c = c.Localized("en")
	c.Title, c.Description = "", ""
	raw, err := encodeCard(c)
	if err != nil {
		return nil, err
	}
	if at := listTextAt(raw, c.ID); at < 0 {
		return nil, fmt.Errorf("encode card %s: unexpected field order", c.ID)
	}
	return raw, nil
}

// listTextAt is the offset of the empty title in a list card's JSON, -1 when it is not where
// encodeListCard puts it.
func listTextAt(raw []byte, id string) int {
	idJSON, _ := json.Marshal(id)
	at := len(`{"id":`) + len(idJSON) + len(`,"title":`)
	if len(raw) < at+len(emptyText) || string(raw[at:at+len(emptyText)]) != emptyText ||
		!bytes.HasPrefix(raw, []byte(`{"id":`)) {
		return -1
	}
	return at
}

// appendListCard writes the list card raw (from encodeListCard) of card c in language l.
func appendListCard(buf *bytes.Buffer, raw []byte, c *Card, l string) {
	at := listTextAt(raw, c.ID)
	t := c.Localized(l)
	title, _ := json.Marshal(t.Title)
	desc, _ := json.Marshal(t.Description)
	buf.Write(raw[:at])
	buf.Write(title)
	buf.WriteString(`,"description":`)
	buf.Write(desc)
	buf.Write(raw[at+len(emptyText):])
}

// cardRef is cardFor without copying the card: the entry's own (read only) when it has no
// rank badge.
func (e *indexEntry) cardRef(trending, bestseller bool) *Card {
	if trending || bestseller {
		c := e.cardFor(trending, bestseller)
		return &c
	}
	return &e.card
}

// cardFor returns the entry's card with the trending and bestseller badges.
func (e *indexEntry) cardFor(trending, bestseller bool) Card {
	if trending || bestseller {
		return BuildCard(e.svc, e.vendor, e.tags, e.rating.Rating(e.svc.ID), trending, bestseller)
	}
	return e.card
}

// Flags of a filterRow: one per yes/no filter of a Query.
const (
	flagFeatured      uint32 = 1 << iota // is_featured
	flagVerified                         // is_verified
	flagCoPay                            // copay_allowed
	flagInstant                          // NOT requires_quote
	flagTopPick                          // is_top_pick
	flagProDiscount                      // pro_price_cents < retail_price_cents, both set
	flagCoPayEligible                    // co-pay eligible keyword rule
	flagRetail                           // retail_price_cents is set
)

// filterRow is what the filters read of one entry, small so a scan stays in cache.
type filterRow struct {
	entry  int32 // position in indexData.entries
	lobby  int32 // position in indexData.lobbies
	flags  uint32
	retail int64
	rating RatingSum
}

// indexData is one immutable build of the index.
type indexData struct {
	fingerprint string
	gen         uint64
	// entries holds the services by position; a service a change removed leaves a nil hole
	// (Apply), filled again by the next full build.
	entries []*indexEntry
	// live counts the non-nil entries.
	live int
	// The filter rows in each sort order.
	ranked, newest, priceLow, priceHigh []filterRow
	lobbies                             map[string]int32  // lobby category -> filterRow.lobby
	tags                                map[string]bitset // tag -> entries with it
	products                            map[string]bitset // product slug -> entries in it

	termMu sync.RWMutex
	terms  map[string]bitset // term -> entries whose search text contains it
}

// bitset is a set of entry positions.
type bitset []uint64

func newBitset(n int) bitset      { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)        { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int32) bool { return int(i/64) < len(b) && b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) clear(i int) {
	if i/64 < len(b) {
		b[i/64] &^= 1 << (i % 64)
	}
}

// grown returns a copy of b sized for n positions.
func (b bitset) grown(n int) bitset {
	out := newBitset(max(n, len(b)*64))
	copy(out, b)
	return out
}

// count returns how many positions are set.
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}
func (b bitset) union(other bitset) {
	for i, w := range other {
		b[i] |= w
	}
}

// Invalidate makes the next search use an index rebuilt after this call. Call it after this
// process changes services, vendors, tags or reviews.
func (ix *Index) Invalidate() {
	ix.mu.Lock()
	ix.gen++
	ix.mu.Unlock()
}

func (ix *Index) interval() time.Duration {
	if ix.CheckEvery > 0 {
		return ix.CheckEvery
	}
	return IndexCheckInterval
}

// current returns an index that reflects every Invalidate made before the call and was
// checked against the fingerprint at most about one interval ago.
func (ix *Index) current(ctx context.Context) (*indexData, error) {
	ix.mu.Lock()
	want := ix.gen
	for {
		if cur := ix.cur; cur != nil && cur.gen >= want {
			if time.Since(ix.checkedAt) >= ix.interval() && ix.flight == nil {
				ix.startLocked()
			}
			ix.mu.Unlock()
			return cur, nil
		}
		f := ix.flight
		if f == nil {
			f = ix.startLocked()
		}
		ix.mu.Unlock()
		select {
		case <-f.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if f.err != nil && f.gen >= want {
			return nil, f.err
		}
		ix.mu.Lock()
	}
}

// startLocked starts a check-and-rebuild in the background; ix.mu is held.
func (ix *Index) startLocked() *indexFlight {
	f := &indexFlight{gen: ix.gen, done: make(chan struct{})}
	ix.flight = f
	cur := ix.cur
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		data, err := ix.refresh(ctx, cur, f.gen)
		// Changes applied while the build ran may be missing from what it read: apply them
		// to it before it replaces the current index.
		ix.applyMu.Lock()
		ix.mu.Lock()
		pending := ix.pending
		ix.pending = nil
		ix.mu.Unlock()
		if ds, ok := ix.Store.(IndexDeltaStore); ok && err == nil && len(pending) > 0 {
			data, err = applyDelta(ctx, ds, ix.Store, data, pending)
		}
		ix.mu.Lock()
		ix.applyMu.Unlock()
		f.err = err
		if err == nil {
			ix.cur = data
		}
		// A failed check is retried after the interval too; searches meanwhile use the index
		// they have (a search waiting for a rebuild gets the error).
		ix.checkedAt = time.Now()
		ix.flight = nil
		ix.mu.Unlock()
		close(f.done)
	}()
	return f
}

// refresh reads the fingerprint and rebuilds when it changed or cur predates an Invalidate.
// The fingerprint is read before the data, so a write that lands during a build changes the
// fingerprint the next check sees.
func (ix *Index) refresh(ctx context.Context, cur *indexData, gen uint64) (*indexData, error) {
	fp, err := ix.Store.CatalogFingerprint(ctx)
	if err != nil {
		return nil, err
	}
	if cur != nil && cur.fingerprint == fp && cur.gen >= gen {
		return cur, nil
	}
	ix.mu.Lock()
	ix.builds++
	ix.mu.Unlock()
	return buildIndex(ctx, ix.Store, fp, gen)
}

// IndexStreamStore is implemented by a store that can hand the active services over one row at
// a time (internal/store): the build then never holds every row's funnel content at once.
type IndexStreamStore interface {
	// EachActiveService calls fn with each active service (in any order) without its funnel
	// content, and the funnel content's estimated ROI (0 when absent).
	EachActiveService(ctx context.Context, fn func(s *catalog.Service, funnelROI int) error) error
}

// buildIndex reads the whole active catalogue and builds an index of it. The rating sums are
// read while the services stream in; the tags and the vendors, which need the services' ids,
// are read side by side after.
func buildIndex(ctx context.Context, st IndexStore, fp string, gen uint64) (*indexData, error) {
	var (
		wg      sync.WaitGroup
		sums    map[string]RatingSum
		sumsErr error
	)
	wg.Go(func() { sums, sumsErr = st.ServiceRatingSums(ctx) })
	var entries []*indexEntry
	var err error
	if ss, ok := st.(IndexStreamStore); ok {
		err = ss.EachActiveService(ctx, func(s *catalog.Service, funnelROI int) error {
			if funnelROI > 0 {
				s.FunnelContent = &catalog.FunnelContent{EstimatedROI: funnelROI}
			}
			entries = append(entries, newEntry(s))
			return nil
		})
	} else {
		var active []catalog.Service
		if active, err = st.ActiveServices(ctx); err == nil {
			for i := range active {
				entries = append(entries, newEntry(&active[i]))
				active[i] = catalog.Service{} // let the row go as its entry is made
			}
		}
	}
	if err != nil {
		wg.Wait()
		return nil, err
	}
	ids := make([]string, len(entries))
	var vendorIDs []string
	seenVendor := map[string]bool{}
	for i, e := range entries {
		ids[i] = e.svc.ID
		if v := e.svc.VendorID; v != nil && !seenVendor[*v] {
			seenVendor[*v] = true
			vendorIDs = append(vendorIDs, *v)
		}
	}
	var (
		tags             map[string][]string
		vendors          map[string]catalog.Vendor
		tagsErr, vendErr error
	)
	wg.Go(func() { tags, tagsErr = st.TagsOf(ctx, ids) })
	wg.Go(func() { vendors, vendErr = st.VendorsByID(ctx, vendorIDs) })
	wg.Wait()
	if err := cmp.Or(sumsErr, tagsErr, vendErr); err != nil {
		return nil, err
	}
	shared := sharedVendors(vendors)
	n := len(entries)
	d := &indexData{
		fingerprint: fp, gen: gen, entries: entries, live: n,
		lobbies: map[string]int32{}, tags: map[string]bitset{}, products: map[string]bitset{}, terms: map[string]bitset{},
	}
	for _, pc := range ProductCategories {
		d.products[pc.Slug] = newBitset(n)
	}
	rows := make([]filterRow, n)
	for i, e := range entries {
		if err := e.finish(tags[e.svc.ID], shared, sums[e.svc.ID]); err != nil {
			return nil, err
		}
		rows[i] = d.rowFor(i)
		for _, t := range e.tags {
			if d.tags[t] == nil {
				d.tags[t] = newBitset(n)
			}
			d.tags[t].set(i)
		}
		for ps, p := productSet(e.svc.SearchText, e.tags), 0; ps != 0; ps, p = ps>>1, p+1 {
			if ps&1 != 0 {
				d.products[ProductCategories[p].Slug].set(i)
			}
		}
	}
	d.ranked = d.sorted(rows, cmpRanked)
	d.newest = d.sorted(rows, cmpNewest)
	d.priceLow = d.sorted(rows, cmpPriceLow)
	d.priceHigh = d.sorted(rows, cmpPriceHigh)
	return d, nil
}

// newEntry starts the entry of a service row: the row without its funnel content (not shown
// on cards; keeps the index small) and the estimated ROI read from it.
func newEntry(s *catalog.Service) *indexEntry {
	e := &indexEntry{svc: *s, roi: catalog.EstimatedROIMultiple(*s)}
	e.svc.FunnelContent = nil
	return e
}

// finish completes an entry read from a service row: its tags, vendor, rating, price key and
// its card, built and encoded once.
func (e *indexEntry) finish(tags []string, vendors map[string]*catalog.Vendor, rating RatingSum) error {
	e.tags, e.rating = tags, rating
	if id := e.svc.VendorID; id != nil {
		e.vendor = vendors[*id]
	}
	e.priceKey = sortPriceKeyPtr(&e.svc)
	e.card = BuildCard(e.svc, e.vendor, e.tags, e.rating.Rating(e.svc.ID), false, false)
	raw, err := encodeListCard(e.card)
	if err != nil {
		return err
	}
	e.cardJSON = raw
	return nil
}

// sharedVendors gives every vendor one copy that all its services' entries point to (a copy
// per entry cost 480 bytes a service: 24 MB at 50,000 services). The entries only read it.
func sharedVendors(vendors map[string]catalog.Vendor) map[string]*catalog.Vendor {
	shared := make(map[string]*catalog.Vendor, len(vendors))
	for id, v := range vendors {
		shared[id] = &v
	}
	return shared
}

// rowFor returns the filter row of entry i, giving its lobby category a number when new (on a
// build of its own, or on a clone of the lobbies map).
func (d *indexData) rowFor(i int) filterRow {
	e := d.entries[i]
	lobby, ok := d.lobbies[e.svc.LobbyCategory]
	if !ok {
		lobby = int32(len(d.lobbies))
		d.lobbies[e.svc.LobbyCategory] = lobby
	}
	row := filterRow{entry: int32(i), lobby: lobby, rating: e.rating, flags: rowFlags(&e.svc)}
	if e.svc.RetailPriceCents != nil {
		row.retail = *e.svc.RetailPriceCents
	}
	return row
}

// The four orders of the filter rows. Ranked: sort order, newest first, id. Newest: newest
// first, id. The price sorts compare the retail price over a year (SortPriceKey: monthly x 12, yearly and one-time as they are), with
// missing prices last either way, then sort order, then id.
func cmpRanked(a, b *indexEntry) int {
	sa, sb := &a.svc, &b.svc
	return cmp.Or(cmp.Compare(sa.SortOrder, sb.SortOrder), sb.CreatedAt.Compare(sa.CreatedAt), strings.Compare(sa.ID, sb.ID))
}

func cmpNewest(a, b *indexEntry) int {
	return cmp.Or(b.svc.CreatedAt.Compare(a.svc.CreatedAt), strings.Compare(a.svc.ID, b.svc.ID))
}

func cmpPriceLow(a, b *indexEntry) int  { return cmpPrice(a, b, false) }
func cmpPriceHigh(a, b *indexEntry) int { return cmpPrice(a, b, true) }

func cmpPrice(a, b *indexEntry, desc bool) int {
	return cmp.Or(comparePrice(a.priceKey, b.priceKey, desc), cmp.Compare(a.svc.SortOrder, b.svc.SortOrder), strings.Compare(a.svc.ID, b.svc.ID))
}

// rowFlags computes a service's filter flags.
func rowFlags(s *catalog.Service) uint32 {
	return flagIf(flagFeatured, s.IsFeatured) |
		flagIf(flagVerified, s.IsVerified) |
		flagIf(flagCoPay, s.CopayAllowed) |
		flagIf(flagInstant, !s.RequiresQuote) |
		flagIf(flagTopPick, s.IsTopPick) |
		flagIf(flagProDiscount, s.ProPriceCents != nil && s.RetailPriceCents != nil && *s.ProPriceCents < *s.RetailPriceCents) |
		flagIf(flagCoPayEligible, coPayEligible(s.SearchText)) |
		flagIf(flagRetail, s.RetailPriceCents != nil)
}

// flagIf is flag when on, else no flag.
func flagIf(flag uint32, on bool) uint32 {
	if on {
		return flag
	}
	return 0
}

// comparePrice orders prices ascending (or descending) with missing prices last either way.
func comparePrice(a, b *int64, desc bool) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	case desc:
		return cmp.Compare(*b, *a)
	default:
		return cmp.Compare(*a, *b)
	}
}

// sorted returns a copy of rows in the order of cmp on their entries.
func (d *indexData) sorted(rows []filterRow, cmp func(a, b *indexEntry) int) []filterRow {
	out := slices.Clone(rows)
	slices.SortFunc(out, func(a, b filterRow) int { return cmp(d.entries[a.entry], d.entries[b.entry]) })
	return out
}

// coPayEligible is the co-pay eligible keyword rule on a search text: an eligible keyword and
// no excluded keyword, each as a whole word.
func coPayEligible(searchText string) bool {
	ok := false
	for _, k := range CoPayEligibleKeywords {
		if strings.Contains(searchText, " "+k+" ") {
			ok = true
			break
		}
	}
	if !ok {
		return false
	}
	for _, k := range CoPayExcludedKeywords {
		if strings.Contains(searchText, " "+k+" ") {
			return false
		}
	}
	return true
}

// termBits returns the bitset of entries whose search text contains term (computed once per
// build and term).
func (d *indexData) termBits(term string) bitset {
	d.termMu.RLock()
	bits, ok := d.terms[term]
	d.termMu.RUnlock()
	if ok {
		return bits
	}
	bits = newBitset(len(d.entries))
	for i, e := range d.entries {
		if e != nil && strings.Contains(e.svc.SearchText, term) {
			bits.set(i)
		}
	}
	d.termMu.Lock()
	if len(d.terms) >= indexTermCacheMax {
		clear(d.terms)
	}
	d.terms[term] = bits
	d.termMu.Unlock()
	return bits
}

// search returns the page of entries matching q and the total, as SearchServices.
func (d *indexData) search(q Query) ([]*indexEntry, int64) {
	var terms bitset // nil: no term filter
	if len(q.Terms) > 0 {
		terms = newBitset(len(d.entries))
		for _, t := range q.Terms {
			terms.union(d.termBits(t))
		}
	}
	lobby := int32(-1) // no category filter
	if q.Category != "" {
		l, ok := d.lobbies[q.Category]
		if !ok {
			return nil, 0
		}
		lobby = l
	}
	var tag bitset // nil: no tag filter
	if q.Tag != "" {
		if tag = d.tags[q.Tag]; tag == nil {
			return nil, 0
		}
	}
	// nil: no product filter (also for an unknown slug, which Parse refuses, like the SQL).
	product := d.products[q.Product]
	need := flagIf(flagFeatured, q.Featured) |
		flagIf(flagVerified, q.Verified) |
		flagIf(flagCoPay, q.CoPay) |
		flagIf(flagCoPayEligible, q.CoPayEligible) |
		flagIf(flagRetail, q.MinPriceCents != nil || q.MaxPriceCents != nil)
	for _, f := range q.Features {
		need |= flagIf(flagCoPay, f == FeatureCoPay) |
			flagIf(flagInstant, f == FeatureInstant) |
			flagIf(flagFeatured, f == FeatureFeatured) |
			flagIf(flagTopPick, f == FeatureTopPick) |
			flagIf(flagProDiscount, f == FeatureProDiscount)
	}
	minPrice, maxPrice := int64(math.MinInt64), int64(math.MaxInt64)
	if q.MinPriceCents != nil {
		minPrice = *q.MinPriceCents
	}
	if q.MaxPriceCents != nil {
		maxPrice = *q.MaxPriceCents
	}

	rows := d.ranked
	sort := q.Sort
	if sort == SortRanked && q.Holdout {
		sort = SortNewest
	}
	switch sort {
	case SortNewest:
		rows = d.newest
	case SortPriceLow:
		rows = d.priceLow
	case SortPriceHigh:
		rows = d.priceHigh
	}
	offset := int64(max(q.Page-1, 0)) * int64(q.PageSize)
	end := offset + int64(q.PageSize)
	var total int64
	var page []*indexEntry
	for i := range rows {
		r := &rows[i]
		if r.flags&need != need || (lobby >= 0 && r.lobby != lobby) ||
			(need&flagRetail != 0 && (r.retail < minPrice || r.retail > maxPrice)) ||
			(q.MinRating > 0 && !r.rating.AtLeast(q.MinRating)) ||
			(terms != nil && !terms.has(r.entry)) || (tag != nil && !tag.has(r.entry)) || (product != nil && !product.has(r.entry)) {
			continue
		}
		if total >= offset && total < end {
			page = append(page, d.entries[r.entry])
		}
		total++
	}
	return page, total
}

// SearchServices answers q from the index with the same rows (without FunnelContent), order
// and total as Store.SearchServices.
func (ix *Index) SearchServices(ctx context.Context, q Query) ([]catalog.Service, int64, error) {
	d, err := ix.current(ctx)
	if err != nil {
		return nil, 0, err
	}
	page, total := d.search(q)
	rows := make([]catalog.Service, len(page))
	for i, e := range page {
		rows[i] = e.svc
	}
	return rows, total, nil
}

// ActiveIDs returns the ids of the active services the current index holds.
func (ix *Index) ActiveIDs(ctx context.Context) ([]string, error) {
	d, err := ix.current(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, d.live)
	for _, e := range d.entries {
		if e != nil {
			out = append(out, e.svc.ID)
		}
	}
	return out, nil
}
