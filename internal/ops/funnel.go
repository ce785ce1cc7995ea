package ops

import (
	"context"
	"time"

	"circle/internal/apperr"
)

// FunnelDay is one UTC day of the marketplace funnel.
type FunnelDay struct {
	Day       string `json:"day" example:"2026-11-20"`
	Visitors  int    `json:"visitors" doc:"Distinct browsers that opened a service (service_views.viewer_key)"`
	Views     int    `json:"views" doc:"Service views"`
	CartAdds  int    `json:"cart_adds" doc:"Cart lines created that day and still held (a line bought or removed since is not counted)"`
	Checkouts int    `json:"checkouts" doc:"Order payment pages opened (checkout_sessions of kind order)"`
	Paid      int    `json:"paid" doc:"Orders paid"`
}

// Funnel is the funnel per day over a range, oldest first, with the range's totals.
type Funnel struct {
	From  string      `json:"from"`
	To    string      `json:"to"`
	Days  []FunnelDay `json:"days"`
	Total FunnelDay   `json:"total" doc:"The range's sums (visitors summed per day)"`
}

// MaxFunnelDays bounds a range.
const MaxFunnelDays = 92

// FunnelStore counts the funnel's steps per day: each slice has one count per [edges[i], edges[i+1]).
type FunnelStore interface {
	FunnelCounts(ctx context.Context, edges []time.Time) (visitors, views, cartAdds, checkouts, paid []int, err error)
}

// Funnel answers the funnel per UTC day from from to to (both included; default the last 14
// days by the service's clock).
func (s *Service) Funnel(ctx context.Context, from, to string) (Funnel, error) {
	today := s.Now().UTC().Truncate(24 * time.Hour)
	end, err := parseDay("to", to)
	if err != nil {
		return Funnel{}, err
	}
	if end.IsZero() {
		end = today
	}
	start, err := parseDay("from", from)
	if err != nil {
		return Funnel{}, err
	}
	if start.IsZero() {
		start = end.AddDate(0, 0, -13)
	}
	if start.After(end) {
		return Funnel{}, apperr.Field("from", "validation.range", MsgBadDateRange)
	}
	n := int(end.Sub(start).Hours()/24) + 1
	if n > MaxFunnelDays {
		return Funnel{}, apperr.Field("from", "validation.range", "A range is at most 92 days.")
	}
	edges := make([]time.Time, n+1)
	for i := range edges {
		edges[i] = start.AddDate(0, 0, i)
	}
	visitors, views, adds, checkouts, paid, err := s.Store.FunnelCounts(ctx, edges)
	if err != nil {
		return Funnel{}, err
	}
	out := Funnel{From: start.Format(time.DateOnly), To: end.Format(time.DateOnly), Days: make([]FunnelDay, n), Total: FunnelDay{Day: "total"}}
	for i := 0; i < n; i++ {
		d := FunnelDay{Day: edges[i].Format(time.DateOnly), Visitors: visitors[i], Views: views[i], CartAdds: adds[i], Checkouts: checkouts[i], Paid: paid[i]}
		out.Days[i] = d
		out.Total.Visitors += d.Visitors
		out.Total.Views += d.Views
		out.Total.CartAdds += d.CartAdds
		out.Total.Checkouts += d.Checkouts
		out.Total.Paid += d.Paid
	}
	return out, nil
}
