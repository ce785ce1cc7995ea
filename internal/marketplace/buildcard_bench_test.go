package marketplace_test

import (
	"testing"
	"time"

	"circle/internal/demo"
	"circle/internal/marketplace"
)

// BenchmarkBuildCardAndSortKey is what the index pays per service to build its card and its
// price-sort key (issue 26: both read the one quote): over the demo services, so a 50,000-service
// index build costs 50,000 / 79 of one loop's time.
func BenchmarkBuildCardAndSortKey(b *testing.B) {
	d := demo.Build(time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	for b.Loop() {
		for i := range d.Services {
			s := &d.Services[i].Service
			_ = marketplace.BuildCard(*s, nil, nil, marketplace.Rating{}, false, false)
			_, _ = marketplace.SortPriceKey(s)
		}
	}
}
