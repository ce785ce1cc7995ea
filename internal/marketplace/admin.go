package marketplace

import (
	"context"
	"time"
)

// ListedVendorsMax bounds the vendors directory.
const ListedVendorsMax = 100

// Vendors lists the vendors the marketplace shows (at most ListedVendorsMax), filtered by f,
// with the ratings and counts of the snapshot's vendor cards (vendors not in it have none
// yet); it reports whether the location filter applied.
func (s *Snapshots) Vendors(ctx context.Context, f VendorFilter) ([]VendorCard, bool, error) {
	b, err := s.Get(ctx)
	if err != nil {
		return nil, false, err
	}
	all, err := s.Store.ListedVendors(ctx, ListedVendorsMax)
	if err != nil {
		return nil, false, err
	}
	ratingOf := map[string]VendorCard{}
	for _, v := range b.Snapshot.Vendors {
		ratingOf[v.ID] = v
	}
	cards := VendorCards(all, nil, nil)
	for i, c := range cards {
		if r, ok := ratingOf[c.ID]; ok {
			cards[i].Rating, cards[i].ReviewCount, cards[i].ServiceCount = r.Rating, r.ReviewCount, r.ServiceCount
		}
	}
	list, applied := FilterVendors(cards, f)
	return list, applied, nil
}

// Rerank stores a new ranking of the active services (Service.Rerank) and rebuilds the
// snapshot so the marketplace shows it; it returns how many services it ranked.
func (s *Snapshots) Rerank(ctx context.Context) (int, error) {
	n, err := s.Service.Rerank(ctx)
	if err != nil {
		return 0, err
	}
	if _, err := s.Refresh(ctx); err != nil {
		return 0, err
	}
	return n, nil
}

// Rebuild forgets the search index and the trending lists and builds a new snapshot now (the
// admin's refresh button).
func (s *Snapshots) Rebuild(ctx context.Context) (*Built, error) {
	s.Service.Invalidate()
	s.Service.InvalidateRanks()
	return s.Refresh(ctx)
}

// CacheHealth is the admin cache badge (03§2).
type CacheHealth struct {
	Exists        bool       `json:"exists"`
	Stale         bool       `json:"stale" doc:"expires_at has passed"`
	GeneratedAt   *time.Time `json:"generated_at"`
	ExpiresAt     *time.Time `json:"expires_at"`
	ServicesCount int        `json:"services_count"`
	VendorsCount  int        `json:"vendors_count"`
	Bytes         int        `json:"bytes"`
}

// Health describes the snapshot's cache row (stale once its expiry has passed) and the counts
// of the snapshot this replica serves.
func (s *Snapshots) Health(ctx context.Context) (CacheHealth, error) {
	meta, err := s.Store.MarketplaceCacheMeta(ctx, CacheKey)
	if err != nil {
		return CacheHealth{}, err
	}
	h := CacheHealth{Exists: meta.Exists, Bytes: meta.Bytes}
	if meta.Exists {
		exp, upd := meta.ExpiresAt, meta.UpdatedAt
		h.ExpiresAt, h.GeneratedAt = &exp, &upd
		h.Stale = !s.Service.Now().Before(exp)
	}
	if cur := s.Current(); cur != nil {
		h.ServicesCount, h.VendorsCount = cur.Snapshot.ServicesCount, cur.Snapshot.VendorsCount
	}
	return h, nil
}
