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
// sort_order (auto-rerank-services). Score: views + 3 x clicks/shares + 5 x bookings +
// 10 x purchases, plus 4 per rating point weighted by log(1 + reviews), plus 20 featured and
// 15 top pick. It returns how many services it ranked.
func (s *Service) Rerank(ctx context.Context) (int, error) {
	active, err := s.Store.ActiveServices(ctx)
	if err != nil {
		return 0, err
	}
	since := s.Now().Add(-RerankWindow)
	views, err := s.Store.EventCounts(ctx, since, nil, true)
	if err != nil {
		return 0, err
	}
	clicks, err := s.Store.EventCounts(ctx, since, []string{"click", "share", "outbound_click"}, false)
	if err != nil {
		return 0, err
	}
	bookings, err := s.Store.EventCounts(ctx, since, []string{"booking"}, false)
	if err != nil {
		return 0, err
	}
	purchases, err := s.Store.EventCounts(ctx, since, []string{"purchase"}, false)
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
		r := ratings[a.ID]
		v := float64(views[a.ID]) + 3*float64(clicks[a.ID]) + 5*float64(bookings[a.ID]) + 10*float64(purchases[a.ID]) +
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
