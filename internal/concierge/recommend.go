package concierge

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/marketplace"
)

// Recommendations and market intelligence (issue 29 item 5; 03§7 enhanced-ai-recommendations
// and ai-market-intelligence): for a signed-in agent, services chosen from what Circle knows of
// them (location, specialties, saved services, purchases, recent views) and figures of their
// market from Circle's own data (what agents in their state buy, by category). No model: every
// reason is a fact the agent can check. docs/areas/concierge.md says how the score is made.

// MaxRecommendations is how many services a recommendation lists.
const MaxRecommendations = 6

// MarketWindow is how far back the market figures count purchases.
const MarketWindow = 90 * 24 * time.Hour

// MaxMarketCategories is how many categories the market figures list.
const MaxMarketCategories = 8

// AgentSignals is what a recommendation reads of the agent.
type AgentSignals struct {
	State       string
	Specialties []string
	// Saved, Purchased and Viewed are service ids; Viewed most recent first.
	Saved, Purchased, Viewed []string
}

// StatePurchases is how many paid purchases of a service agents of a state made.
type StatePurchases struct {
	ServiceID string
	State     string
	Count     int
}

// SignalStore is what recommendations read besides the catalogue index.
type SignalStore interface {
	AgentSignals(ctx context.Context, userID string, viewsSince time.Time) (AgentSignals, error)
	PurchasesByState(ctx context.Context, since time.Time) ([]StatePurchases, error)
}

// Recommendation reason keys (the web app translates them with their parameters).
const (
	ReasonSaved     = "saved_category"
	ReasonViewed    = "viewed_category"
	ReasonSpecialty = "specialty"
	ReasonPopular   = "popular_in_state"
	ReasonServes    = "serves_state"
	ReasonTopRated  = "top_rated"
)

// RecommendReason is one fact behind a recommendation.
type RecommendReason struct {
	Key    string            `json:"key" enum:"saved_category,viewed_category,specialty,popular_in_state,serves_state,top_rated" doc:"Which fact"`
	Params map[string]string `json:"params" doc:"category, specialty, state, count or rating as the fact needs"`
}

// Recommended is one recommended service.
type Recommended struct {
	ServiceID   string            `json:"service_id"`
	Title       string            `json:"title" doc:"In the asked language"`
	Category    string            `json:"category"`
	VendorName  string            `json:"vendor_name"`
	ImageURL    string            `json:"image_url"`
	Price       string            `json:"price" doc:"The viewer's price from the one quote, with its period, in the asked language"`
	Rating      float64           `json:"rating"`
	ReviewCount int               `json:"review_count"`
	URL         string            `json:"url" doc:"Where the web app opens the service"`
	Reasons     []RecommendReason `json:"reasons" doc:"Why, most important first (at most 2)"`
}

// Recommendations is the answer of GET /api/concierge/recommendations.
type Recommendations struct {
	// Personal is false when Circle knows nothing of the agent yet: the list is then the best
	// rated services, said as such.
	Personal bool          `json:"personal"`
	State    string        `json:"state" doc:"The agent's state as the profile gives it; empty when unknown"`
	Services []Recommended `json:"services"`
}

// MarketCategory is one category of an agent's market.
type MarketCategory struct {
	Category string `json:"category"`
	// Services is how many active services of the category serve the state (a vendor with no
	// states listed serves everywhere).
	Services int `json:"services"`
	// PurchasesInState and PurchasesAll count paid purchases in the last 90 days by agents of the
	// state and by every agent.
	PurchasesInState int `json:"purchases_in_state"`
	PurchasesAll     int `json:"purchases_all"`
	// MedianMonthlyCents is the median monthly equivalent of the category's priced services (the
	// price sort's number: yearly / 12, one-time over 12 months), US cents; null when none.
	MedianMonthlyCents *int64 `json:"median_monthly_cents"`
	// CoPayShare is the percent of the category's services that allow co-pay.
	CoPayShare int `json:"copay_share"`
}

// Market is the answer of GET /api/concierge/market.
type Market struct {
	State       string           `json:"state"`
	WindowDays  int              `json:"window_days"`
	Categories  []MarketCategory `json:"categories"`
	GeneratedAt time.Time        `json:"generated_at"`
}

// Recommend lists services for a signed-in agent.
func (s *Service) Recommend(ctx context.Context, c Caller) (Recommendations, error) {
	if c.UserID == "" {
		return Recommendations{}, apperr.New(apperr.Unauthenticated, "Authentication Required")
	}
	ix, err := s.index.get(ctx, s.Store, s.Now())
	if err != nil {
		return Recommendations{}, err
	}
	now := s.Now()
	sig, err := s.Signals.AgentSignals(ctx, c.UserID, now.Add(-MarketWindow))
	if err != nil {
		return Recommendations{}, err
	}
	bought, err := s.Signals.PurchasesByState(ctx, now.Add(-MarketWindow))
	if err != nil {
		return Recommendations{}, err
	}
	p, err := s.pricing(ctx, Caller{UserID: c.UserID, Pro: c.Pro, State: firstNonEmpty(c.State, sig.State)})
	if err != nil {
		return Recommendations{}, err
	}
	out := Recommendations{State: sig.State, Services: []Recommended{}}
	for _, r := range rankForAgent(ix, sig, bought) {
		if len(out.Services) == MaxRecommendations {
			break
		}
		out.Personal = out.Personal || r.personal
		d := r.d
		rec := Recommended{ServiceID: d.svc.ID, Title: titleOf(d, c.Lang), Category: d.svc.Category, ImageURL: d.svc.ImageURL,
			Price: priceOf(d, p, c.Lang), URL: ServiceURL(d.svc.ID), Reasons: r.reasons}
		if d.vendor != nil {
			rec.VendorName = d.vendor.Name
		}
		if rt := d.rating.Rating(d.svc.ID); rt.TotalReviews > 0 {
			rec.Rating, rec.ReviewCount = rt.AverageRating, rt.TotalReviews
		}
		out.Services = append(out.Services, rec)
	}
	return out, nil
}

type recommendRank struct {
	d        *doc
	score    float64
	personal bool
	reasons  []RecommendReason
}

// rank scores every active service the agent has not bought or saved: a category the agent
// saved (3) or viewed (2), a specialty the service's words name (2 each), purchases by agents
// of the agent's state (up to 3), a vendor serving the state (1), and the rating (up to 1) as
// the tie-breaker. Services with no personal fact come after those with one, by rating.
func rankForAgent(ix *index, sig AgentSignals, bought []StatePurchases) []recommendRank {
	savedCats, viewedCats := map[string]bool{}, map[string]bool{}
	skip := map[string]bool{}
	for _, id := range sig.Purchased {
		skip[id] = true
	}
	for _, id := range sig.Saved {
		skip[id] = true
		if d := ix.byID[id]; d != nil {
			savedCats[d.svc.Category] = true
		}
	}
	for _, id := range sig.Viewed {
		if d := ix.byID[id]; d != nil {
			viewedCats[d.svc.Category] = true
		}
	}
	inState := map[string]int{}
	for _, b := range bought {
		if sig.State != "" && strings.EqualFold(b.State, sig.State) {
			inState[b.ServiceID] += b.Count
		}
	}
	var out []recommendRank
	for _, d := range ix.docs {
		if skip[d.svc.ID] {
			continue
		}
		r := recommendRank{d: d}
		add := func(score float64, reason RecommendReason) {
			r.score += score
			r.personal = true
			r.reasons = append(r.reasons, reason)
		}
		if savedCats[d.svc.Category] {
			add(3, RecommendReason{Key: ReasonSaved, Params: map[string]string{"category": d.svc.Category}})
		} else if viewedCats[d.svc.Category] {
			add(2, RecommendReason{Key: ReasonViewed, Params: map[string]string{"category": d.svc.Category}})
		}
		for _, sp := range sig.Specialties {
			if specialtyMatches(d, sp) {
				add(2, RecommendReason{Key: ReasonSpecialty, Params: map[string]string{"specialty": sp}})
				break
			}
		}
		if n := inState[d.svc.ID]; n > 0 {
			add(float64(min(n, 3)), RecommendReason{Key: ReasonPopular, Params: map[string]string{"state": sig.State, "count": strconv.Itoa(n)}})
		} else if sig.State != "" && d.vendor != nil && slices.ContainsFunc(d.vendor.ServiceStates, func(st string) bool { return strings.EqualFold(st, sig.State) }) {
			r.score++
			r.reasons = append(r.reasons, RecommendReason{Key: ReasonServes, Params: map[string]string{"state": sig.State}})
		}
		if rt := d.rating.Rating(d.svc.ID); rt.TotalReviews > 0 {
			r.score += rt.AverageRating / 5
			if !r.personal {
				r.reasons = append(r.reasons, RecommendReason{Key: ReasonTopRated, Params: map[string]string{
					"rating": strconv.FormatFloat(rt.AverageRating, 'f', 1, 64), "count": strconv.Itoa(rt.TotalReviews)}})
			}
		}
		if len(r.reasons) > 2 {
			r.reasons = r.reasons[:2]
		}
		if r.reasons == nil {
			r.reasons = []RecommendReason{}
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].personal != out[j].personal {
			return out[i].personal
		}
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].d.svc.ID < out[j].d.svc.ID
	})
	return out
}

// specialtyMatches: every word of the specialty is among the service's title, category or tag
// words (in any of the three languages).
func specialtyMatches(d *doc, specialty string) bool {
	words := strings.Fields(strings.ToLower(specialty))
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		w = strings.Trim(w, ".,;:()")
		if len(w) < 3 {
			continue
		}
		if !d.title[w] && !d.catWords[w] && !d.tags[w] && !d.desc[w] {
			return false
		}
	}
	return true
}

// MarketFor is the market of a state (the agent's when state is empty): each category's services
// serving it, purchases in the last 90 days in the state and everywhere, the median monthly
// price and the share allowing co-pay; the categories most bought in the state first.
func (s *Service) MarketFor(ctx context.Context, c Caller, state string) (Market, error) {
	if c.UserID == "" {
		return Market{}, apperr.New(apperr.Unauthenticated, "Authentication Required")
	}
	now := s.Now()
	if state == "" {
		sig, err := s.Signals.AgentSignals(ctx, c.UserID, now)
		if err != nil {
			return Market{}, err
		}
		state = sig.State
	}
	state = strings.ToUpper(strings.TrimSpace(state))
	if state != "" && !account.KnownRegion(state) {
		return Market{}, apperr.Field("state", "concierge.unknown_state", "Unknown state or province: use its two-letter code (e.g. CO).")
	}
	ix, err := s.index.get(ctx, s.Store, now)
	if err != nil {
		return Market{}, err
	}
	bought, err := s.Signals.PurchasesByState(ctx, now.Add(-MarketWindow))
	if err != nil {
		return Market{}, err
	}
	return market(ix, bought, state, now), nil
}

func market(ix *index, bought []StatePurchases, state string, now time.Time) Market {
	type acc struct {
		MarketCategory
		prices []int64
		copay  int
	}
	cats := map[string]*acc{}
	catOf := map[string]string{}
	for _, d := range ix.docs {
		catOf[d.svc.ID] = d.svc.Category
		if state != "" && d.vendor != nil && len(d.vendor.ServiceStates) > 0 &&
			!slices.ContainsFunc(d.vendor.ServiceStates, func(st string) bool { return strings.EqualFold(st, state) }) {
			continue
		}
		a := cats[d.svc.Category]
		if a == nil {
			a = &acc{MarketCategory: MarketCategory{Category: d.svc.Category}}
			cats[d.svc.Category] = a
		}
		a.Services++
		if sp := marketplace.SortPriceOf(&d.svc); sp != nil {
			a.prices = append(a.prices, sp.MonthlyCents)
		}
		if d.svc.CopayAllowed {
			a.copay++
		}
	}
	for _, b := range bought {
		a := cats[catOf[b.ServiceID]]
		if a == nil {
			continue
		}
		a.PurchasesAll += b.Count
		if state != "" && strings.EqualFold(b.State, state) {
			a.PurchasesInState += b.Count
		}
	}
	out := Market{State: state, WindowDays: int(MarketWindow / (24 * time.Hour)), Categories: []MarketCategory{}, GeneratedAt: now.UTC()}
	for _, a := range cats {
		if len(a.prices) > 0 {
			slices.Sort(a.prices)
			m := a.prices[len(a.prices)/2]
			if len(a.prices)%2 == 0 {
				m = (a.prices[len(a.prices)/2-1] + a.prices[len(a.prices)/2] + 1) / 2
			}
			a.MedianMonthlyCents = &m
		}
		a.CoPayShare = a.copay * 100 / a.Services
		out.Categories = append(out.Categories, a.MarketCategory)
	}
	sort.Slice(out.Categories, func(i, j int) bool {
		x, y := out.Categories[i], out.Categories[j]
		if x.PurchasesInState != y.PurchasesInState {
			return x.PurchasesInState > y.PurchasesInState
		}
		if x.PurchasesAll != y.PurchasesAll {
			return x.PurchasesAll > y.PurchasesAll
		}
		if x.Services != y.Services {
			return x.Services > y.Services
		}
		return x.Category < y.Category
	})
	if len(out.Categories) > MaxMarketCategories {
		out.Categories = out.Categories[:MaxMarketCategories]
	}
	return out
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
