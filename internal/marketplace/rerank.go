package marketplace

import (
	"context"
	"math"
	"sort"
	"time"
)

// RerankWindow is the period of activity the ranking uses.
const RerankWindow = 30 * 24 * time.Hour

// Rerank orders active services by recent engagement and quality and stores the order as
// sort_order (auto-rerank-services). Score, over RerankWindow: the distinct viewers (a
// signed-in viewer SignedInViewWeight, a visitor network one) + 3 x distinct clickers + 10 x
// sales (paid orders; see Engagement), plus 4 per rating
// point weighted by log(1 + reviews), plus 20 featured and 15 top pick. Purchases and bookings
// browsers report do not count. It returns how many services it ranked.
func (s *Service) Rerank(ctx context.Context) (int, error) {
	active, err := s.Store.ActiveServices(ctx)
	if err != nil {
		return 0, err
	}
	eng, err := s.Store.Engagement(ctx, s.Now().Add(-RerankWindow))
	if err != nil {
		return 0, err
	}
	ids := make([]string, len(active))
	for i, a := range active {
		ids[i] = a.ID
	}
	ratings, err := s.Store.ServiceRatings(ctx, ids)
	if err != nil {
		return 0, err
	}
	score := make(map[string]float64, len(active))
	for _, a := range active {
		r, e := ratings[a.ID], eng[a.ID]
		v := float64(SignedInViewWeight*e.SignedInViewers+e.VisitorNetworks) + 3*float64(e.Clickers) + 10*float64(e.Sales) +
			4*r.AverageRating*math.Log1p(float64(r.TotalReviews))
		if a.IsFeatured {
			v += 20
		}
		if a.IsTopPick {
			v += 15
		}
		score[a.ID] = v
	}
	sort.SliceStable(ids, func(i, j int) bool { return score[ids[i]] > score[ids[j]] })
	if err := s.Store.SetSortOrders(ctx, ids); err != nil {
		return 0, err
	}
	s.Invalidate()
	s.InvalidateRanks()
	return len(ids), nil
}
