package marketplace

import (
	"context"
	"maps"
	"slices"
	"sort"

	"circle/internal/catalog"
)

// IndexDeltaStore reads the part of the catalogue a change touched (Index.Apply). A store
// without it makes every change a full rebuild.
type IndexDeltaStore interface {
	// ActiveServicesIn returns those of ids that are active services.
	ActiveServicesIn(ctx context.Context, ids []string) ([]catalog.Service, error)
	// ServiceRatingSumsIn returns the review sums of those of ids that have reviews.
	ServiceRatingSumsIn(ctx context.Context, ids []string) (map[string]RatingSum, error)
}

// MaxDeltaServices is the most services one change may name and still be applied to the index
// as a change: a larger change (or one naming none) rebuilds the index.
const MaxDeltaServices = 200

// Apply brings the index up to date with a change of the services ids (their rows, tags,
// vendor or reviews) without rebuilding it: it reads those services again and makes a new
// index that shares every other card with the current one (copy on write). Searches keep
// using the current index until the new one replaces it, so they never wait. A change of more
// than MaxDeltaServices services, or none, falls back to Invalidate. Applying the same change
// twice (this replica hears its own broadcast) costs one fingerprint read.
func (ix *Index) Apply(ctx context.Context, ids []string) error {
	ds, ok := ix.Store.(IndexDeltaStore)
	if !ok || len(ids) == 0 || len(ids) > MaxDeltaServices {
		ix.Invalidate()
		return nil
	}
	ix.applyMu.Lock()
	defer ix.applyMu.Unlock()
	ix.mu.Lock()
	cur := ix.cur
	if ix.flight != nil {
		// A build under way may have read the services before the change: it applies the
		// change again to what it built before publishing it (startLocked).
		ix.pending = append(ix.pending, ids...)
	}
	ix.mu.Unlock()
	if cur == nil {
		return nil // nothing built yet: the first build reads the change
	}
	next, err := applyDelta(ctx, ds, ix.Store, cur, ids)
	if err != nil {
		ix.Invalidate()
		return err
	}
	ix.mu.Lock()
	if next != cur {
		ix.cur = next
		ix.deltas++
	}
	ix.mu.Unlock()
	return nil
}

// Builds returns how many full builds of the index this process has made, and how many
// changes it applied without one (tests and the bench count them).
func (ix *Index) Builds() (full, deltas uint64) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.builds, ix.deltas
}

// applyDelta returns old with the services ids read again: changed entries replaced, removed
// ones (inactive or deleted) left as nil holes, new ones appended. old is not modified; the new
// index shares old's unchanged entries and bitsets. It returns old itself when the catalogue
// fingerprint has not moved since old was stamped (the change is already in).
func applyDelta(ctx context.Context, ds IndexDeltaStore, st IndexStore, old *indexData, ids []string) (*indexData, error) {
	// The fingerprint is read before the rows: a write landing between the two moves the
	// fingerprint past this one, and the next check rebuilds.
	fp, err := st.CatalogFingerprint(ctx)
	if err != nil {
		return nil, err
	}
	if fp == old.fingerprint {
		return old, nil
	}
	ids = uniq(ids)
	rows, err := ds.ActiveServicesIn(ctx, ids)
	if err != nil {
		return nil, err
	}
	sums, err := ds.ServiceRatingSumsIn(ctx, ids)
	if err != nil {
		return nil, err
	}
	tags, err := st.TagsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	var vendorIDs []string
	for _, r := range rows {
		if r.VendorID != nil && !slices.Contains(vendorIDs, *r.VendorID) {
			vendorIDs = append(vendorIDs, *r.VendorID)
		}
	}
	vendors, err := st.VendorsByID(ctx, vendorIDs)
	if err != nil {
		return nil, err
	}

	d := &indexData{
		fingerprint: fp, gen: old.gen, entries: slices.Clone(old.entries), live: old.live,
		lobbies: old.lobbies, tags: maps.Clone(old.tags), products: maps.Clone(old.products), terms: map[string]bitset{},
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	// Where the changed services are now.
	pos := make(map[string]int, len(ids))
	for i, e := range d.entries {
		if e != nil && want[e.svc.ID] {
			pos[e.svc.ID] = i
		}
	}
	changed := map[int32]bool{}
	// Bitsets are cloned once per change, on first write.
	clonedTags, clonedProducts := map[string]bool{}, map[string]bool{}
	n := len(d.entries) + len(rows)
	writable := func(m map[string]bitset, cloned map[string]bool, key string) bitset {
		if !cloned[key] {
			m[key] = m[key].grown(n)
			cloned[key] = true
		}
		return m[key]
	}
	unmark := func(i int) {
		e := d.entries[i]
		for _, t := range e.tags {
			writable(d.tags, clonedTags, t).clear(i)
		}
		for ps, p := productSet(e.svc.SearchText, e.tags), 0; ps != 0; ps, p = ps>>1, p+1 {
			if ps&1 != 0 {
				writable(d.products, clonedProducts, ProductCategories[p].Slug).clear(i)
			}
		}
	}
	for _, i := range pos {
		unmark(i)
		d.entries[i] = nil
		d.live--
		changed[int32(i)] = true
	}
	var added []filterRow
	shared := sharedVendors(vendors)
	for _, r := range rows {
		e := newEntry(&r)
		if err := e.finish(tags[r.ID], shared, sums[r.ID]); err != nil {
			return nil, err
		}
		i, ok := pos[r.ID]
		if !ok {
			i = len(d.entries)
			d.entries = append(d.entries, nil)
		}
		d.entries[i] = e
		d.live++
		changed[int32(i)] = true
		if _, known := d.lobbies[e.svc.LobbyCategory]; !known {
			d.lobbies = maps.Clone(d.lobbies)
		}
		added = append(added, d.rowFor(i))
		for _, t := range e.tags {
			writable(d.tags, clonedTags, t).set(i)
		}
		for ps, p := productSet(e.svc.SearchText, e.tags), 0; ps != 0; ps, p = ps>>1, p+1 {
			if ps&1 != 0 {
				writable(d.products, clonedProducts, ProductCategories[p].Slug).set(i)
			}
		}
	}
	d.ranked = d.merged(old.ranked, changed, added, cmpRanked)
	d.newest = d.merged(old.newest, changed, added, cmpNewest)
	d.priceLow = d.merged(old.priceLow, changed, added, cmpPriceLow)
	d.priceHigh = d.merged(old.priceHigh, changed, added, cmpPriceHigh)
	return d, nil
}

// merged returns rows (sorted by cmp) without the rows of the changed entries and with added
// put in their places.
func (d *indexData) merged(rows []filterRow, changed map[int32]bool, added []filterRow, cmp func(a, b *indexEntry) int) []filterRow {
	out := make([]filterRow, 0, len(rows)+len(added))
	for _, r := range rows {
		if !changed[r.entry] {
			out = append(out, r)
		}
	}
	for _, a := range added {
		at := sort.Search(len(out), func(j int) bool { return cmp(d.entries[a.entry], d.entries[out[j].entry]) < 0 })
		out = slices.Insert(out, at, a)
	}
	return out
}

// rankedEntries returns the live entries in the ranked order.
func (d *indexData) rankedEntries() []*indexEntry {
	out := make([]*indexEntry, len(d.ranked))
	for i, r := range d.ranked {
		out[i] = d.entries[r.entry]
	}
	return out
}

func uniq(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
