package marketplace_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"circle/internal/broadcast"
	"circle/internal/catalog"
	"circle/internal/demo/demotest"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// engagementCounter counts the trending-lists query.
type engagementCounter struct {
	store.MarketplaceStore
	n atomic.Int64
}

func (c *engagementCounter) Engagement(ctx context.Context, since time.Time) (map[string]marketplace.Engagement, error) {
	c.n.Add(1)
	return c.MarketplaceStore.Engagement(ctx, since)
}

// F-CAT-12 (issue 17 item 4): a review made in this process queries the trending lists once:
// Changed applies it and recomputes them, and its own publication, delivered back by the bus,
// only refreshes the snapshot (before, it applied the change and queried them again).
func TestF_CAT_12_OwnChangeQueriesTrendingOnce(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		counter := &engagementCounter{MarketplaceStore: store.NewMarketplaceStore(db)}
		svc := &marketplace.Service{Store: counter, Now: time.Now}
		snaps := &marketplace.Snapshots{Service: svc, Store: store.NewCatalog(db), Logger: slog.Default()}
		bus := broadcast.NewLocal(slog.Default())
		svc.OnChange = func(ids []string) { bus.PublishIDs(broadcast.Catalog, ids) }
		bus.SubscribeIDs(broadcast.Catalog, snaps.CatalogChanged)
		before, err := snaps.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		queries := counter.n.Load()

		ids, err := svc.SearchIndex().ActiveIDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var userID string
		if err := db.Bun().NewSelect().Table("users").Column("id").Where("id NOT IN (SELECT user_id FROM service_reviews WHERE service_id = ?)", ids[2]).
			Limit(1).Scan(ctx, &userID); err != nil {
			t.Fatal(err)
		}
		if _, err := store.NewReviews(db).CreateReview(ctx, catalog.Review{ServiceID: ids[2], UserID: userID, Rating: 2,
			ReviewSource: catalog.ReviewSourceAgent}); err != nil {
			t.Fatal(err)
		}
		svc.Changed(ctx, ids[2])
		// The snapshot is rebuilt in the background after the change: wait for it (the second
		// query, when there was one, came before the rebuild).
		deadline := time.Now().Add(20 * time.Second)
		for snaps.Current() == before {
			if time.Now().After(deadline) {
				t.Fatal("the snapshot was not rebuilt after the review")
			}
			time.Sleep(10 * time.Millisecond)
		}
		if got := counter.n.Load() - queries; got != 1 {
			t.Fatalf("the review queried the trending lists %d times, want 1", got)
		}
	})
}
