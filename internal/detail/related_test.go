package detail_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// F-CAT-12 (issue 17): the detail answer's suggestions and bundles, now from the index built
// once per pool version, equal the per-request ranking of the whole pool, on the demo
// catalogue and on a scaled one, on both databases; a catalogue write makes the next answer
// rank the new pool.
func TestF_CAT_12_DetailSuggestionsEqualThePerRequestRanking(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scale int
		every int // check every n-th service (the reference is quadratic)
	}{{"demo", 0, 1}, {"scaled", 1200, 37}} {
		for _, kind := range storetest.Engines {
			t.Run(tc.name+"/"+string(kind), func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				clk := clocktest.New(time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC))
				db := storetest.Open(t, kind, store.WithClock(clk.Now))
				data := demo.Build(clk.Now())
				if tc.scale > 0 {
					data = demo.Scale(data, tc.scale)
				}
				if _, err := demo.Load(ctx, db, data, "hash"); err != nil {
					t.Fatal(err)
				}
				market := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: clk.Now}
				svc := &detail.Service{Store: store.NewDetailStore(db), Market: market, Now: clk.Now, BaseURL: "https://circle.test"}
				check := func(step string) {
					t.Helper()
					pcs, _, err := market.ActivePool(ctx)
					if err != nil {
						t.Fatal(err)
					}
					pool := make([]detail.Candidate, len(pcs))
					for i, pc := range pcs {
						pool[i] = detail.Candidate{Card: pc.Card, ROI: pc.ROI}
					}
					if tc.scale > 0 && len(pool) < tc.scale {
						t.Fatalf("scaled pool of %d services", len(pool))
					}
					for i := 0; i < len(pool); i += tc.every {
						row, err := store.NewCatalog(db).ServiceByID(ctx, pool[i].Card.ID)
						if err != nil {
							t.Fatal(err)
						}
						cur := detail.NewCandidate(row, *pool[i].Card)
						d, err := svc.ServiceDetail(ctx, row.ID, detail.Caller{})
						if err != nil {
							t.Fatal(err)
						}
						detail.SameJSON(t, step+" suggestions of "+row.ID, "detail", d.Suggestions, detail.ReferenceSuggest(cur, pool))
						detail.SameJSON(t, step+" bundles of "+row.ID, "detail", d.Bundles, detail.ReferenceBundles(cur, pool))
						if row.VendorID != nil && d.Vendor != nil {
							want, err := store.NewReviews(db).VendorRating(ctx, *row.VendorID)
							if err != nil {
								t.Fatal(err)
							}
							if d.Vendor.Rating != want.AverageRating || d.Vendor.ReviewCount != want.TotalReviews {
								t.Fatalf("%s vendor rating of %s: %v (%d), the database %v (%d)", step, row.ID,
									d.Vendor.Rating, d.Vendor.ReviewCount, want.AverageRating, want.TotalReviews)
							}
						}
					}
				}
				check("before")
				// A write through this process: the next answers rank the changed pool.
				if _, err := db.Bun().NewUpdate().Table("services").Set("is_featured = NOT is_featured, updated_at = ?", clk.Now().Add(time.Minute)).
					Where("id = ?", mailersID).Exec(ctx); err != nil {
					t.Fatal(err)
				}
				market.Invalidate()
				check("after a write")
				// A review moves the service's and its vendor's ratings.
				five := 5
				if _, err := svc.CreateReview(ctx, agentID, quietID, detail.ReviewEdit{Rating: &five}); err != nil {
					t.Fatal(err)
				}
				check("after a review")
			})
		}
	}
}
