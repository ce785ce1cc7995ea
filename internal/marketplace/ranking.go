package marketplace

import (
	"context"
	"math"
	"sort"
	"time"

	"circle/internal/catalog"
)

// Ranking inputs (issue 14, F-CAT-05): ranks and badges read only what the server can vouch
// for. A view counts once per viewer per ViewDedupe (see RecordView), and across a period once
// per distinct viewer: a signed-in user, or for visitors a network (IPv4 address or IPv6 /64),
// so fresh browser keys or user agents from one place add nothing. Clicks and shares count
// once per user. Sales are paid orders (and the demo's seeded purchases); purchases and bookings
// browsers report are analytics only.

// Engagement is one service's ranking inputs over a period.
type Engagement struct {
	// SignedInViewers is how many distinct signed-in users viewed the service.
	SignedInViewers int
	// VisitorNetworks is how many distinct networks visitors viewed it from.
	VisitorNetworks int
	// Clickers is how many distinct users clicked, shared or clicked out to the vendor.
	Clickers int
	// Sales is paid orders with the service (plus the demo's seeded purchases).
	Sales int
}

// Viewers is the distinct real viewers of the service.
func (e Engagement) Viewers() int { return e.SignedInViewers + e.VisitorNetworks }

// Trending rule (documented in docs/decisions.md, "Ranking abuse"): a service trends only with
// at least TrendingMinViewers distinct viewers in the period; among those, the score is
// SignedInViewWeight per signed-in viewer, one per visitor network and one per clicker.
const (
	TrendingMinViewers = 5
	SignedInViewWeight = 3
)

// trendingScore is the service's trending score, 0 when it lacks distinct viewers.
func trendingScore(e Engagement) int {
	if e.Viewers() < TrendingMinViewers {
		return 0
	}
	return SignedInViewWeight*e.SignedInViewers + e.VisitorNetworks + e.Clickers
}

// rankScores turns engagement into the counts TopByCount ranks.
func rankScores(eng map[string]Engagement, score func(Engagement) int) map[string]int {
	out := make(map[string]int, len(eng))
	for id, e := range eng {
		if n := score(e); n > 0 {
			out[id] = n
		}
	}
	return out
}

// ViewSources describes the views of one service in a window: how many, and from how many
// viewers and networks.
type ViewSources struct {
	ServiceID string
	Views     int
	// Viewers is distinct fingerprints (users or visitor IP and agent).
	Viewers int
	// Networks is distinct networks; TopNetworkViews the views of the busiest one.
	Networks        int
	TopNetworkViews int
	SignedInViews   int
}

// Spike thresholds: a window is suspicious with at least SpikeMinViews views and either
// SpikeFactor times the service's average window over the SpikeBaseline before it, or more than
// SpikeTopNetworkShare of its views from one network, or fewer than one network per
// SpikeViewsPerNetwork views.
const (
	DefaultSpikeWindow   = time.Hour
	SpikeBaseline        = 7 * 24 * time.Hour
	SpikeMinViews        = 20
	SpikeFactor          = 5
	SpikeTopNetworkShare = 0.5
	SpikeViewsPerNetwork = 4
)

// Spike reasons.
const (
	SpikeJump       = "jump"
	SpikeFewSources = "few_sources"
)

// ViewSpike is a service whose recent views look inflated.
type ViewSpike struct {
	ServiceID       string   `json:"service_id"`
	Title           string   `json:"title"`
	Views           int      `json:"views" doc:"Views recorded in the window"`
	Viewers         int      `json:"viewers" doc:"Distinct viewer fingerprints in the window"`
	Networks        int      `json:"networks" doc:"Distinct networks (IPv4 address or IPv6 /64) in the window"`
	TopNetworkViews int      `json:"top_network_views" doc:"Views from the busiest network"`
	SignedInViews   int      `json:"signed_in_views"`
	BaselineViews   float64  `json:"baseline_views" doc:"Average views per window over the 7 days before it"`
	Reasons         []string `json:"reasons" doc:"jump: far above the baseline; few_sources: mostly from few networks" enum:"jump,few_sources"`
}

// SpikeStore reads view sources for spike detection (part of Store).
type SpikeStore interface {
	ViewSourcesSince(ctx context.Context, since time.Time) (map[string]ViewSources, error)
	ViewCountsBetween(ctx context.Context, from, to time.Time) (map[string]int, error)
	ServicesByID(ctx context.Context, ids []string) ([]catalog.Service, error)
}

// ViewSpikes lists services whose views in the last window jumped far above their baseline or
// came mostly from few networks, most views first (an administrator's view).
func (s *Service) ViewSpikes(ctx context.Context, window time.Duration) ([]ViewSpike, error) {
	if window <= 0 {
		window = DefaultSpikeWindow
	}
	now := s.Now()
	since := now.Add(-window)
	recent, err := s.Store.ViewSourcesSince(ctx, since)
	if err != nil {
		return nil, err
	}
	base, err := s.Store.ViewCountsBetween(ctx, since.Add(-SpikeBaseline), since)
	if err != nil {
		return nil, err
	}
	windows := float64(SpikeBaseline) / float64(window)
	out := []ViewSpike{}
	var ids []string
	for id, v := range recent {
		if v.Views < SpikeMinViews {
			continue
		}
		avg := float64(base[id]) / windows
		sp := ViewSpike{ServiceID: id, Views: v.Views, Viewers: v.Viewers, Networks: v.Networks, TopNetworkViews: v.TopNetworkViews,
			SignedInViews: v.SignedInViews, BaselineViews: math.Round(avg*100) / 100, Reasons: []string{}}
		if float64(v.Views) >= SpikeFactor*avg {
			sp.Reasons = append(sp.Reasons, SpikeJump)
		}
		if float64(v.TopNetworkViews) > SpikeTopNetworkShare*float64(v.Views) || v.Networks*SpikeViewsPerNetwork < v.Views {
			sp.Reasons = append(sp.Reasons, SpikeFewSources)
		}
		if len(sp.Reasons) > 0 {
			out = append(out, sp)
			ids = append(ids, id)
		}
	}
	if len(ids) > 0 {
		rows, err := s.Store.ServicesByID(ctx, ids)
		if err != nil {
			return nil, err
		}
		titles := make(map[string]string, len(rows))
		for _, r := range rows {
			titles[r.ID] = r.Title
		}
		for i := range out {
			out[i].Title = titles[out[i].ServiceID]
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Views != out[j].Views {
			return out[i].Views > out[j].Views
		}
		return out[i].ServiceID < out[j].ServiceID
	})
	return out, nil
}
