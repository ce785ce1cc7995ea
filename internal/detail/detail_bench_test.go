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
			if _, err := demo.Load(ctx, db, demo.Scale(demo.Build(now), n), "hash"); err != nil {
				b.Fatal(err)
			}
			market := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: time.Now}
			svc := &detail.Service{Store: store.NewDetailStore(db), Market: market, Now: time.Now, BaseURL: "https://circle.test"}
			rows, err := store.NewCatalog(db).ActiveServices(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := svc.ServiceDetail(ctx, rows[0].ID, detail.Caller{}); err != nil { // builds the search index
				b.Fatal(err)
			}
			// cold: a different service each time, first asked under this catalogue version
			// (its rows read, its suggestions ranked); warm: services asked before.
			stride := func(i int) string { return rows[(i*7919)%len(rows)].ID }
			b.Run("cold", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if i > 0 && i%len(rows) == 0 { // every service asked: a new version, outside the timing
						b.StopTimer()
						market.Invalidate()
						if _, err := svc.ServiceDetail(ctx, rows[0].ID, detail.Caller{}); err != nil {
							b.Fatal(err)
						}
						b.StartTimer()
					}
					if _, err := svc.ServiceDetail(ctx, stride(i), detail.Caller{}); err != nil {
						b.Fatal(err)
					}
				}
			})
			const working = 1000
			for i := 0; i < working; i++ {
				if _, err := svc.ServiceDetail(ctx, stride(i), detail.Caller{}); err != nil {
					b.Fatal(err)
				}
			}
			b.Run("warm", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := svc.ServiceDetail(ctx, stride(i%working), detail.Caller{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
