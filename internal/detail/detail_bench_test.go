package detail_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// BenchmarkServiceDetail is one visitor's service detail answer on SQLite with the demo
// catalogue scaled to 5,000 and 50,000 services, asking for a different service each time
// (issue 17: it worked on the whole catalogue per request, 2.2 req/s at 50,000).
func BenchmarkServiceDetail(b *testing.B) {
	for _, n := range []int{5000, 50000} {
		b.Run(fmt.Sprintf("services=%d", n), func(b *testing.B) {
			ctx := context.Background()
			now := time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC)
			db := storetest.Open(b, store.SQLite)
			if _, err := db.LoadDemo(ctx, demo.Scale(demo.Build(now), n), "hash"); err != nil {
				b.Fatal(err)
			}
			market := &marketplace.Service{Store: db, Now: time.Now}
			svc := &detail.Service{Store: db, Market: market, Now: time.Now, BaseURL: "https://circle.test"}
			rows, err := db.ActiveServices(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := svc.ServiceDetail(ctx, rows[0].ID, detail.Caller{}); err != nil { // builds the search index
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				// A stride through the catalogue: consecutive requests ask for unrelated services.
				id := rows[(i*7919)%len(rows)].ID
				if _, err := svc.ServiceDetail(ctx, id, detail.Caller{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
