package detail_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/demo/demotest"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// rowReads counts the detail page's reads of a service's rows.
type rowReads struct {
	store.DetailStore
	n atomic.Int64
}

func (r *rowReads) ServiceByID(ctx context.Context, id string) (catalog.Service, error) {
	r.n.Add(1)
	return r.DetailStore.ServiceByID(ctx, id)
}

func (r *rowReads) ServicePackages(ctx context.Context, id string) ([]catalog.Package, error) {
	r.n.Add(1)
	return r.DetailStore.ServicePackages(ctx, id)
}

func (r *rowReads) ServiceReviews(ctx context.Context, id string, limit int) ([]catalog.ReviewView, error) {
	r.n.Add(1)
	return r.DetailStore.ServiceReviews(ctx, id, limit)
}

// F-CAT-08 (issue 17): the detail answer's rows are read once per catalogue version (and
// VisitorCacheTTL); later answers, a visitor's or a signed-in caller's, read none of them, and
// the caller's own review is marked on the caller's answer only.
func TestF_CAT_08_DetailRowsAreCachedPerCatalogueVersion(t *testing.T) {
	demotest.EachOnClock(t, time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC), func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		reads := &rowReads{DetailStore: store.NewDetailStore(db)}
		market := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: clk.Now}
		svc := &detail.Service{Store: reads, Market: market, Now: clk.Now}
		answer := func(c detail.Caller) detail.ServiceDetail {
			t.Helper()
			d, err := svc.ServiceDetail(ctx, tcID, c)
			if err != nil {
				t.Fatal(err)
			}
			return d
		}
		first := answer(detail.Caller{})
		if reads.n.Load() == 0 {
			t.Fatal("the first answer read no rows")
		}
		reads.n.Store(0)
		if again := answer(detail.Caller{}); sameJSONString(again) != sameJSONString(first) || reads.n.Load() != 0 {
			t.Fatalf("second visitor answer: %d row reads, equal %v", reads.n.Load(), sameJSONString(again) == sameJSONString(first))
		}
		// A reviewer of the service sees their review marked; the next visitor does not.
		var reviewer string
		for _, r := range first.Reviews.Reviews {
			if r.UserID != "" {
				reviewer = r.UserID
				break
			}
		}
		if reviewer == "" {
			t.Fatal("the demo service has no reviews to mark")
		}
		own := answer(detail.Caller{UserID: reviewer})
		marked := 0
		for _, r := range own.Reviews.Reviews {
			if r.Own != (r.UserID == reviewer) {
				t.Fatalf("review %s own=%v for %s", r.ID, r.Own, reviewer)
			}
			if r.Own {
				marked++
			}
		}
		if marked == 0 || reads.n.Load() != 0 {
			t.Fatalf("signed-in answer: %d marked, %d row reads", marked, reads.n.Load())
		}
		for _, r := range answer(detail.Caller{}).Reviews.Reviews {
			if r.Own {
				t.Fatal("a visitor's answer has a review marked own")
			}
		}
		// Concurrent answers share the cached rows and the kept suggestions (go test -race).
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := detail.Caller{}
				if g%2 == 1 {
					c.UserID = reviewer
				}
				for range 10 {
					if _, err := svc.ServiceDetail(ctx, tcID, c); err != nil {
						t.Error(err)
					}
					if _, err := svc.ServiceDetail(ctx, mailersID, c); err != nil {
						t.Error(err)
					}
				}
			}()
		}
		wg.Wait()
		// After the TTL, and after a catalogue change, the rows are read again.
		clk.Advance(detail.VisitorCacheTTL)
		answer(detail.Caller{})
		if reads.n.Load() == 0 {
			t.Fatal("rows not read again after the TTL")
		}
		reads.n.Store(0)
		market.Invalidate()
		answer(detail.Caller{})
		if reads.n.Load() == 0 {
			t.Fatal("rows not read again after a catalogue change")
		}
	})
}

func sameJSONString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
