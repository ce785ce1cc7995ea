package concierge

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"circle/internal/catalog"
	"circle/internal/marketplace"
)

// The retrieval index: every active service with the normalized words of its titles,
// descriptions and category in the three languages, its category tags, vendor, rating and the
// evidence behind trust (reviews, verified reviews, the agents who reviewed or bought it). It
// lives in memory, built from the catalogue in a few milliseconds (85 demo services), and is
// rebuilt when the catalogue fingerprint changes (checked at most once per CheckInterval) or
// when it is older than MaxAge (purchases, which the fingerprint does not cover).
// docs/areas/concierge.md says why this and not FTS5/tsvector.

// CheckInterval is how often the index compares the catalogue fingerprint.
const CheckInterval = time.Second

// MaxAge is how old an index may get before it is rebuilt anyway.
const MaxAge = 5 * time.Minute

type doc struct {
	svc       catalog.Service
	vendor    *catalog.Vendor
	tags      map[string]bool
	category  string
	title     map[string]bool
	catWords  map[string]bool
	desc      map[string]bool
	rating    marketplace.RatingSum
	reviews   []Review // with text, verified first, then by rating
	verified  int
	reviewers map[string]bool
	buyers    map[string]bool
}

type index struct {
	fp      string
	builtAt time.Time
	docs    []*doc
	byID    map[string]*doc
	df      map[string]int
}

// indexHolder keeps the current index.
type indexHolder struct {
	mu        sync.Mutex
	cur       *index
	checkedAt time.Time
}

func (h *indexHolder) get(ctx context.Context, st CatalogStore, now time.Time) (*index, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cur != nil && now.Sub(h.checkedAt) < CheckInterval && now.Sub(h.cur.builtAt) < MaxAge {
		return h.cur, nil
	}
	fp, err := st.CatalogFingerprint(ctx)
	if err != nil {
		return nil, err
	}
	h.checkedAt = now
	if h.cur != nil && h.cur.fp == fp && now.Sub(h.cur.builtAt) < MaxAge {
		return h.cur, nil
	}
	ix, err := buildIndex(ctx, st, fp, now)
	if err != nil {
		return nil, err
	}
	h.cur = ix
	return ix, nil
}

// invalidate makes the next answer rebuild the index.
func (h *indexHolder) invalidate() {
	h.mu.Lock()
	h.cur = nil
	h.mu.Unlock()
}

func buildIndex(ctx context.Context, st CatalogStore, fp string, now time.Time) (*index, error) {
	svcs, err := st.ActiveServices(ctx)
	if err != nil {
		return nil, fmt.Errorf("concierge index: %w", err)
	}
	ids := make([]string, 0, len(svcs))
	vendorIDs := []string{}
	for _, s := range svcs {
		ids = append(ids, s.ID)
		if s.VendorID != nil {
			vendorIDs = append(vendorIDs, *s.VendorID)
		}
	}
	tags, err := st.TagsOf(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("concierge index tags: %w", err)
	}
	vendors, err := st.VendorsByID(ctx, vendorIDs)
	if err != nil {
		return nil, fmt.Errorf("concierge index vendors: %w", err)
	}
	ratings, err := st.ServiceRatingSums(ctx)
	if err != nil {
		return nil, fmt.Errorf("concierge index ratings: %w", err)
	}
	reviews, err := st.ConciergeReviews(ctx)
	if err != nil {
		return nil, fmt.Errorf("concierge index reviews: %w", err)
	}
	buyers, err := st.ConciergeBuyers(ctx)
	if err != nil {
		return nil, fmt.Errorf("concierge index buyers: %w", err)
	}
	ix := &index{fp: fp, builtAt: now, byID: make(map[string]*doc, len(svcs)), df: map[string]int{}}
	for _, s := range svcs {
		d := &doc{svc: s, tags: map[string]bool{}, category: s.Category, rating: ratings[s.ID],
			title:     wordSet(s.Title, s.TitleEs, s.TitleFr),
			catWords:  wordSet(s.Category),
			desc:      wordSet(s.Description, s.DescriptionEs, s.DescriptionFr),
			reviewers: map[string]bool{}, buyers: map[string]bool{}}
		if s.VendorID != nil {
			if v, ok := vendors[*s.VendorID]; ok {
				d.vendor = &v
			}
		}
		for _, t := range tags[s.ID] {
			d.tags[strings.TrimPrefix(t, "cat:")] = true
		}
		seen := map[string]bool{}
		for _, set := range []map[string]bool{d.title, d.catWords, d.desc} {
			for w := range set {
				if !seen[w] {
					seen[w] = true
					ix.df[w]++
				}
			}
		}
		ix.docs = append(ix.docs, d)
		ix.byID[s.ID] = d
	}
	for _, r := range reviews {
		d := ix.byID[r.ServiceID]
		if d == nil {
			continue
		}
		d.reviewers[r.UserID] = true
		if r.Verified {
			d.verified++
		}
		if strings.TrimSpace(r.Text) != "" {
			d.reviews = append(d.reviews, r)
		}
	}
	for _, b := range buyers {
		if d := ix.byID[b.ServiceID]; d != nil {
			d.buyers[b.UserID] = true
		}
	}
	for _, d := range ix.docs {
		sort.SliceStable(d.reviews, func(i, j int) bool {
			a, b := d.reviews[i], d.reviews[j]
			if a.Verified != b.Verified {
				return a.Verified
			}
			if a.Rating != b.Rating {
				return a.Rating > b.Rating
			}
			return a.ID < b.ID
		})
	}
	return ix, nil
}

func wordSet(texts ...string) map[string]bool {
	out := map[string]bool{}
	for _, t := range texts {
		for _, w := range terms(t) {
			out[w] = true
		}
	}
	return out
}

// idf is the inverse document frequency of a word (rarer words weigh more).
func (ix *index) idf(w string) float64 {
	return math.Log(1 + float64(len(ix.docs))/float64(1+ix.df[w]))
}
