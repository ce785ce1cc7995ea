package demo

import (
	"fmt"

	"circle/internal/catalog"
)

// Scale grows the demo catalogue to about n active services for load tests by adding numbered
// variants of the demo services ("... (Edition 7)") with their tags and packages. The variants
// keep every rule of the originals (prices, flags, categories), so search and filters behave as
// on real data.
//
// Scale adds no activity; set ScaleTo for Load to add it (circle seed --scale does).
func Scale(d Data, n int) Data {
	var active []catalog.ServiceWithParts
	for _, s := range d.Services {
		if s.Service.IsActive {
			active = append(active, s)
		}
	}
	if len(active) == 0 || n <= len(active) {
		return d
	}
	for i := 0; len(active)+i < n; i++ {
		src := active[i%len(active)]
		edition := i/len(active) + 2
		c := src
		c.Service.ID = fmt.Sprintf("%s-e%d", src.Service.ID, edition)
		c.Service.Title = fmt.Sprintf("%s (Edition %d)", src.Service.Title, edition)
		c.Service.SortOrder = src.Service.SortOrder + edition*1000
		c.Tags = append([]string(nil), src.Tags...)
		c.Packages = nil
		for j, p := range src.Packages {
			p.ID = fmt.Sprintf("%s-e%d-%d", src.Service.ID, edition, j)
			c.Packages = append(c.Packages, p)
		}
		d.Services = append(d.Services, c)
	}
	return d
}

// ScaleCounts is what a catalogue scaled to n services gets besides its services, in
// proportion to the 100,000 agents at 50,000 services: two agent accounts per service,
// one paid order (of one service) per four agents, one review per two agents, and four
// tracking events (impressions and clicks) per service.
type ScaleCounts struct {
	Agents, Orders, Reviews, Events int
}

// CountsFor is ScaleCounts for a catalogue scaled to n services.
func CountsFor(n int) ScaleCounts {
	return ScaleCounts{Agents: 2 * n, Orders: n / 2, Reviews: n, Events: 4 * n}
}
