package demo

import (
	"time"
)

// Activity is one demo engagement event: a view, a click or a purchase of a service.
type Activity struct {
	ServiceID string
	Kind      string // view, click or purchase
	At        time.Time
}

// BuildActivity spreads views, clicks and purchases over the last 7 days so trending and
// bestseller badges show in the demo. It is deterministic: the busiest services are every
// third active service, with counts that fall off along the catalogue.
func BuildActivity(now time.Time, d Data) []Activity {
	now = now.UTC().Truncate(time.Second)
	var out []Activity
	n := 0
	for _, s := range d.Services {
		if !s.Service.IsActive {
			continue
		}
		n++
		if n%3 != 1 {
			continue
		}
		rank := n / 3 // 0, 1, 2, ...
		views := max(0, 60-rank*3)
		clicks := views / 4
		purchases := 0
		if rank%2 == 0 && rank < 24 {
			purchases = max(1, 14-rank/2)
		}
		for i := 0; i < views; i++ {
			out = append(out, Activity{ServiceID: s.Service.ID, Kind: "view", At: now.Add(-time.Duration(i*131%(7*24*60)) * time.Minute)})
		}
		for i := 0; i < clicks; i++ {
			out = append(out, Activity{ServiceID: s.Service.ID, Kind: "click", At: now.Add(-time.Duration(i*97%(7*24*60)) * time.Minute)})
		}
		for i := 0; i < purchases; i++ {
			out = append(out, Activity{ServiceID: s.Service.ID, Kind: "purchase", At: now.Add(-time.Duration(i*577%(6*24*60)) * time.Minute)})
		}
	}
	return out
}
